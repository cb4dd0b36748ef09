import Testing

@testable import ATKCore

@Suite("A validation run: its rules, its plan's tallies, and whether it failed")
struct ValidationResultTests {
    /// Four lines: one with an error (no distinct_id), one with a warning (time in seconds).
    static let lines = [
        eventLine(), eventLine(distinctId: nil), eventLine(time: "1788220000"), eventLine(trackId: "2"),
    ]

    @Test("the run's rules are the built-in ones, then the plan's, as the request lists them for argument checks")
    func registry() throws {
        let directory = try TemporaryDirectory()
        let plan = try directory.write("plan.json", #"{"events": {"ProductView": {"type": "object"}}}"#)
        let checker = try PlanChecker(path: plan)
        for strict in [false, true] {
            let run = try validate(
                Self.lines,
                request: {
                    $0.plan = checker
                    $0.strictPlan = strict
                })
            let listed = ValidationRequest.registry(withPlan: true, strictPlan: strict).rules
            #expect(run.result.registry.rules == listed)
            #expect(listed.map(\.id) == BuiltInRule.allCases.map(\.rule.id) + PlanChecker.Rule.allCases.map(\.rawValue))
            let unplanned = try #require(run.result.registry.index(of: "plan.unplanned_event"))
            #expect(run.result.registry[unplanned].severity == (strict ? .error : .warning))
            #expect(run.result.plan?.tallies.first?.tally == PlanChecker.EventTally(checked: 4, violating: 0))
        }
        let run = try validate(Self.lines)
        #expect(run.result.registry.rules == ValidationRequest.registry(withPlan: false, strictPlan: false).rules)
        #expect(run.result.registry.count == BuiltInRule.allCases.count)
        #expect(run.result.plan == nil)
    }

    @Test("the result counts errors and warnings and judges the run by its policy")
    func failed() throws {
        func run(_ policy: ValidationFailPolicy) throws -> ValidationResult {
            try validate(Self.lines, request: { $0.failPolicy = policy }).result
        }
        let result = try run(ValidationFailPolicy())
        #expect(result.lines == 4 && result.events == 4 && result.malformedLines == 0)
        #expect(result.errors == 1 && result.warnings == 1)
        #expect(result.errorRate == 0.25)
        #expect(result.failed && result.errorsCount)
        #expect(result.fails(BuiltInRule.envelopeDistinctId.index))
        #expect(!result.fails(BuiltInRule.timeSeconds.index))
        #expect(!result.fails(BuiltInRule.envelopeTime.index))

        let tolerant = try run(ValidationFailPolicy(maxErrorRate: 0.25))
        #expect(!tolerant.failed && !tolerant.errorsCount)
        #expect(!tolerant.fails(BuiltInRule.envelopeDistinctId.index))
        #expect(try run(ValidationFailPolicy(maxErrorRate: 0.24)).failed)

        let warnings = try run(ValidationFailPolicy(failOn: .warning, maxErrorRate: 0.5))
        #expect(warnings.failed && !warnings.errorsCount)
        #expect(warnings.fails(BuiltInRule.timeSeconds.index))
        #expect(!warnings.fails(BuiltInRule.envelopeDistinctId.index))

        let never = try run(ValidationFailPolicy(failOn: .never))
        #expect(!never.failed)
        #expect(!BuiltInRule.allCases.contains { never.fails($0.index) })
    }

    @Test("an empty input has an error rate of 0 and passes")
    func empty() throws {
        let result = try validate([]).result
        #expect(result.lines == 0 && result.errorRate == 0 && result.share(5) == 0)
        #expect(!result.failed)
    }
}
