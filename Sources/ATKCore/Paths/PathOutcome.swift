/// How a conversion's recorded path compares with the rebuilt one (`atk paths verify`).
public enum PathOutcome: Sendable, Hashable {
    /// The recorded path is the rebuilt one, string for string.
    case match
    /// They differ, by the first kind that applies.
    case mismatch(MismatchKind)
    /// No recorded path, or an empty one, while the stack was not empty.
    case missing
    /// The stack was empty (or the conversion cannot be placed), whatever was recorded.
    case unrebuildable

    /// How a recorded path differs from the rebuilt one, in the order the kinds are tried.
    public enum MismatchKind: String, Sendable, CaseIterable {
        /// The same nodes, other entities.
        case entities
        /// The recorded path is a proper prefix of the rebuilt one.
        case prefix
        /// The recorded path is a proper suffix of the rebuilt one (a first node dropped).
        case suffix
        /// Other nodes.
        case nodes
        /// The recorded path is in neither form `funnel --path` reads.
        case unreadable
    }

    /// Compares a conversion's paths: an empty stack first, then a missing path, then whole
    /// `NODE#entity` strings.
    ///
    /// - Complexity: O(path lengths).
    public init(recorded: RecordedPath, rebuilt: [String]?) {
        guard let rebuilt else {
            self = .unrebuildable
            return
        }
        switch recorded {
        case .missing:
            self = .missing
        case .unreadable:
            self = .mismatch(.unreadable)
        case .nodes(let nodes):
            self = Self.compare(nodes, rebuilt)
        }
    }

    private static func compare(_ recorded: [String], _ rebuilt: [String]) -> PathOutcome {
        if recorded == rebuilt { return .match }
        func node(_ element: String) -> Substring { element.prefix { $0 != "#" } }
        if recorded.count == rebuilt.count && zip(recorded, rebuilt).allSatisfy({ node($0) == node($1) }) {
            return .mismatch(.entities)
        }
        if recorded.count < rebuilt.count {
            if rebuilt.starts(with: recorded) { return .mismatch(.prefix) }
            if rebuilt.suffix(recorded.count).elementsEqual(recorded) { return .mismatch(.suffix) }
        }
        return .mismatch(.nodes)
    }
}
