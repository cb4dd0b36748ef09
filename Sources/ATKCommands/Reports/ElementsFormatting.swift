import ATKCore

/// Formatting shared by the `elements` subcommands.
enum ElementsFormatting {
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

    /// A text value, `(none)` when absent.
    static func text(_ value: String?) -> String { value.map(Terminal.safe) ?? "(none)" }

    /// A quoted value for text reports, `(none)` when absent.
    static func quoted(_ value: String?) -> String { value.map { "\"\(Terminal.safe($0))\"" } ?? "(none)" }

    /// ` (first 10 of 38)` when not every item is listed.
    static func firstOf(_ shown: Int, _ total: Int) -> String {
        shown < total ? " (first \(shown) of \(Terminal.grouped(total)))" : ""
    }
}
