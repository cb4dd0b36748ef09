/// The action path a conversion recorded, in the `NODE` / `NODE#entity` strings paths are
/// compared by.
public enum RecordedPath: Sendable, Equatable {
    /// No path property, null, or a path of no nodes.
    case missing
    /// A path property in neither form `funnel --path` reads.
    case unreadable
    /// The nodes, bottom of the stack first.
    case nodes([String])
}
