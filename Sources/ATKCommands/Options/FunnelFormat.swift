import ArgumentParser

/// `--format` of `atk funnel`: its steps or paths are one main table, so it also writes CSV.
enum FunnelFormat: String, ReportFormat {
    /// Text for people.
    case text
    /// JSON for programs (schema in Docs/output.md).
    case json
    /// The main table as CSV (RFC 4180, formula triggers neutralised).
    case csv

    /// `--format`'s help line.
    static let help =
        "Output format: text for people, json for programs (schema in Docs/output.md), csv for the main table."
}
