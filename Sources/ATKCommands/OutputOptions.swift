import ArgumentParser
import ATKCore
import Foundation

/// Output formats shared by every command; each command accepts only those it writes (`require`).
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, csv
    /// JUnit XML, for CI test reports (`validate` only).
    case junit

    /// Rejects a format the command does not write.
    func require(_ supported: [OutputFormat]) throws {
        guard supported.contains(self) else {
            let names = supported.map(\.rawValue)
            let list = names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
            throw ValidationError("--format \(rawValue) is not written by this command: use \(list)")
        }
    }
}

/// `--format` and `--output`, shared by every command.
struct OutputOptions: ParsableArguments {
    @Option(help: "Output format: text for people, json for programs (schema in Docs/output.md); csv for commands with one main table, junit for validate.")
    var format: OutputFormat = .text

    @Option(name: [.short, .long], help: ArgumentHelp("Write the report to FILE instead of standard output.", valueName: "FILE"))
    var output: String?

    /// Writes the report to `--output` (atomically) or standard output.
    func emit(_ text: String) throws {
        var text = text
        if !text.hasSuffix("\n") { text += "\n" }
        guard let output, output != "-" else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw CommandError("cannot write \(output): \(error.localizedDescription)", exit: CommandExit.unreadableInput)
        }
    }

    /// The standard envelope of every JSON report: `tool`, `command`, `version`, `schema_version` first.
    static func envelope(command: String, _ members: [(String, JSONOutput)]) -> JSONOutput {
        .object([
            ("tool", .string("atk")), ("command", .string(command)), ("version", .string(ATK.version)),
            ("schema_version", .int(1)),
        ] + members)
    }
}

/// An error the command layer reports itself, with its exit code.
struct CommandError: Error, CustomStringConvertible {
    var description: String
    var exit: ExitCode

    init(_ description: String, exit: ExitCode) {
        self.description = description
        self.exit = exit
    }
}
