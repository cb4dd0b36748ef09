/// How sessions are cut and broken down.
public struct SessionConfiguration: Sendable, Equatable {
    /// A gap longer than this (ms) between two events of a user starts a new session; a gap of
    /// exactly this long does not.
    public var gapMilliseconds: Int64
    /// The property whose text (on a session's first event) breaks the sessions down, or nil.
    public var breakdown: String?

    /// Sessions cut at `gapMilliseconds` (30 minutes by default), broken down by `breakdown`.
    public init(gapMilliseconds: Int64 = 30 * 60 * 1000, breakdown: String? = nil) {
        self.gapMilliseconds = gapMilliseconds
        self.breakdown = breakdown
    }
}
