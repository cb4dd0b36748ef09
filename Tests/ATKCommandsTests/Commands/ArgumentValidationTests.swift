import ArgumentParser
import Testing

@testable import ATKCommands

/// `validate()` turns arguments that cannot work together into usage errors, before reading.
@Suite("Argument validation")
struct ArgumentValidationTests {
    /// Parses `arguments` with `command` and returns the usage message, or nil when they parsed.
    func refusal(_ command: any ParsableCommand.Type, _ arguments: [String]) -> String? {
        do {
            _ = try command.parse(arguments)
            return nil
        } catch {
            return command.message(for: error)
        }
    }

    @Test("funnel windows: a number and a unit")
    func funnelWindow() {
        #expect(refusal(FunnelCommand.self, ["--steps", "A,B", "--window", "90s", "-"]) == nil)
        #expect(
            refusal(FunnelCommand.self, ["--steps", "A,B", "--window", "soon", "-"])?.hasPrefix("--window") == true)
        #expect(refusal(FunnelCommand.self, ["--steps", "A,B", "--window", "5", "-"]) != nil)
    }

    @Test("funnel: event and path options exclude each other")
    func funnelExclusive() {
        let cases: [([String], String)] = [
            (["--path", "--steps", "A,B"], "--path and --steps/--step are different funnels"),
            (["--steps", "A,B", "--step", "C"], "not both"),
            (["--steps", "A,B", "--strict"], "--strict needs --path"),
            (["--steps", "A,B", "--entity", "N"], "--entity needs --path"),
            (["--path", "--mode", "strict-order"], "--mode is for event funnels"),
            (["--path", "--count", "conversions"], "--count is for event funnels"),
            (["--path", "--strict"], "--strict needs a PATTERN"),
            (["--steps", "A,B", "--breakdown-limit", "5"], "--breakdown-limit needs --breakdown"),
            ([], "give --steps"),
        ]
        for (arguments, expected) in cases {
            let message = refusal(FunnelCommand.self, arguments + ["-"])
            #expect(message?.contains(expected) == true, "\(arguments): \(message ?? "parsed")")
        }
    }

    @Test("counts outside their range are refused with the range")
    func ranges() throws {
        #expect(refusal(StatsCommand.self, ["--max-examples=-1", "-"])?.contains("0 to 1,000,000") == true)
        #expect(refusal(Elements.Top.self, ["--top", "1000001", "-"])?.contains("--top must be from") == true)
        #expect(
            refusal(Elements.Verify.self, ["--top-pairs=-2", "-"])?.contains("--top-pairs must be from 0 to") == true)
        #expect(refusal(FunnelCommand.self, ["--path", "--top", "0", "-"])?.contains("1 to 1,000,000") == true)
        #expect(refusal(GenerateCommand.self, ["--days", "0"])?.contains("--days") == true)
        #expect(refusal(GenerateCommand.self, ["--faults", "1.5"]) == "--faults must be between 0 and 1")
        #expect(refusal(Plan.Infer.self, ["--required-share", "2", "-"]) == "--required-share must be between 0 and 1")
        #expect(throws: Never.self) { try OptionRange.check("--top", 1_000_000, in: OptionRange.count) }
        #expect(throws: (any Error).self) { try OptionRange.check("--top", 0, in: OptionRange.positiveCount) }
    }

    @Test("impressions: options that belong to another policy or need a partner")
    func impressions() throws {
        #expect(
            refusal(ImpressionsCommand.self, ["--window", "1s", "-"]) == "--window applies only to --policy window")
        #expect(
            refusal(ImpressionsCommand.self, ["--policy", "window", "--batch-gap", "1s", "-"])
                == "--batch-gap applies only to --policy buffer")
        #expect(
            refusal(ImpressionsCommand.self, ["--index-property", "i", "-"])
                == "--index-property needs --items-property")
        #expect(
            refusal(ImpressionsCommand.self, ["--max-missing-rate", "1.5", "-"])?.contains("between 0 and 1") == true)
        #expect(refusal(ImpressionsCommand.self, ["--policy", "window", "--window", "soon", "-"]) != nil)
        let options = try ImpressionsCommand.parse(["--policy", "window", "--window", "500ms", "-"]).options()
        #expect(options.windowMilliseconds == 500)
    }

    @Test("--max-line-bytes takes a size in binary units")
    func maxLineBytes() throws {
        #expect(try StatsCommand.parse(["--max-line-bytes", "64K", "-"]).input.maxLineBytes.bytes == 64 << 10)
        #expect(refusal(StatsCommand.self, ["--max-line-bytes", "2G", "-"]) != nil)
    }
}
