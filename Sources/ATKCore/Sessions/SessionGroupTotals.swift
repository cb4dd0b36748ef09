import ATKFunnel

/// Sessions of a group (all of them, or one breakdown value): counts and durations.
public struct SessionGroupTotals: Sendable, Equatable {
    /// Sessions.
    public internal(set) var sessions = 0
    /// Users with at least one of these sessions.
    public internal(set) var users = 0
    /// Sessions with at most one page view.
    public internal(set) var bounces = 0
    /// `$AppViewScreen` events in these sessions.
    public internal(set) var pageViews = 0
    /// The sum of the session durations (last event time − first), in ms.
    public internal(set) var totalDurationMs: Int64 = 0
    /// Every session's duration, in no particular order.
    var durations: [Int64] = []

    /// No sessions yet.
    public init() {}

    /// Counts one session.
    mutating func addSession(duration: Int64, pageViews: Int) {
        sessions += 1
        if pageViews <= 1 { bounces += 1 }
        self.pageViews += pageViews
        totalDurationMs = totalDurationMs.addingClamped(duration)
        durations.append(duration)
    }

    /// Adds `other`'s sessions (of other users).
    mutating func add(_ other: SessionGroupTotals) {
        sessions += other.sessions
        users += other.users
        bounces += other.bounces
        pageViews += other.pageViews
        totalDurationMs = totalDurationMs.addingClamped(other.totalDurationMs)
        durations += other.durations
    }

    /// The median session duration in ms (``Quantile``: R-7, linear between closest ranks).
    public var medianDurationMs: Double? { Quantile.value(0.5, ofSorted: durations.sorted()) }
    /// The 90th percentile of the session duration in ms.
    public var p90DurationMs: Double? { Quantile.value(0.9, ofSorted: durations.sorted()) }
}
