/// The aggregated result of a funnel.
public struct FunnelReport: Hashable, Sendable {
    /// One entry per step, in step order.
    public let steps: [FunnelStepStats]
    /// Users (or attempts) dropped by an exclusion.
    public let excludedCount: Int

    /// Creates a report.
    public init(steps: [FunnelStepStats], excludedCount: Int) {
        self.steps = steps
        self.excludedCount = excludedCount
    }
}
