/// Which users the per-user analyses count.
public enum IdentityMode: String, Sendable, CaseIterable {
    /// Each `distinct_id` is a user.
    case raw
    /// Each person of ``IdentityGraph`` is a user, named by its person key.
    case stitched
}
