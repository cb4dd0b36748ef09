import ATKFunnel

/// What `atk retention` counts: the start and return events, the calendar, how many periods.
public struct RetentionConfiguration: Sendable {
    /// The event that puts a user in the cohort of its period (funnel step syntax).
    public var start: StepSpec
    /// The event that retains a user (funnel step syntax).
    public var returning: StepSpec
    /// Days or weeks, in which time zone.
    public var calendar: RetentionCalendar
    /// Offsets 0 to `periods` are counted (`periods + 1` numbers per cohort).
    public var periods: Int

    /// Retention from `start` to `returning` over offsets 0 to `periods` of `calendar`'s periods.
    public init(start: StepSpec, returning: StepSpec, calendar: RetentionCalendar, periods: Int = 7) {
        self.start = start
        self.returning = returning
        self.calendar = calendar
        self.periods = periods
    }
}
