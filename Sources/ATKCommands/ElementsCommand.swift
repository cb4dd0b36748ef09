import ArgumentParser
import ATKCore

/// `atk elements`: element identifiers rebuilt from `$responder_chain`, and what depends on them.
struct ElementsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "elements",
        abstract: "Rebuild element identifiers from $responder_chain; verify, fix, count and match them.",
        discussion: """
            iOS autotrack clicks and exposures may carry $responder_chain, the raw UIKit responder \
            chain ("Class|kind|index|Sib0,Sib1,...|section:row", touched responder first). atk \
            rebuilds $element_path, $element_position and $screen_name from it with the Sensors \
            iOS SDK 4.9.1 rules (Docs/elements.md) and keys every element analysis on the rebuilt \
            identifiers when a valid chain is there, on the recorded ones otherwise.

            Examples:
              atk elements verify dump.jsonl.gz
              atk elements rebuild dump.jsonl.gz --fix -o fixed.jsonl.gz
              atk elements top --top 20 dump.jsonl.gz
              atk elements match --config visualized.json dump.jsonl.gz
              atk elements drift dump.jsonl.gz
            """,
        subcommands: [
            ElementsVerifyCommand.self, ElementsRebuildCommand.self, ElementsTopCommand.self,
            ElementsMatchCommand.self, ElementsDriftCommand.self,
        ]
    )
}

/// `--recorded-identifiers`, shared by the element analyses.
struct IdentifierOptions: ParsableArguments {
    @Flag(help: "Key on the recorded $element_path, $element_position, $screen_name even where a valid $responder_chain would rebuild them.")
    var recordedIdentifiers = false
}

/// Formatting shared by the `elements` subcommands.
enum ElementsReport {
    /// `file:line` of a location.
    static func place(_ location: LineLocation, _ reports: [FileReport]) -> String {
        "\(reports[location.fileIndex].source.displayName):\(location.line)"
    }

    /// `{"file": ..., "line": ...}` members of a location.
    static func placeMembers(_ location: LineLocation, _ reports: [FileReport]) -> [(String, JSONOutput)] {
        [("file", .string(reports[location.fileIndex].source.displayName)), ("line", .int(location.line))]
    }

    /// `{"element_path": n, "element_position": n, "screen_name": n}` from per-field counts.
    static func fields(_ counts: [Int]) -> JSONOutput {
        .object(ElementField.allCases.map { ($0.key, .int(counts[$0.rawValue])) })
    }

    /// Lines read over all inputs.
    static func lines(_ reports: [FileReport]) -> Int { reports.reduce(0) { $0 + $1.lines } }

    /// A text value, `(none)` when absent.
    static func text(_ value: String?) -> String { value ?? "(none)" }

    /// A quoted value for text reports, `(none)` when absent.
    static func quoted(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "(none)" }
}
