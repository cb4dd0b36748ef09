/// One cohort: the users who did the start event in one period, and how many returned after k.
public struct RetentionCohort: Sendable, Equatable {
    /// The period's number (``RetentionCalendar/period(ofMilliseconds:)``).
    public var period: Int64
    /// Users who did the start event in the period.
    public var size: Int
    /// Per offset k = 0…N: cohort users who did the return event in period + k (at 0: anywhere
    /// in the period, before or after the start event).
    public var retained: [Int]
}
