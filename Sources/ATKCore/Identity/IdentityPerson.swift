/// One person after stitching: the identities linked into it.
public struct IdentityPerson: Sendable, Equatable {
    /// The person's key: its login id, else the member seen first in input order.
    public var key: String
    /// How many identities the person holds.
    public var identities: Int
    /// How many of them are raw ids (`distinct_id`s of `track` events).
    public var rawIds: Int
    /// The first members, in the order they were first seen.
    public var members: [String]
}
