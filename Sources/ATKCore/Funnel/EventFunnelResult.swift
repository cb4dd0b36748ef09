import ATKFunnel

/// The outcome of an event funnel: per-step numbers overall and per breakdown value.
public struct EventFunnelResult {
    /// Per-step numbers of one group of attempts.
    public struct Group {
        /// The breakdown value; nil for the total, for "other" and for a missing value.
        public let value: String?
        /// True for the group summing the values beyond the breakdown limit.
        public let isOther: Bool
        /// Users per step (each user's deepest attempt); rates and times when counting users.
        public let users: FunnelReport
        /// Attempts per step when counting conversions; nil when counting users.
        public let conversions: FunnelReport?

        /// The report in the counted unit: rates and times come from it.
        public var counted: FunnelReport { conversions ?? users }
    }

    /// What was counted.
    public let configuration: EventFunnelConfiguration
    /// Every counted attempt.
    public let total: Group
    /// Per breakdown value, most step-1 counts first, then "other"; empty without a breakdown.
    public let breakdown: [Group]
    /// Events read.
    public let events: Int
    /// Rows matching at least one step.
    public let matchedEvents: Int
    /// Rows matching an exclusion.
    public let exclusionEvents: Int
    /// Events that match a step or exclusion but are no row (not track-type, no integer time, no key).
    public let skippedEvents: Int
    /// Distinct users with a kept row.
    public let userCount: Int
    /// The first malformed lines.
    public let malformedExamples: [MalformedExamples.Example]
}
