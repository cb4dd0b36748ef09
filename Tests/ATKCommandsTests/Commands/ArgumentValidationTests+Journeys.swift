import ArgumentParser
import Testing

@testable import ATKCommands

/// `atk identities`, `atk sessions` and `atk retention` refuse bad arguments before reading.
extension ArgumentValidationTests {
    @Test("sessions: --gap is a span")
    func sessionsGap() {
        #expect(refusal(SessionsCommand.self, ["--gap", "10m", "-"]) == nil)
        #expect(refusal(SessionsCommand.self, ["--gap", "soon", "-"])?.hasPrefix("--gap") == true)
    }

    @Test("retention: steps in funnel syntax, a known zone, a period, 0 to 1,000 periods")
    func retention() {
        let steps = ["--start", "A[p=1]", "--return", "B"]
        #expect(refusal(RetentionCommand.self, steps + ["--period", "week", "--tz", "Asia/Shanghai", "-"]) == nil)
        #expect(refusal(RetentionCommand.self, ["--return", "B", "-"]) != nil)
        #expect(refusal(RetentionCommand.self, ["--start", "A[p", "--return", "B", "-"])?.hasPrefix("--start") == true)
        #expect(refusal(RetentionCommand.self, steps + ["--tz", "Nowhere/Else", "-"])?.hasPrefix("--tz") == true)
        #expect(refusal(RetentionCommand.self, steps + ["--period", "month", "-"])?.contains("'week'") == true)
        #expect(refusal(RetentionCommand.self, steps + ["--periods", "1001", "-"])?.contains("0 to 1,000") == true)
    }

    @Test("identities: --largest and --max-examples in range")
    func identities() {
        #expect(refusal(IdentitiesCommand.self, ["--largest", "0", "-"]) == nil)
        #expect(refusal(IdentitiesCommand.self, ["--largest=-1", "-"])?.contains("--largest") == true)
    }
}
