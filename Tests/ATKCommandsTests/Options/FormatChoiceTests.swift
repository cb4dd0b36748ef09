import ArgumentParser
import Testing

@testable import ATKCommands

/// Each command parses exactly the formats it writes; any other is argument-parser's usage error.
@Suite("Format choice")
struct FormatChoiceTests {
    /// A command line that parses, without `--format`, for each command with a report.
    static let commands: [(name: String, type: any ParsableCommand.Type, arguments: [String], formats: [String])] = [
        ("stats", StatsCommand.self, ["-"], ["text", "json"]),
        ("impressions", ImpressionsCommand.self, ["-"], ["text", "json"]),
        ("elements verify", Elements.Verify.self, ["-"], ["text", "json"]),
        ("elements top", Elements.Top.self, ["-"], ["text", "json"]),
        ("elements match", Elements.Match.self, ["--config", "v.json", "-"], ["text", "json"]),
        ("elements drift", Elements.Drift.self, ["-"], ["text", "json"]),
        ("elements rebuild", Elements.Rebuild.self, ["-o", "out.jsonl", "-"], ["text", "json"]),
        ("funnel", FunnelCommand.self, ["--steps", "A,B", "-"], ["text", "json", "csv"]),
        ("validate", ValidateCommand.self, ["-"], ["text", "json", "junit"]),
        ("paths verify", Paths.Verify.self, ["--config", "n.json", "-"], ["text", "json"]),
        ("paths rebuild", Paths.Rebuild.self, ["--config", "n.json", "-o", "out.jsonl", "-"], ["text", "json"]),
        ("paths attribution", Paths.Attribution.self, ["--config", "n.json", "-"], ["text", "json"]),
        ("identities", IdentitiesCommand.self, ["-"], ["text", "json"]),
        ("sessions", SessionsCommand.self, ["-"], ["text", "json"]),
        ("retention", RetentionCommand.self, ["--start", "A", "--return", "B", "-"], ["text", "json"]),
    ]
    static let allFormats = ["text", "json", "csv", "junit"]

    @Test("every command parses the formats it writes and refuses the others", arguments: commands.indices)
    func formats(_ index: Int) throws {
        let command = Self.commands[index]
        for format in Self.allFormats {
            let arguments = ["--format", format] + command.arguments
            if command.formats.contains(format) {
                #expect(throws: Never.self, "\(command.name) \(format)") { _ = try command.type.parse(arguments) }
            } else {
                do {
                    _ = try command.type.parse(arguments)
                    Issue.record("\(command.name) accepted --format \(format)")
                } catch {
                    let message = command.type.message(for: error)
                    #expect(message.contains("The value '\(format)' is invalid for '--format <format>'"))
                    #expect(message.contains("'text'"), "the valid values are listed: \(message)")
                }
            }
        }
    }

    @Test("--format defaults to text and keeps the value given")
    func parsedValue() throws {
        #expect(try StatsCommand.parse(["-"]).outputOptions.format == .text)
        #expect(try StatsCommand.parse(["--format", "json", "-"]).outputOptions.format == .json)
        #expect(try FunnelCommand.parse(["--steps", "A,B", "--format", "csv", "-"]).outputOptions.format == .csv)
        #expect(try ValidateCommand.parse(["--format", "junit", "-"]).outputOptions.format == .junit)
        #expect(try Elements.Rebuild.parse(["-o", "x", "-"]).format == .text)
    }

    @Test("--help describes only the formats the command writes", arguments: commands.indices)
    func help(_ index: Int) {
        let command = Self.commands[index]
        let help = command.type.helpMessage(columns: 1000)
        for format in Self.allFormats where format != "text" && format != "json" {
            #expect(help.contains("\(format) for") == command.formats.contains(format), "\(command.name): \(format)")
        }
        #expect(help.contains("values: \(command.formats.joined(separator: ", "))"), "\(command.name)")
    }

    @Test("only text is sanitized as terminal text")
    func isText() {
        #expect(TextOrJSONFormat.allCases.filter(\.isText) == [.text])
        #expect(FunnelFormat.allCases.filter(\.isText) == [.text])
        #expect(ValidateFormat.allCases.filter(\.isText) == [.text])
    }
}
