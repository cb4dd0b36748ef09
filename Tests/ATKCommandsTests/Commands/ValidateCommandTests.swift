import ATKCore
import Testing

@testable import ATKCommands

@Suite("validate's arguments become one core request")
struct ValidateCommandTests {
    /// The request of a command line (`-` as the input).
    private func request(_ arguments: [String]) throws -> ValidationRequest {
        try ValidateCommand.parse(arguments + ["-"]).request()
    }

    /// The message a command line is refused with, or nil when it is accepted.
    private func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try ValidateCommand.parse(arguments + ["-"])
            return nil
        } catch {
            return ValidateCommand.message(for: error)
        }
    }

    @Test("tolerances and --now are parsed into milliseconds; defaults 10m and 5s")
    func times() throws {
        let parsed = try request([
            "--future-tolerance", "90s", "--duration-tolerance", "1.5m", "--now", "2026-09-08T00:00:00Z",
        ])
        #expect(parsed.options.futureTolerance == 90_000)
        #expect(parsed.options.durationTolerance == 90_000)
        #expect(parsed.options.now == 1_788_825_600_000)
        let defaults = try request([])
        #expect(defaults.options.futureTolerance == 600_000 && defaults.options.durationTolerance == 5_000)
    }

    @Test("a wrong span or instant is a usage error naming the option and the value")
    func wrongTimes() {
        #expect(refusal(["--future-tolerance", "5"])?.contains("--future-tolerance must be") == true)
        #expect(refusal(["--duration-tolerance", "soon"])?.contains("not 'soon'") == true)
        #expect(refusal(["--now", "2026-02-30"])?.contains("--now must be a real date and time") == true)
    }

    @Test("--rule and --skip-rule select rule ids; plan rules need --plan")
    func rules() throws {
        #expect(try request([]).options.rules == nil)
        let skipped = try request(["--skip-rule", "duplicate.event"]).options.rules
        #expect(skipped == Set(BuiltInRule.allCases.map(\.rule.id)).subtracting(["duplicate.event"]))
        #expect(try request(["--rule", "time.future", "--skip-rule", "time.future"]).options.rules == [])
        #expect(refusal(["--rule", "plan.type"]) == "rule 'plan.type' needs --plan")
        #expect(
            refusal(["--rule", "no.such"])?.hasPrefix("unknown rule 'no.such'; valid rules: json.malformed") == true)
        // The plan is loaded by run(), not while the arguments are checked.
        let planned = try request(["--plan", "plan.json", "--strict-plan", "--rule", "plan.type"])
        #expect(planned.strictPlan && planned.plan == nil && planned.options.rules == ["plan.type"])
    }

    @Test("--fail-on and --max-error-rate become the request's fail policy")
    func failPolicy() throws {
        #expect(try request([]).failPolicy == ValidationFailPolicy(failOn: .error, maxErrorRate: nil))
        let policy = try request(["--fail-on", "warning", "--max-error-rate", "0.1"]).failPolicy
        #expect(policy == ValidationFailPolicy(failOn: .warning, maxErrorRate: 0.1))
        #expect(refusal(["--max-error-rate", "1.5"]) == "--max-error-rate must be between 0 and 1")
        #expect(refusal(["--fail-on", "sometimes"]) != nil)
    }
}
