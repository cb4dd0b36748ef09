/// Link lines by kind, as read (every line counts, whether or not it links two identities).
public struct IdentityLinkCounts: Sendable, Equatable {
    /// `track_signup` lines (`$SignUp`: `distinct_id` with `original_id`).
    public var signup = 0
    /// `track_id_bind` lines (`$BindID`).
    public var bind = 0
    /// `track` lines with an `identities` object holding at least one string.
    public var identities = 0
    /// `track_id_unbind` lines (`$UnbindID`): counted, never applied.
    public var unbind = 0

    /// No lines yet.
    public init() {}

    /// Adds `other`'s counts.
    public mutating func add(_ other: IdentityLinkCounts) {
        signup += other.signup
        bind += other.bind
        identities += other.identities
        unbind += other.unbind
    }
}
