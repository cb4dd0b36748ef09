/// The length of a retention period.
public enum RetentionPeriod: String, Sendable, CaseIterable {
    /// A calendar day in the report's time zone.
    case day
    /// A calendar week starting on Monday in the report's time zone, named by its Monday.
    case week
}
