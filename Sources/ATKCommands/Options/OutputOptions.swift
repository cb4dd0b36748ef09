import ATKCore
import ArgumentParser
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
    @Option(
        help:
            "Output format: text for people, json for programs (schema in Docs/output.md); csv for commands with one main table, junit for validate."
    )
    var format: OutputFormat = .text

    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "Write the report to FILE instead of standard output (atomically; never over an input: Docs/output.md#safety).",
            valueName: "FILE"))
    var output: String?

    /// The outputs this option group names, for ``InputOptions/resolve(writing:)``.
    var outputs: [(option: String, path: String)] { output.map { [("-o", $0)] } ?? [] }

    /// Opens where the report goes (``OutputFile``: `--output`, or standard output), before
    /// anything is read, so a path that cannot be written fails at once.
    func open() throws -> ReportOutput {
        ReportOutput(file: try OutputFile.opening(output ?? "-"), format: format)
    }
    /// The standard envelope of every JSON report: `tool`, `command`, `version`, `schema_version` first.
    static func envelope(command: String, _ members: [(String, JSONOutput)]) -> JSONOutput {
        .object(
            [
                ("tool", .string("atk")), ("command", .string(command)), ("version", .string(ATK.version)),
                ("schema_version", .int(1)),
            ] + members)
    }
}

/// Where a report goes, opened before reading: ``emit(_:)`` writes it and commits the file.
struct ReportOutput {
    let file: OutputFile
    let format: OutputFormat

    /// Writes the report, ending with a line end, and renames the file into place. Text
    /// reports pass through ``TerminalText/sanitizedLayout(_:)``: no control character but line
    /// ends and tabs reaches a terminal, whatever the data held.
    func emit(_ text: String) throws {
        var text = format == .text ? TerminalText.sanitizedLayout(text) : text
        if !text.hasSuffix("\n") { text += "\n" }
        do {
            try file.write(text)
            try file.commit()
        } catch {
            file.discard()
            throw CommandError(error.description, exit: CommandExit.unreadableInput)
        }
    }
}

extension OutputFile {
    /// Opens `path`, mapping ``OutputError`` to the command layer's exit codes (2 refused,
    /// 3 failed).
    static func opening(_ path: String) throws -> OutputFile {
        do {
            return try OutputFile(path: path)
        } catch {
            throw CommandError(error)
        }
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

    /// An output error: refused outputs are usage errors (2), failures unwritable output (3).
    init(_ error: OutputError) {
        self.init(error.description, exit: error.kind == .refused ? CommandExit.usage : CommandExit.unreadableInput)
    }
}
