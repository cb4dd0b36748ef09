import ArgumentParser

/// `--format` of the commands that write one text report or its JSON form (`stats`,
/// `impressions`, the `elements` subcommands).
enum TextOrJSONFormat: String, ReportFormat {
    /// Text for people.
    case text
    /// JSON for programs (schema in Docs/output.md).
    case json

    /// `--format`'s help line.
    static let help = "Output format: text for people, json for programs (schema in Docs/output.md)."
}
