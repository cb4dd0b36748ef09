/// Accumulates attempts into per-step counts, conversion rates and
/// time-from-previous-step quantiles.
public struct FunnelAggregator: Sendable {
    /// Number of funnel steps.
    public let stepCount: Int
    /// What `add(events:exclusionTimes:engine:)` counts.
    public let unit: FunnelCountingUnit
    private var counts: [Int]
    /// gaps[k] holds time(step k + 1) − time(step k) for every counted attempt
    /// that reached step k + 1; gaps[0] stays empty.
    private var gaps: [[Int64]]
    private var excludedCount = 0

    /// Creates an empty aggregator.
    public init(stepCount: Int, unit: FunnelCountingUnit = .users) {
        self.stepCount = stepCount
        self.unit = unit
        counts = Array(repeating: 0, count: stepCount)
        gaps = Array(repeating: [], count: stepCount)
    }

    /// Evaluates one user with `engine` and adds the result: the user's
    /// chosen attempt for `.users`, all attempts for `.conversions`.
    ///
    /// Complexity: that of the engine call.
    public mutating func add(events: [FunnelEvent], exclusionTimes: [Int64] = [], engine: FunnelEngine) {
        for attempt in engine.attempts(for: events, exclusionTimes: exclusionTimes, counting: unit) {
            add(attempt)
        }
    }

    /// Adds one attempt: counted at steps 1…level unless excluded.
    ///
    /// Complexity: O(level).
    public mutating func add(_ attempt: FunnelAttempt) {
        guard attempt.level > 0 else { return }
        if attempt.isExcluded {
            excludedCount += 1
            return
        }
        let level = min(attempt.level, stepCount, attempt.stepTimes.count)
        for step in 0..<level {
            counts[step] += 1
            if step > 0 {
                // An engine's attempt lies within its window, but an attempt built by hand may
                // hold any times: a gap past 64 bits is clamped, not a trap.
                let (later, earlier) = (attempt.stepTimes[step], attempt.stepTimes[step - 1])
                let (gap, overflow) = later.subtractingReportingOverflow(earlier)
                gaps[step].append(overflow ? (later < earlier ? .min : .max) : gap)
            }
        }
    }

    /// Adds everything `other` (of the same steps and unit) added: the aggregate of the attempts
    /// of both, whatever the order they were added in.
    ///
    /// Complexity: O(gaps recorded by `other`).
    public mutating func merge(_ other: FunnelAggregator) {
        precondition(other.stepCount == stepCount && other.unit == unit, "merging aggregators of other funnels")
        for step in 0..<stepCount {
            counts[step] += other.counts[step]
            gaps[step].append(contentsOf: other.gaps[step])
        }
        excludedCount += other.excludedCount
    }

    /// The report for everything added so far.
    ///
    /// Complexity: O(g log g) for g recorded gaps.
    public func report() -> FunnelReport {
        var steps: [FunnelStepStats] = []
        steps.reserveCapacity(stepCount)
        for step in 0..<stepCount {
            let sorted = gaps[step].sorted()
            let count = counts[step]
            steps.append(
                FunnelStepStats(
                    step: step + 1,
                    count: count,
                    conversionFromPrevious: step == 0 ? nil : ratio(count, counts[step - 1]),
                    conversionFromFirst: ratio(count, counts[0]),
                    medianFromPrevious: step == 0 ? nil : Quantile.value(0.5, ofSorted: sorted),
                    p90FromPrevious: step == 0 ? nil : Quantile.value(0.9, ofSorted: sorted)))
        }
        return FunnelReport(steps: steps, excludedCount: excludedCount)
    }

    private func ratio(_ numerator: Int, _ denominator: Int) -> Double? {
        denominator == 0 ? nil : Double(numerator) / Double(denominator)
    }
}
