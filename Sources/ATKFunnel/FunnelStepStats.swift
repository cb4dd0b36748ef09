/// Aggregated numbers for one funnel step.
public struct FunnelStepStats: Hashable, Sendable {
    /// 1-based step number.
    public let step: Int
    /// Users (or attempts) that reached this step.
    public let count: Int
    /// `count / previous step's count`; `nil` for step 1 or a zero denominator.
    public let conversionFromPrevious: Double?
    /// `count / step 1's count`; `nil` when step 1's count is zero.
    public let conversionFromFirst: Double?
    /// Median time from the previous step (time units of the input);
    /// `nil` for step 1 or when no one reached the step.
    public let medianFromPrevious: Double?
    /// 90th percentile of the time from the previous step, like the median.
    public let p90FromPrevious: Double?

    /// Creates step statistics.
    public init(
        step: Int, count: Int, conversionFromPrevious: Double?, conversionFromFirst: Double?,
        medianFromPrevious: Double?, p90FromPrevious: Double?
    ) {
        self.step = step
        self.count = count
        self.conversionFromPrevious = conversionFromPrevious
        self.conversionFromFirst = conversionFromFirst
        self.medianFromPrevious = medianFromPrevious
        self.p90FromPrevious = p90FromPrevious
    }
}
