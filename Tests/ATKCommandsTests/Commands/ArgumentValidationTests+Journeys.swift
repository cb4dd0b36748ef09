import ArgumentParser
import Testing

@testable import ATKCommands

/// `atk identities`, `atk sessions`, `atk retention` and `--identity` refuse bad arguments before reading.
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

    @Test("--identity stitched on funnel, impressions and paths: files only; not with funnel --by")
    func stitchedEverywhere() {
        let commands: [(any ParsableCommand.Type, [String])] = [
            (FunnelCommand.self, ["--steps", "A,B"]), (FunnelCommand.self, ["--path"]),
            (FunnelCommand.self, ["--path", "DL_HOME>DL_PDP", "--rebuilt", "nav.json"]),
            (ImpressionsCommand.self, []), (Paths.Verify.self, ["--config", "nav.json"]),
            (Paths.Attribution.self, ["--config", "nav.json"]),
        ]
        for (command, arguments) in commands {
            #expect(refusal(command, arguments + ["--identity", "stitched", "dump.jsonl"]) == nil, "\(arguments)")
            #expect(refusal(command, arguments + ["--identity", "raw", "-"]) == nil, "\(arguments)")
            #expect(
                refusal(command, arguments + ["--identity", "stitched", "-"])?.contains("not standard input") == true,
                "\(command) \(arguments)")
        }
        // A pattern alone leaves standard input as the input.
        #expect(
            refusal(FunnelCommand.self, ["--path", "DL_HOME>DL_PDP", "--identity", "stitched"])?.contains(
                "not standard input") == true)
        #expect(
            refusal(FunnelCommand.self, ["--steps", "A,B", "--by", "uid", "--identity", "stitched", "dump.jsonl"])?
                .contains("--by") == true)
    }
}
