import ArgumentParser

/// What `atk report` writes besides report.html, report.json and junit.xml.
enum ReportRunFormat: String, CaseIterable, ExpressibleByArgument {
    /// The three files only.
    case html
    /// Also `summary.md`, a short Markdown summary for chat.
    case markdown
}
