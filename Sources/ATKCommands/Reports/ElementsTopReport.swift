import ATKCore

/// `atk elements top` as text or JSON: the most clicked elements.
struct ElementsTopReport: TextOrJSONReport {
    /// The click groups, after reading.
    let table: ElementClickTable
    /// The groups listed, most clicked first.
    let rows: [ElementClickTable.Row]
    /// Whether groups are split by `$element_position` (a column of their own).
    let byPosition: Bool
    /// Whether the groups are keyed on the recorded identifiers rather than the rebuilt ones.
    let recordedIdentifiers: Bool
    /// One report per input, in order.
    let reports: [FileReport]

    /// The text report, the malformed lines last.
    var text: String { reportText + MalformedReport.text(table.malformedExamples, reports) }

    /// The JSON report (Docs/output.md), `malformed_examples` last.
    var json: JSONOutput { MalformedReport.adding(table.malformedExamples, to: reportJSON, reports) }

    /// The JSON report (Docs/output.md), without the malformed lines.
    private var reportJSON: JSONOutput {
        .envelope(
            command: "elements top",
            [
                (
                    "summary",
                    .object([
                        ("files", .int(reports.count)), ("lines", .int(reports.totalLines)),
                        ("events", .int(table.events)), ("malformed_lines", .int(table.malformedLines)),
                        ("clicks", .int(table.clicks)), ("rebuilt_clicks", .int(table.rebuiltClicks)),
                        ("groups", .int(table.groupCount)), ("by_position", .bool(byPosition)),
                        ("identifiers", .string(recordedIdentifiers ? "recorded" : "rebuilt")),
                    ])
                ),
                (
                    "elements",
                    .array(
                        rows.map { row in
                            .object(
                                [
                                    ("screen_name", .string(row.screenName)),
                                    ("element_path", .string(row.elementPath)),
                                    ("element_content", .string(row.elementContent)),
                                ]
                                    + (byPosition ? [("element_position", .string(row.elementPosition))] : [])
                                    + [("clicks", .int(row.clicks)), ("users", .int(row.users))])
                        })
                ),
            ])
    }

    /// The text report, without the malformed lines: a summary line and the table.
    private var reportText: String {
        let g = Terminal.grouped
        var out =
            "\(g(table.clicks)) clicks on \(g(table.groupCount)) elements"
            + " (\(g(table.rebuiltClicks)) with identifiers rebuilt from the chain)"
            + (rows.count < table.groupCount ? ", top \(rows.count):" : ":") + "\n\n"
        guard !rows.isEmpty else { return out }
        let header = ["screen", "element_path", "content"] + (byPosition ? ["position"] : []) + ["clicks", "users"]
        out +=
            Terminal.table(
                header,
                rows.map { row in
                    [
                        ElementsFormatting.text(row.screenName), ElementsFormatting.text(row.elementPath),
                        ElementsFormatting.text(row.elementContent),
                    ]
                        + (byPosition ? [ElementsFormatting.text(row.elementPosition)] : []) + [
                            g(row.clicks), g(row.users),
                        ]
                }, leftColumns: byPosition ? 4 : 3) + "\n"
        return out
    }
}
