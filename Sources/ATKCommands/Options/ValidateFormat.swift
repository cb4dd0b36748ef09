import ArgumentParser

/// `--format` of `atk validate`: also JUnit XML, for CI test reports.
enum ValidateFormat: String, ReportFormat {
    /// Text for people.
    case text
    /// JSON for programs (schema in Docs/output.md).
    case json
    /// JUnit XML: one test case per rule.
    case junit

    /// `--format`'s help line.
    static let help =
        "Output format: text for people, json for programs (schema in Docs/output.md), junit for CI test reports."
}
