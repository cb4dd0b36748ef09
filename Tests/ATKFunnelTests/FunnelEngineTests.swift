import ATKFunnel
import Testing

/// Hand-worked engine cases for every mode.
///
/// Steps are A = 1, B = 2, C = 3; `X` is an event that matches no step. The
/// window is 10 unless stated.
@Suite struct FunnelEngineTests {}

extension FunnelEngineTests {
    private func engine(_ mode: FunnelMode = [], steps: Int = 3, window: Int64 = 10) throws -> FunnelEngine {
        try FunnelEngine(stepCount: steps, window: window, mode: mode)
    }

    // MARK: Configuration

    @Test func rejectsBadConfiguration() {
        #expect(throws: FunnelConfigurationError.stepCountOutOfRange(0)) {
            try FunnelEngine(stepCount: 0, window: 1)
        }
        #expect(throws: FunnelConfigurationError.stepCountOutOfRange(33)) {
            try FunnelEngine(stepCount: 33, window: 1)
        }
        #expect(throws: FunnelConfigurationError.negativeWindow(-1)) {
            try FunnelEngine(stepCount: 2, window: -1)
        }
    }

    @Test func modeNames() {
        #expect(FunnelMode(name: "default") == [])
        #expect(FunnelMode(name: "strict-order") == .strictOrder)
        #expect(FunnelMode(name: "strict-dedup") == .strictDeduplication)
        #expect(FunnelMode(name: "strict_increase") == .strictIncrease)
        #expect(FunnelMode(name: "strict-order+strict-increase") == [.strictOrder, .strictIncrease])
        #expect(FunnelMode(name: "strict") == nil)
    }

    @Test func modeNameReadsBack() {
        #expect(FunnelMode().name == "default")
        #expect(FunnelMode.strictDeduplication.name == "strict-dedup")
        #expect(FunnelMode([.strictIncrease, .strictOrder]).name == "strict-order+strict-increase")
        #expect(
            FunnelMode([.strictIncrease, .strictOrder, .strictDeduplication]).name
                == "strict-order+strict-dedup+strict-increase")
        for bits in UInt8(0)..<8 {
            let mode = FunnelMode(rawValue: bits)
            #expect(FunnelMode(name: mode.name) == mode)
        }
    }

    // MARK: Default mode

    @Test func attemptsCountedPerUnit() throws {
        let funnel = try engine()
        let events = [event(0, 1), event(2, 2), event(4, 3), event(20, 1), event(22, 2)]
        let users = funnel.attempts(for: events, counting: .users)
        #expect(users.map(\.level) == [3])
        #expect(users.first?.stepTimes == [0, 2, 4])
        let conversions = funnel.attempts(for: events, counting: .conversions)
        #expect(conversions.map(\.level) == [3, 2])
        #expect(conversions.last?.stepTimes == [20, 22])
    }

    @Test func tiesChainInStepOrder() throws {
        let attempt = try engine().attempt(for: [event(5, 3), event(5, 2), event(5, 1)])
        #expect(attempt.level == 3)
        #expect(attempt.stepTimes == [5, 5, 5])
    }

    @Test func windowEndIsInclusive() throws {
        let funnel = try engine()
        #expect(funnel.attempt(for: [event(0, 1), event(4, 2), event(10, 3)]).level == 3)
        #expect(funnel.attempt(for: [event(0, 1), event(4, 2), event(11, 3)]).level == 2)
        #expect(try engine(window: 0).attempt(for: [event(7, 1), event(7, 2), event(7, 3)]).level == 3)
    }

    @Test func unsortedInputIsSorted() throws {
        let attempt = try engine().attempt(for: [event(10, 3), event(0, 1), event(4, 2)])
        #expect(attempt.level == 3)
        #expect(attempt.stepTimes == [0, 4, 10])
    }

    @Test func laterStepOneStartsANewAttempt() throws {
        let funnel = try engine()
        // A0's window ends at 10, so C15 only fits the attempt started by A8.
        let restarted = funnel.attempt(for: [event(0, 1), event(8, 1), event(9, 2), event(15, 3)])
        #expect(restarted.level == 3)
        #expect(restarted.stepTimes == [8, 9, 15])
        // A8 has no B after it; the best attempt stays A0 → B1.
        let stuck = funnel.attempt(for: [event(0, 1), event(1, 2), event(8, 1), event(15, 3)])
        #expect(stuck.level == 2)
        #expect(stuck.stepTimes == [0, 1])
    }

    @Test func olderAttemptKeepsProgressingAfterARestart() throws {
        // A5 restarts step 1, but the chain A0 → B1 can still take C9.
        let attempt = try engine().attempt(for: [event(0, 1), event(1, 2), event(5, 1), event(9, 3)])
        #expect(attempt.level == 3)
        #expect(attempt.stepTimes == [0, 1, 9])
    }

    @Test func repeatedStepsUseEarliestTimes() throws {
        let attempt = try engine().attempt(for: [event(0, 1), event(1, 2), event(2, 2), event(3, 3), event(4, 3)])
        #expect(attempt.level == 3)
        #expect(attempt.stepTimes == [0, 1, 3])
    }

    @Test func earliestAttemptReachingTheLevelIsReported() throws {
        let attempt = try engine().attempt(for: [event(0, 1), event(3, 2), event(20, 1), event(21, 2)])
        #expect(attempt.level == 2)
        #expect(attempt.stepTimes == [0, 3])
    }

    @Test func oneEventMatchingTwoStepsAdvancesTwoLevels() throws {
        let attempt = try engine().attempt(for: [event(0, 1), event(1, 2, 3)])
        #expect(attempt.level == 3)
        #expect(attempt.stepTimes == [0, 1, 1])
    }

    @Test func usersWithOneStep() throws {
        let funnel = try engine()
        #expect(funnel.attempt(for: [event(3, 1)]) == FunnelAttempt(level: 1, stepTimes: [3]))
        #expect(funnel.attempt(for: [event(3, 2), event(4, 3)]) == .none)
        #expect(funnel.attempt(for: []) == .none)
        #expect(try engine(steps: 1).attempt(for: [event(9, 1), event(3, 1)]).stepTimes == [3])
    }

    @Test func unmatchedEventsAndHighBitsAreIgnored() throws {
        let events = [event(0, 1), event(1), event(2, 2), FunnelEvent(time: 3, mask: 1 << 3)]
        #expect(try engine().level(of: events) == 2)
    }

    @Test func thirtyTwoSteps() throws {
        let funnel = try engine(steps: 32, window: 100)
        let events = (0..<32).map { FunnelEvent(time: Int64($0), mask: 1 << UInt32($0)) }
        #expect(funnel.level(of: events.reversed()) == 32)
        #expect(funnel.attempt(for: events).stepTimes == (0..<32).map(Int64.init))
    }

    @Test func extremeTimesDoNotOverflow() throws {
        let funnel = try engine(steps: 2, window: 5)
        #expect(funnel.level(of: [event(.min, 1), event(.max, 2)]) == 1)
        #expect(funnel.level(of: [event(.max - 5, 1), event(.max, 2)]) == 2)
    }

    // MARK: strict-order

    @Test func strictOrderStopsAtAnUnmatchedEvent() throws {
        let funnel = try engine(.strictOrder)
        #expect(funnel.level(of: [event(1, 1), event(2, 2), event(3), event(4, 3)]) == 2)
        #expect(try engine().level(of: [event(1, 1), event(2, 2), event(3), event(4, 3)]) == 3)
    }

    @Test func strictOrderIgnoresUnmatchedEventsBeforeStepOne() throws {
        let funnel = try engine(.strictOrder)
        #expect(funnel.level(of: [event(0), event(1, 1), event(2, 2), event(4, 3)]) == 3)
    }

    @Test func strictOrderStopsAtASkippedStep() throws {
        let funnel = try engine(.strictOrder)
        #expect(funnel.level(of: [event(1, 1), event(2, 3), event(3, 2)]) == 1)
        // The scan stops at C2, so the later complete attempt is never examined.
        let attempt = funnel.attempt(for: [event(1, 1), event(2, 3), event(3, 1), event(4, 2), event(5, 3)])
        #expect(attempt.level == 1)
        #expect(attempt.stepTimes == [1])
        #expect(try engine().level(of: [event(1, 1), event(2, 3), event(3, 1), event(4, 2), event(5, 3)]) == 3)
    }

    @Test func strictOrderTiesPutUnmatchedEventsFirst() throws {
        let funnel = try engine(.strictOrder)
        // X2 sorts before B2, so it interrupts right after A1.
        #expect(funnel.level(of: [event(1, 1), event(2, 2), event(2), event(3, 3)]) == 1)
        // X1 sorts before A1, so it is ignored.
        #expect(funnel.level(of: [event(1), event(1, 1), event(2, 2), event(3, 3)]) == 3)
    }

    @Test func strictOrderAllowsRepeatsOfReachedSteps() throws {
        let funnel = try engine(.strictOrder)
        #expect(funnel.level(of: [event(1, 1), event(2, 2), event(3, 1), event(4, 3)]) == 3)
        #expect(funnel.level(of: [event(1, 1), event(2, 2), event(3, 2), event(4, 3)]) == 3)
    }

    @Test func strictOrderWithOneStep() throws {
        let funnel = try engine(.strictOrder, steps: 1)
        #expect(funnel.level(of: [event(1), event(2)]) == 0)
        #expect(funnel.level(of: [event(1), event(2, 1), event(3)]) == 1)
    }

    // MARK: strict-dedup

    @Test func strictDedupStopsAtARepeatedStep() throws {
        let funnel = try engine(.strictDeduplication)
        #expect(funnel.level(of: [event(1, 1), event(2, 2), event(3, 2), event(4, 3)]) == 2)
        #expect(funnel.level(of: [event(1, 1), event(2, 2), event(3, 1), event(4, 2), event(5, 3)]) == 2)
        #expect(try engine().level(of: [event(1, 1), event(2, 2), event(3, 1), event(4, 2), event(5, 3)]) == 3)
    }

    @Test func strictDedupAllowsRepeatedStepOne() throws {
        let funnel = try engine(.strictDeduplication)
        let attempt = funnel.attempt(for: [event(1, 1), event(2, 1), event(3, 2), event(4, 3)])
        #expect(attempt.level == 3)
        #expect(attempt.stepTimes == [1, 3, 4])
    }

    @Test func strictDedupIgnoresRepeatsOfUnreachedSteps() throws {
        let funnel = try engine(.strictDeduplication)
        #expect(funnel.level(of: [event(1, 1), event(2, 3), event(3, 3), event(4, 2), event(5, 3)]) == 3)
    }

    // MARK: strict-increase

    @Test func strictIncreaseNeedsLaterTimes() throws {
        let funnel = try engine(.strictIncrease)
        #expect(funnel.level(of: [event(1, 1), event(1, 2), event(2, 3)]) == 1)
        #expect(funnel.level(of: [event(0, 1), event(1, 2), event(2, 3)]) == 3)
        #expect(funnel.level(of: [event(0, 1), event(1, 2, 3)]) == 2)
    }

    @Test func strictIncreaseMatchesClickHouseUndercount() throws {
        // ClickHouse 26.9 keeps only the latest B (B2) and rejects C2 (#52844),
        // although A0 → B1 → C2 exists; the reported chain is cut to the level.
        let attempt = try engine(.strictIncrease).attempt(for: [event(0, 1), event(1, 2), event(2, 2), event(2, 3)])
        #expect(attempt.level == 2)
        #expect(attempt.stepTimes == [0, 1])
    }

    // MARK: Exclusions and conversions

    @Test func exclusionBetweenFirstAndLastReachedStep() throws {
        let funnel = try engine()
        let events = [event(0, 1), event(5, 2), event(8, 3)]
        #expect(funnel.attempt(for: events, exclusionTimes: [6]).isExcluded)
        #expect(funnel.attempt(for: events, exclusionTimes: [0]).isExcluded)
        #expect(funnel.attempt(for: events, exclusionTimes: [8]).isExcluded)
        #expect(funnel.attempt(for: events, exclusionTimes: [9, -1]).isExcluded == false)
        let partial = [event(0, 1), event(5, 2)]
        #expect(funnel.attempt(for: partial, exclusionTimes: [7]).isExcluded == false)
        #expect(funnel.attempt(for: [event(2, 1)], exclusionTimes: [2]).isExcluded)
    }

    @Test func conversionsReenterAfterEachCompletion() throws {
        let funnel = try engine()
        let events = [event(0, 1), event(1, 2), event(2, 3), event(3, 1), event(4, 2), event(5, 3), event(6, 1)]
        #expect(
            funnel.attempts(for: events) == [
                FunnelAttempt(level: 3, stepTimes: [0, 1, 2]),
                FunnelAttempt(level: 3, stepTimes: [3, 4, 5]),
                FunnelAttempt(level: 1, stepTimes: [6]),
            ])
        #expect(funnel.attempts(for: [event(0, 2)]).isEmpty)
        let excluded = funnel.attempts(for: Array(events.prefix(6)), exclusionTimes: [4])
        #expect(excluded.map(\.isExcluded) == [false, true])
    }

    @Test func conversionsDoNotReuseTheCompletingEvent() throws {
        // One row matches C and A: the A entry sorts before C at the same time,
        // so it belongs to the first attempt's prefix and is not a re-entry.
        let funnel = try engine()
        let attempts = funnel.attempts(for: [event(0, 1), event(1, 2), event(2, 1, 3), event(3, 2)])
        #expect(attempts == [FunnelAttempt(level: 3, stepTimes: [0, 1, 2])])
    }
}
