/// One parsed entry of a `$responder_chain`.
///
/// An entry reads `Class|kind|index|Sib0,Sib1,...|section:row`, with trailing
/// empty fields left out. Text fields are `Substring`s that share the
/// storage of the entry they came from, and the sibling list is kept as its
/// raw text: parsing computes the same-class counts in one pass and builds
/// no array.
public struct Responder: Sendable, Hashable {
    /// The class name, as `NSStringFromClass` gives it.
    public let className: Substring
    /// The responder's role.
    public let kind: ResponderKind
    /// The position among the parent's subviews (views) or child controllers
    /// (controllers), or `nil` when the entry gives none.
    public let index: Int?
    /// The number of siblings listed, the responder included; `0` without a list.
    public let siblingCount: Int
    /// The position among siblings of exactly the same class, counted from 0
    /// in sibling order; `nil` when the entry gives no index.
    public let sameClassIndex: Int?
    /// How many listed siblings have exactly the same class, the responder
    /// included; `0` without a list.
    public let sameClassCount: Int
    /// The cell's index path; `nil` for every other kind.
    public let indexPath: CellIndexPath?
    /// The raw comma-separated sibling list.
    private let siblingList: Substring

    /// The class names of the parent's subviews or child controllers, in order.
    ///
    /// This allocates; the rebuild never calls it.
    public var siblings: [Substring] {
        guard siblingCount > 0 else { return [] }
        return Array(FieldScanner(siblingList, separator: UInt8(ascii: ",")))
    }

    /// Parses one chain entry.
    ///
    /// Checks that only a cell has (and must have) an index path, that an
    /// index comes with its sibling list, and that the index addresses a
    /// sibling of the same class. It cannot check the entry against its
    /// neighbours; `ResponderChain` does that.
    ///
    /// - Parameters:
    ///   - entry: The entry text, such as `UICollectionView|view|1|UIImageView,UICollectionView`.
    ///   - entryIndex: The entry's position in its chain, reported in errors.
    /// - Throws: `ChainError` naming `entryIndex` and the first problem found.
    public init(parsing entry: Substring, entryIndex: Int = 0) throws(ChainError) {
        func failure(_ reason: ChainError.Reason) -> ChainError {
            ChainError(entryIndex: entryIndex, reason: reason)
        }

        var fields = FieldScanner(entry, separator: UInt8(ascii: "|"))
        let name = fields.next() ?? entry
        guard !name.isEmpty else { throw failure(.emptyClassName) }
        guard !name.containsSpaceOrControl else { throw failure(.invalidClassName(String(name))) }
        guard let kindField = fields.next() else { throw failure(.missingKind) }
        guard let kind = ResponderKind(field: kindField) else {
            throw failure(.unknownKind(String(kindField)))
        }
        let indexField = fields.next() ?? ""
        let siblingField = fields.next() ?? ""
        let indexPathField = fields.next() ?? ""
        var extraFields = 0
        while fields.next() != nil { extraFields += 1 }
        guard extraFields == 0 else { throw failure(.tooManyFields(count: 5 + extraFields)) }

        if kind.isTail, !(indexField.isEmpty && siblingField.isEmpty && indexPathField.isEmpty) {
            throw failure(.fieldsOnTail(kind))
        }

        className = name
        self.kind = kind
        siblingList = siblingField
        indexPath = try Self.parseIndexPath(indexPathField, kind: kind, entryIndex: entryIndex)

        switch (indexField.isEmpty, siblingField.isEmpty) {
        case (true, true):
            index = nil
            siblingCount = 0
            sameClassIndex = nil
            sameClassCount = 0
        case (false, true):
            throw failure(.indexWithoutSiblings)
        case (true, false):
            throw failure(.siblingsWithoutIndex)
        case (false, false):
            guard let position = indexField.asciiDecimal else {
                throw failure(.invalidIndex(String(indexField)))
            }
            let scan = try Self.scanSiblings(
                siblingField, className: name, index: position, entryIndex: entryIndex)
            index = position
            siblingCount = scan.count
            sameClassIndex = scan.sameClassIndex
            sameClassCount = scan.sameClassCount
        }
    }
}

extension Responder {
    /// What one pass over a sibling list found.
    private struct SiblingScan {
        var count = 0
        var sameClassIndex = 0
        var sameClassCount = 0
    }

    /// Parses the `section:row` field, which only a cell has and a cell needs.
    private static func parseIndexPath(
        _ field: Substring, kind: ResponderKind, entryIndex: Int
    ) throws(ChainError) -> CellIndexPath? {
        guard kind == .cell else {
            guard field.isEmpty else {
                throw ChainError(entryIndex: entryIndex, reason: .indexPathOnNonCell(kind))
            }
            return nil
        }
        guard !field.isEmpty else {
            throw ChainError(entryIndex: entryIndex, reason: .missingIndexPath)
        }
        var parts = FieldScanner(field, separator: UInt8(ascii: ":"))
        guard let section = parts.next()?.asciiDecimal,
            let row = parts.next()?.asciiDecimal,
            parts.next() == nil
        else {
            throw ChainError(entryIndex: entryIndex, reason: .invalidIndexPath(String(field)))
        }
        return CellIndexPath(section: section, row: row)
    }

    /// Walks the sibling list once: counts it, finds the same-class position,
    /// and checks that `index` names a sibling of class `className`.
    private static func scanSiblings(
        _ list: Substring, className: Substring, index: Int, entryIndex: Int
    ) throws(ChainError) -> SiblingScan {
        var scan = SiblingScan()
        var atIndex: Substring?
        for sibling in FieldScanner(list, separator: UInt8(ascii: ",")) {
            guard !sibling.isEmpty else {
                throw ChainError(entryIndex: entryIndex, reason: .emptySiblingName(position: scan.count))
            }
            if sibling.hasSameBytes(as: className) {
                if scan.count < index { scan.sameClassIndex += 1 }
                scan.sameClassCount += 1
            }
            if scan.count == index { atIndex = sibling }
            scan.count += 1
        }
        guard let atIndex else {
            throw ChainError(
                entryIndex: entryIndex, reason: .indexOutOfRange(index: index, siblingCount: scan.count))
        }
        guard atIndex.hasSameBytes(as: className) else {
            throw ChainError(
                entryIndex: entryIndex,
                reason: .siblingClassMismatch(expected: String(className), found: String(atIndex)))
        }
        return scan
    }
}
