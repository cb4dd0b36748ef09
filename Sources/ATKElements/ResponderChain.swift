/// A validated `$responder_chain`: the touched responder first, the app last.
///
/// The chain must start with a view or cell. Views, cells and view
/// controllers may then mix in any order (a child controller's chain runs
/// through its container's views), followed by at most one window, one
/// application and one delegate, in that order. Each view or cell whose next
/// responder is a view or cell must give its index and siblings, because its
/// path segment needs them.
public struct ResponderChain: Sendable, Hashable {
    /// The parsed entries, touched responder first.
    public let responders: [Responder]

    /// Parses and validates a chain.
    ///
    /// - Parameter entries: The strings of `properties.$responder_chain`, in
    ///   order. `String` and `Substring` entries are parsed in place.
    /// - Throws: `ChainError` for the first bad entry, or with a `nil` entry
    ///   index for an empty chain.
    /// - Note: specialised for `[String]`, what atk's resolver passes; unspecialised, each
    ///   `Substring` step goes through witness tables.
    @_specialize(exported:true,where Entries == [String])
    public init<Entries: Sequence>(parsing entries: Entries) throws(ChainError)
    where Entries.Element: StringProtocol, Entries.Element.SubSequence == Substring {
        var parsed: [Responder] = []
        parsed.reserveCapacity(entries.underestimatedCount)
        // What the order check needs of the previous responder (copying it out of the array
        // was two reference counts and their release per entry).
        var previous: (kind: ResponderKind, hasIndex: Bool)?
        for (position, entry) in entries.enumerated() {
            let responder = try Responder(parsing: entry[...], entryIndex: position)
            if let previous {
                try Self.checkOrder(of: responder.kind, after: previous, at: position)
            } else if !responder.kind.isView {
                throw ChainError(entryIndex: 0, reason: .touchedResponderNotView(responder.kind))
            }
            previous = (responder.kind, responder.index != nil)
            parsed.append(responder)
        }
        guard !parsed.isEmpty else { throw ChainError(entryIndex: nil, reason: .emptyChain) }
        responders = parsed
    }

    /// Checks that a responder of `kind` may follow `previous`, and that `previous` has the
    /// index its segment needs when the responder is its parent view.
    private static func checkOrder(
        of kind: ResponderKind, after previous: (kind: ResponderKind, hasIndex: Bool), at position: Int
    ) throws(ChainError) {
        if kind.isView, previous.kind.isView, !previous.hasIndex {
            throw ChainError(entryIndex: position - 1, reason: .missingIndex)
        }
        let rank = tailRank(kind)
        let previousRank = tailRank(previous.kind)
        if rank < previousRank || (rank == previousRank && rank > 0) {
            throw ChainError(entryIndex: position, reason: .misplacedResponder(kind, after: previous.kind))
        }
    }

    /// Orders the kinds: views, cells and controllers (0), then window,
    /// application and delegate.
    private static func tailRank(_ kind: ResponderKind) -> Int {
        switch kind {
        case .view, .cell, .viewController: 0
        case .window: 1
        case .application: 2
        case .applicationDelegate: 3
        }
    }
}
