import ATKCore
import ATKFunnel
import ArgumentParser
import Testing

@testable import ATKCommands

/// Options whose values are an enum parse through argument-parser, with the same spellings.
@Suite("Enum options")
struct EnumOptionTests {
    @Test("funnel --mode takes single options and +-joined combinations, and names them back")
    func funnelMode() throws {
        let command = try FunnelCommand.parse(["--steps", "A,B", "--mode", "strict-dedup+strict-order", "-"])
        #expect(command.mode == [.strictOrder, .strictDeduplication])
        #expect(command.mode.name == "strict-order+strict-dedup")
        #expect(try FunnelCommand.parse(["--steps", "A,B", "-"]).mode.name == "default")
        #expect(FunnelMode(argument: "strict_increase") == .strictIncrease)
        for name in FunnelMode.allValueStrings {
            #expect(FunnelMode(argument: name)?.name == name)
        }
        #expect(throws: (any Error).self) { try FunnelCommand.parse(["--steps", "A,B", "--mode", "strict", "-"]) }
    }

    @Test("funnel --count, impressions --policy and generate --path-format take their raw values")
    func rawValues() throws {
        #expect(try FunnelCommand.parse(["--steps", "A,B", "--count", "conversions", "-"]).count == .conversions)
        #expect(throws: (any Error).self) { try FunnelCommand.parse(["--steps", "A,B", "--count", "events", "-"]) }
        #expect(try ImpressionsCommand.parse(["--policy", "once-per-view", "-"]).policy == .oncePerView)
        #expect(try ImpressionsCommand.parse(["--policy", "buffer", "-"]).options().policy == .buffer)
        #expect(throws: (any Error).self) { try ImpressionsCommand.parse(["--policy", "oncePerView", "-"]) }
        #expect(try GenerateCommand.parse(["--path-format", "mixed"]).pathFormat == .mixed)
        #expect(throws: (any Error).self) { try GenerateCommand.parse(["--path-format", "tree"]) }
    }

    @Test("help shows the spellings, not the case names")
    func helpSpellings() {
        let help = ImpressionsCommand.helpMessage(columns: 200)
        #expect(help.contains("values: once-per-view, window, buffer; default: once-per-view"))
        #expect(FunnelCommand.helpMessage(columns: 200).contains("default: default"))
    }
}
