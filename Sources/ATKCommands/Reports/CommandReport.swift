/// A command's result as its output formats show it.
///
/// Every command's `run()` feeds its analysis, wraps the result in its report type and writes
/// `render(format)`; the report only formats (no reading, no exit codes), so `atk-fuzz` can
/// render it from any analysis (``ReportRendering``).
protocol CommandReport {
    /// The formats the command writes (its `--format` values).
    associatedtype Format: ReportFormat

    /// The whole report in `format`, without the final line end (``ReportOutput`` adds it).
    func render(_ format: Format) -> String
}
