import ATKCore

/// `atk paths attribution` as text or JSON: first-touch and last-touch tables.
struct PathsAttributionReport: TextOrJSONReport {
    /// The attributed conversions.
    let attribution: PathAttribution
    /// Rows listed per table.
    let top: Int
    /// One report per input, in order.
    let reports: [FileReport]

    /// The JSON report (Docs/paths.md).
    var json: JSONOutput {
        let a = attribution
        func rows(_ rows: [PathAttribution.Row]) -> JSONOutput {
            .array(
                rows.prefix(top).map { row in
                    .object([
                        ("node", .string(row.node)), ("entity", .string(row.entity)),
                        ("conversions", .int(row.conversions)), ("users", .int(row.users)),
                    ])
                })
        }
        return .envelope(
            command: "paths attribution",
            [
                (
                    "summary",
                    .object([
                        ("conversions", .int(a.conversions)), ("attributed", .int(a.attributed)),
                        ("direct", .int(a.direct)), ("files", .int(reports.count)),
                        ("lines", .int(reports.totalLines)), ("events", .int(a.replay.events)),
                        ("malformed_lines", .int(reports.totalMalformedLines)), ("users", .int(a.replay.users)),
                    ])
                ),
                ("first_touch", rows(a.firstTouch)), ("last_touch", rows(a.lastTouch)),
                ("malformed_examples", MalformedReport.json(a.replay.malformedExamples, reports)),
            ])
    }

    /// The text report: totals, then both tables.
    var text: String {
        let a = attribution
        let g = Terminal.grouped
        var out =
            "\(g(reports.totalLines)) lines, \(g(a.replay.events)) events, \(g(reports.totalMalformedLines)) malformed\n"
        out +=
            "\(g(a.conversions)) conversions, \(g(a.attributed)) attributed (\(g(a.direct)) direct: one page, "
            + "no last touch)\n"
        for (title, rows) in [("first touch (entry page)", a.firstTouch), ("last touch (page before)", a.lastTouch)] {
            out +=
                "\n\(title)" + ElementsFormatting.firstOf(min(top, rows.count), rows.count) + ":\n"
                + Terminal.table(
                    ["node", "entity", "conversions", "users"],
                    rows.prefix(top).map { row in
                        [
                            Terminal.safe(row.node), ElementsFormatting.text(row.entity), g(row.conversions),
                            g(row.users),
                        ]
                    }) + "\n"
        }
        return out + MalformedReport.text(a.replay.malformedExamples, reports)
    }
}
