/// A shard record, manifest line or partial that atk cannot read: damaged, truncated or foreign.
public struct DistFormatError: Error, CustomStringConvertible, Equatable {
    /// What was wrong, and where.
    public var description: String

    /// An error explained by `description`.
    public init(_ description: String) { self.description = description }
}
