/// What a funnel step counts (`--count users|conversions`).
public enum FunnelCountingUnit: String, Sendable, CaseIterable {
    /// Distinct users, each at every step up to their level, using the
    /// earliest attempt that reaches that level.
    case users
    /// Attempts: every completion of the funnel plus each user's final,
    /// incomplete attempt (see `FunnelEngine.attempts(for:exclusionTimes:)`).
    case conversions
}
