import ATKCore

/// A funnel report (event or path funnel): text, JSON, or its main table as CSV.
protocol FunnelReport: CommandReport where Format == FunnelFormat {
    /// The text report, for people.
    var text: String { get }
    /// The JSON report, for programs (Docs/output.md).
    var json: JSONOutput { get }
    /// The main table, for spreadsheets.
    var csv: CSVTable { get }
}

extension FunnelReport {
    /// The text, the JSON indented by two spaces, or the CSV table.
    func render(_ format: FunnelFormat) -> String {
        switch format {
        case .text: text
        case .json: json.serialized(indent: 2)
        case .csv: csv.text
        }
    }
}
