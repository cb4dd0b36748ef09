import ATKCore

/// A report written as text or JSON: every command's but `funnel`'s and `validate`'s.
protocol TextOrJSONReport: CommandReport where Format == TextOrJSONFormat {
    /// The text report, for people.
    var text: String { get }
    /// The JSON report, for programs (Docs/output.md).
    var json: JSONOutput { get }
}

extension TextOrJSONReport {
    /// The text, or the JSON indented by two spaces.
    func render(_ format: TextOrJSONFormat) -> String {
        switch format {
        case .text: text
        case .json: json.serialized(indent: 2)
        }
    }
}
