import ATKFunnel

/// What an event funnel counts: steps, exclusions, window, mode, unit, key and breakdown.
public struct EventFunnelConfiguration: Sendable {
    /// Steps and exclusions.
    public var steps: FunnelSteps
    /// Maximum time from the step-1 event to the last step, inclusive.
    public var window: FunnelWindow
    /// ClickHouse `windowFunnel` options.
    public var mode: FunnelMode = []
    /// Users (each once, at their deepest attempt) or conversions (every attempt after re-entry).
    public var unit: FunnelCountingUnit = .users
    /// The property whose value identifies a user; nil for `distinct_id`.
    public var userProperty: String?
    /// With stitched identities, the persons whose keys replace the `distinct_id`s (nil: raw);
    /// not used with a ``userProperty``.
    public var persons: IdentityGraph?
    /// The property broken down by (its value on the step-1 event of each counted attempt).
    public var breakdownProperty: String?
    /// How many breakdown values are listed; the others are summed as "other".
    public var breakdownLimit = 10
    /// How many malformed lines are kept as examples.
    public var maxExamples = 10

    /// A funnel over `steps` within `window`, with the defaults for everything else.
    public init(steps: FunnelSteps, window: FunnelWindow) {
        self.steps = steps
        self.window = window
    }
}
