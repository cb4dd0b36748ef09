/// A malformed `$responder_chain`, with the entry at fault and the reason.
public struct ChainError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why a chain or one of its entries was rejected.
    public enum Reason: Sendable, Hashable {
        /// The chain has no entries.
        case emptyChain
        /// The entry has no `|` and so no kind field.
        case missingKind
        /// The class name field is empty.
        case emptyClassName
        /// The class name contains whitespace or control characters.
        case invalidClassName(String)
        /// The kind field is not one of `view`, `cell`, `vc`, `window`, `app`, `delegate`.
        case unknownKind(String)
        /// The entry has more than the five defined fields.
        case tooManyFields(count: Int)
        /// The index field is not a non-negative decimal integer.
        case invalidIndex(String)
        /// The entry has an index but no sibling list.
        case indexWithoutSiblings
        /// The entry has a sibling list but no index.
        case siblingsWithoutIndex
        /// A name in the sibling list is empty, as in `A,,B`.
        case emptySiblingName(position: Int)
        /// The index does not address a sibling.
        case indexOutOfRange(index: Int, siblingCount: Int)
        /// The sibling at the index has a different class from the entry.
        case siblingClassMismatch(expected: String, found: String)
        /// The `section:row` field is not two non-negative integers around one colon.
        case invalidIndexPath(String)
        /// A responder other than a cell carries a `section:row` field.
        case indexPathOnNonCell(ResponderKind)
        /// A cell has no `section:row` field.
        case missingIndexPath
        /// A window, application or delegate entry carries index fields.
        case fieldsOnTail(ResponderKind)
        /// The first (touched) responder is not a view or a cell.
        case touchedResponderNotView(ResponderKind)
        /// A view or cell whose parent is a view or cell has no index.
        case missingIndex
        /// The responder cannot follow the one before it in a chain.
        case misplacedResponder(ResponderKind, after: ResponderKind)
    }

    /// The zero-based position of the bad entry, or `nil` for the whole chain.
    public let entryIndex: Int?
    /// What is wrong with the entry or the chain.
    public let reason: Reason

    /// Creates an error for the entry at `entryIndex`.
    public init(entryIndex: Int?, reason: Reason) {
        self.entryIndex = entryIndex
        self.reason = reason
    }

    /// A one-line, lower-case message naming the entry and the reason.
    public var description: String {
        guard let entryIndex else { return "responder chain: \(reasonText)" }
        return "responder chain entry \(entryIndex): \(reasonText)"
    }

    private var reasonText: String {
        switch reason {
        case .emptyChain:
            "the chain is empty"
        case .missingKind:
            "missing the kind field"
        case .emptyClassName:
            "the class name is empty"
        case .invalidClassName(let name):
            "class name '\(name)' contains whitespace or control characters"
        case .unknownKind(let kind):
            "unknown kind '\(kind)' (expected view, cell, vc, window, app or delegate)"
        case .tooManyFields(let count):
            "\(count) fields, at most 5 are allowed"
        case .invalidIndex(let text):
            "index '\(text)' is not a non-negative integer"
        case .indexWithoutSiblings:
            "an index is given without the sibling list"
        case .siblingsWithoutIndex:
            "a sibling list is given without the index"
        case .emptySiblingName(let position):
            "sibling \(position) has an empty class name"
        case .indexOutOfRange(let index, let siblingCount):
            "index \(index) is outside the \(siblingCount) siblings"
        case .siblingClassMismatch(let expected, let found):
            "the sibling at the index is '\(found)', not '\(expected)'"
        case .invalidIndexPath(let text):
            "index path '\(text)' is not section:row"
        case .indexPathOnNonCell(let kind):
            "a \(kind.rawValue) cannot have an index path, only a cell can"
        case .missingIndexPath:
            "a cell needs its section:row index path"
        case .fieldsOnTail(let kind):
            "a \(kind.rawValue) takes no index, siblings or index path"
        case .touchedResponderNotView(let kind):
            "the touched responder must be a view or cell, not a \(kind.rawValue)"
        case .missingIndex:
            "a view inside another view needs its index and siblings"
        case .misplacedResponder(let kind, let previous):
            "a \(kind.rawValue) cannot follow a \(previous.rawValue)"
        }
    }
}
