import ATKFunnel
import Testing

@Suite struct FunnelAggregatorTests {}

extension FunnelAggregatorTests {
    @Test func countsConversionRatesAndQuantiles() {
        var aggregator = FunnelAggregator(stepCount: 3)
        // Step-2 gaps 10, 20, 30, 40, 100; step-3 gaps 5, 15.
        aggregator.add(FunnelAttempt(level: 3, stepTimes: [0, 10, 15]))
        aggregator.add(FunnelAttempt(level: 3, stepTimes: [100, 120, 135]))
        aggregator.add(FunnelAttempt(level: 2, stepTimes: [0, 30]))
        aggregator.add(FunnelAttempt(level: 2, stepTimes: [0, 40]))
        aggregator.add(FunnelAttempt(level: 2, stepTimes: [0, 100]))
        aggregator.add(FunnelAttempt(level: 1, stepTimes: [7]))
        aggregator.add(FunnelAttempt(level: 1, stepTimes: [8]))
        aggregator.add(FunnelAttempt(level: 1, stepTimes: [9]))
        aggregator.add(.none)
        let report = aggregator.report()
        #expect(report.steps.map(\.count) == [8, 5, 2])
        #expect(report.steps.map(\.conversionFromPrevious) == [nil, 5.0 / 8.0, 2.0 / 5.0])
        #expect(report.steps.map(\.conversionFromFirst) == [1, 5.0 / 8.0, 2.0 / 8.0])
        // Linear interpolation: h = (n − 1)·q.
        #expect(report.steps.map(\.medianFromPrevious) == [nil, 30, 10])
        #expect(report.steps.map(\.p90FromPrevious) == [nil, 76, 14])
        #expect(report.excludedCount == 0)
    }

    /// Attempts split between aggregators, reported together: the report of one that added them
    /// all, whether the parts' gaps were sorted first or not.
    @Test func partsReportAsOne() {
        let attempts = [
            FunnelAttempt(level: 3, stepTimes: [0, 10, 15]), FunnelAttempt(level: 3, stepTimes: [100, 120, 135]),
            FunnelAttempt(level: 2, stepTimes: [0, 30]), FunnelAttempt(level: 2, stepTimes: [0, 40]),
            FunnelAttempt(level: 1, stepTimes: [7]), FunnelAttempt(level: 2, stepTimes: [0, 100]),
            FunnelAttempt(level: 3, stepTimes: [0, 1, 2], isExcluded: true), .none,
            FunnelAttempt(level: 3, stepTimes: [5, 35, 40]), FunnelAttempt(level: 2, stepTimes: [9, 9]),
        ]
        var whole = FunnelAggregator(stepCount: 3)
        for attempt in attempts { whole.add(attempt) }
        for cut in attempts.indices {
            for other in cut..<attempts.count {
                var parts = [FunnelAggregator](repeating: FunnelAggregator(stepCount: 3), count: 3)
                for (index, attempt) in attempts.enumerated() {
                    parts[index < cut ? 0 : index < other ? 1 : 2].add(attempt)
                }
                #expect(FunnelAggregator.report(of: parts) == whole.report(), "cuts at \(cut), \(other)")
                for index in parts.indices { parts[index].sortGaps() }
                #expect(FunnelAggregator.report(of: parts) == whole.report(), "sorted, cuts at \(cut), \(other)")
            }
        }
        #expect(whole.report().excludedCount == 1)
    }

    /// Quantiles across sorted runs are those of the runs joined and sorted: random runs, ties,
    /// empty runs, and values at both ends of Int64.
    @Test func quantilesAcrossSortedRuns() {
        var state: UInt64 = 0x1234_5678
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        for trial in 0..<300 {
            let runCount = Int(next() % 4) + 1
            var runs: [[Int64]] = []
            for _ in 0..<runCount {
                let count = Int(next() % 9)
                runs.append(
                    (0..<count).map { _ -> Int64 in
                        switch next() % 8 {
                        case 0: .min
                        case 1: .max
                        default: Int64(next() % 20) - 5
                        }
                    }.sorted())
            }
            let joined = runs.joined().sorted()
            for q in [0, 0.1, 0.5, 0.9, 1] {
                let expected = Quantile.value(q, ofSorted: joined)
                #expect(Quantile.value(q, ofSortedRuns: runs) == expected, "trial \(trial), q \(q), \(runs)")
            }
        }
    }

    @Test func medianOfEvenSampleIsTheMidpoint() {
        var aggregator = FunnelAggregator(stepCount: 2)
        for gap: Int64 in [40, 10, 30, 20] {
            aggregator.add(FunnelAttempt(level: 2, stepTimes: [1_000, 1_000 + gap]))
        }
        let step = aggregator.report().steps[1]
        #expect(step.medianFromPrevious == 25)
        #expect(step.p90FromPrevious == 37)
    }

    /// Attempts made by hand may hold any times; gaps past 64 bits are clamped.
    @Test func gapsBeyondSixtyFourBitsAreClamped() {
        var aggregator = FunnelAggregator(stepCount: 3)
        aggregator.add(FunnelAttempt(level: 3, stepTimes: [.min, .max, .min]))
        let steps = aggregator.report().steps
        #expect(steps[1].medianFromPrevious == Double(Int64.max))
        #expect(steps[2].medianFromPrevious == Double(Int64.min))
    }

    @Test func emptyFunnelHasNoRates() {
        let report = FunnelAggregator(stepCount: 2).report()
        #expect(report.steps.map(\.count) == [0, 0])
        #expect(report.steps.map(\.conversionFromFirst) == [nil, nil])
        #expect(report.steps.map(\.medianFromPrevious) == [nil, nil])
    }

    @Test func excludedUsersAreDropped() throws {
        let engine = try FunnelEngine(stepCount: 2, window: 10)
        var aggregator = FunnelAggregator(stepCount: 2)
        aggregator.add(events: [event(0, 1), event(4, 2)], exclusionTimes: [2], engine: engine)
        aggregator.add(events: [event(0, 1), event(4, 2)], exclusionTimes: [5], engine: engine)
        aggregator.add(events: [event(0, 1)], exclusionTimes: [], engine: engine)
        let report = aggregator.report()
        #expect(report.steps.map(\.count) == [2, 1])
        #expect(report.excludedCount == 1)
        #expect(report.steps[1].medianFromPrevious == 4)
    }

    @Test func usersVersusConversions() throws {
        let engine = try FunnelEngine(stepCount: 2, window: 10)
        let events = [event(0, 1), event(3, 2), event(20, 1), event(21, 2), event(40, 1)]
        var users = FunnelAggregator(stepCount: 2, unit: .users)
        var conversions = FunnelAggregator(stepCount: 2, unit: .conversions)
        users.add(events: events, engine: engine)
        conversions.add(events: events, engine: engine)
        #expect(users.report().steps.map(\.count) == [1, 1])
        #expect(users.report().steps[1].medianFromPrevious == 3)
        #expect(conversions.report().steps.map(\.count) == [3, 2])
        #expect(conversions.report().steps[1].medianFromPrevious == 2)
    }
}
