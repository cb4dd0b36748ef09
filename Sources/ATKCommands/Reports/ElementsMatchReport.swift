import ATKCore

/// `atk elements match` as text or JSON: clicks per visual event of a visualized-autotrack config.
struct ElementsMatchReport: TextOrJSONReport {
    /// The counts per configured visual event, after reading.
    let counter: VisualEventCounter
    /// The config's path, as given.
    let config: String
    /// Whether clicks were matched on the recorded identifiers rather than the rebuilt ones.
    let recordedIdentifiers: Bool
    /// One report per input, in order.
    let reports: [FileReport]

    /// The text report, the malformed lines last.
    var text: String { reportText + MalformedReport.text(counter.malformedExamples, reports) }

    /// The JSON report (Docs/output.md), `malformed_examples` last.
    var json: JSONOutput { MalformedReport.adding(counter.malformedExamples, to: reportJSON, reports) }

    /// The JSON report (Docs/output.md), without the malformed lines.
    private var reportJSON: JSONOutput {
        .envelope(
            command: "elements match",
            [
                ("config", .string(config)),
                (
                    "summary",
                    .object([
                        ("files", .int(reports.count)), ("lines", .int(reports.totalLines)),
                        ("events", .int(counter.events)), ("malformed_lines", .int(counter.malformedLines)),
                        ("clicks", .int(counter.clicks)), ("rebuilt_clicks", .int(counter.rebuiltClicks)),
                        ("matched_clicks", .int(counter.matchedClicks)),
                        ("identifiers", .string(recordedIdentifiers ? "recorded" : "rebuilt")),
                    ])
                ),
                (
                    "virtual_events",
                    .array(
                        counter.rows.map { row in
                            .object([
                                ("name", .string(row.name)), ("events", .int(row.events)), ("users", .int(row.users)),
                                ("matchable", .bool(row.matchable)), ("screen_name", .string(row.screenName)),
                                ("element_path", .string(row.elementPath)),
                            ])
                        })
                ),
            ])
    }

    /// The text report, without the malformed lines: a summary line and one row per visual event.
    private var reportText: String {
        let g = Terminal.grouped
        let rows = counter.rows
        var out =
            "\(g(counter.clicks)) clicks, \(g(counter.matchedClicks)) matched a visual event of \(config) "
            + "(\(rows.count) configured)\n\n"
        out +=
            Terminal.table(
                ["visual event", "screen", "element_path", "events", "users"],
                rows.map { row in
                    [
                        row.name + (row.matchable ? "" : " (not matchable)"), ElementsFormatting.text(row.screenName),
                        ElementsFormatting.text(row.elementPath), g(row.events), g(row.users),
                    ]
                }, leftColumns: 3) + "\n"
        return out
    }
}
