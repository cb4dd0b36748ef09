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

    /// Puts the recorded gaps in ascending order ahead of ``report(of:)``, which then only checks
    /// them: parts sorted on threads of their own leave the report nothing to sort.
    ///
    /// Complexity: O(g log g) for g recorded gaps.
    public mutating func sortGaps() {
        for step in gaps.indices { gaps[step].sort() }
    }

    /// The report for everything added so far.
    ///
    /// Complexity: O(g log g) for g recorded gaps.
    public func report() -> FunnelReport { Self.report(of: [self]) }

    /// The report one aggregator that added every part's attempts would give: counts add, and
    /// each quantile is found across the parts' gaps in order (``Quantile/value(_:ofSortedRuns:)``),
    /// so no part's gaps are copied into another's.
    ///
    /// - Precondition: `parts` is not empty; its aggregators have the same steps and unit.
    /// - Complexity: O(g) to check each part's gaps are in order (O(g log g) to sort a part that
    ///   is not), then O(parts × log g) per quantile.
    public static func report(of parts: [FunnelAggregator]) -> FunnelReport {
        guard let first = parts.first else { preconditionFailure("a report of no aggregator") }
        precondition(
            parts.allSatisfy { $0.stepCount == first.stepCount && $0.unit == first.unit },
            "a report of aggregators of other funnels")
        let counts = (0..<first.stepCount).map { step in parts.reduce(0) { $0 + $1.counts[step] } }
        var steps: [FunnelStepStats] = []
        steps.reserveCapacity(first.stepCount)
        for step in 0..<first.stepCount {
            let runs = parts.map { part in
                let gaps = part.gaps[step]
                return zip(gaps, gaps.dropFirst()).allSatisfy { $0 <= $1 } ? gaps : gaps.sorted()
            }
            let count = counts[step]
            steps.append(
                FunnelStepStats(
                    step: step + 1,
                    count: count,
                    conversionFromPrevious: step == 0 ? nil : ratio(count, counts[step - 1]),
                    conversionFromFirst: ratio(count, counts[0]),
                    medianFromPrevious: step == 0 ? nil : Quantile.value(0.5, ofSortedRuns: runs),
                    p90FromPrevious: step == 0 ? nil : Quantile.value(0.9, ofSortedRuns: runs)))
        }
        return FunnelReport(steps: steps, excludedCount: parts.reduce(0) { $0 + $1.excludedCount })
    }

    private static func ratio(_ numerator: Int, _ denominator: Int) -> Double? {
        denominator == 0 ? nil : Double(numerator) / Double(denominator)
    }
}
