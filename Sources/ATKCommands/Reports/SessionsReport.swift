import ATKCore
import Foundation

/// `atk sessions` as text or JSON: sessions, durations, bounces, screens and stays, a breakdown,
/// and the SDK's durations against the event times.
struct SessionsReport: TextOrJSONReport {
    /// The analysis, after reading (its counters and malformed lines).
    let analysis: SessionAnalysis
    /// Its totals.
    let totals: SessionTotals
    /// One report per input, in order.
    let reports: [FileReport]

    private var summary: SessionGroupTotals { totals.summary }

    /// Screens by page views, then by their bytes.
    private var screens: [(name: String?, totals: ScreenTotals)] {
        totals.screens.sorted { a, b in
            a.value.pageViews != b.value.pageViews
                ? a.value.pageViews > b.value.pageViews : a.key.lexicographicallyPrecedes(b.key)
        }
        .map { ($0.key.isEmpty ? nil : String(decoding: $0.key, as: UTF8.self), $0.value) }
    }

    /// Breakdown values by sessions, then by their bytes; sessions without the property last.
    private var values: [(name: String?, totals: SessionGroupTotals)] {
        totals.breakdown.sorted { a, b in
            guard let x = a.key, let y = b.key else { return a.key != nil && b.key == nil }
            return a.value.sessions != b.value.sessions
                ? a.value.sessions > b.value.sessions : x.lexicographicallyPrecedes(y)
        }
        .map { ($0.key.map { String(decoding: $0, as: UTF8.self) }, $0.value) }
    }

    private func ratio(_ a: Int, _ b: Int) -> Double? { b == 0 ? nil : Double(a) / Double(b) }

    /// The JSON report (Docs/sessions.md).
    var json: JSONOutput {
        var members: [(String, JSONOutput)] = [
            (
                "summary",
                .object([
                    ("files", .int(reports.count)), ("lines", .int(reports.totalLines)),
                    ("malformed_lines", .int(reports.totalMalformedLines)), ("events", .int(analysis.events)),
                    ("skipped_events", .int(analysis.skippedEvents)),
                    ("identity", .string(analysis.identity.rawValue)),
                    ("gap_ms", .int(analysis.configuration.gapMilliseconds)),
                    ("sessions", .int(summary.sessions)), ("users", .int(summary.users)),
                    ("sessions_per_user", .double(ratio(summary.sessions, summary.users))),
                    ("bounces", .int(summary.bounces)),
                    ("bounce_rate", .double(ratio(summary.bounces, summary.sessions))),
                    ("page_views", .int(summary.pageViews)),
                    ("page_views_per_session", .double(ratio(summary.pageViews, summary.sessions))),
                    ("total_duration_ms", .int(summary.totalDurationMs)),
                    ("median_duration_ms", .double(summary.medianDurationMs)),
                    ("p90_duration_ms", .double(summary.p90DurationMs)),
                    ("unended_page_views", .int(totals.unendedPageViews)),
                ])
            ),
            (
                "screens",
                .array(
                    screens.map { screen in
                        .object([
                            ("screen", .string(screen.name)), ("page_views", .int(screen.totals.pageViews)),
                            ("entries", .int(screen.totals.entries)), ("exits", .int(screen.totals.exits)),
                            ("total_stay_ms", .int(screen.totals.totalStayMs)),
                            ("median_stay_ms", .double(screen.totals.medianStayMs)),
                            ("p90_stay_ms", .double(screen.totals.p90StayMs)), ("unended", .int(screen.totals.unended)),
                        ])
                    })
            ),
        ]
        if let property = analysis.configuration.breakdown {
            members.append(
                (
                    "breakdown",
                    .object([
                        ("property", .string(property)),
                        (
                            "values",
                            .array(
                                values.map { value in
                                    .object([
                                        ("value", .string(value.name)), ("sessions", .int(value.totals.sessions)),
                                        ("users", .int(value.totals.users)), ("bounces", .int(value.totals.bounces)),
                                        ("page_views", .int(value.totals.pageViews)),
                                        ("total_duration_ms", .int(value.totals.totalDurationMs)),
                                        ("median_duration_ms", .double(value.totals.medianDurationMs)),
                                        ("p90_duration_ms", .double(value.totals.p90DurationMs)),
                                    ])
                                })
                        ),
                    ])
                ))
        }
        members.append(
            (
                "sdk_durations",
                .object([("app_end", differences(totals.appEnd)), ("page_leave", differences(totals.pageLeave))])
            ))
        members.append(("malformed_examples", MalformedReport.json(analysis.malformedExamples, reports)))
        return .envelope(command: "sessions", members)
    }

    private func differences(_ d: DurationDifferences) -> JSONOutput {
        .object([
            ("compared", .int(d.compared)), ("median_abs_diff_ms", .double(d.median)),
            ("p90_abs_diff_ms", .double(d.p90)), ("max_abs_diff_ms", .int(d.max)),
        ])
    }

    /// The text report: the summary, the screens, the breakdown, the SDK's durations.
    var text: String {
        let g = Terminal.grouped
        let d = Terminal.duration(milliseconds:)
        var out =
            "\(g(summary.sessions)) sessions of \(g(summary.users)) "
            + (analysis.identity == .stitched ? "persons" : "users")
            + " (gap \(d(Double(analysis.configuration.gapMilliseconds)))), "
            + "\(g(summary.pageViews)) page views, \(g(summary.bounces)) bounces "
            + "(\(Terminal.percent(ratio(summary.bounces, summary.sessions))))\n"
            + "duration  total \(d(Double(summary.totalDurationMs))), median \(d(summary.medianDurationMs)), "
            + "p90 \(d(summary.p90DurationMs))\n"
            + "per user  \(number(ratio(summary.sessions, summary.users))) sessions; per session "
            + "\(number(ratio(summary.pageViews, summary.sessions))) page views; "
            + "\(g(totals.unendedPageViews)) page views unended\n"
        if !screens.isEmpty {
            out +=
                "\n"
                + Terminal.table(
                    ["screen", "page views", "entries", "exits", "total stay", "median", "p90", "unended"],
                    screens.map { screen in
                        [
                            screen.name ?? "(none)", g(screen.totals.pageViews), g(screen.totals.entries),
                            g(screen.totals.exits), d(Double(screen.totals.totalStayMs)), d(screen.totals.medianStayMs),
                            d(screen.totals.p90StayMs), g(screen.totals.unended),
                        ]
                    }) + "\n"
        }
        if let property = analysis.configuration.breakdown {
            out +=
                "\n"
                + Terminal.table(
                    [property, "sessions", "users", "bounces", "page views", "median", "p90"],
                    values.map { value in
                        [
                            value.name ?? "(none)", g(value.totals.sessions), g(value.totals.users),
                            g(value.totals.bounces), g(value.totals.pageViews), d(value.totals.medianDurationMs),
                            d(value.totals.p90DurationMs),
                        ]
                    }) + "\n"
        }
        out +=
            "\nsdk durations against event times (|event_duration − event-time duration|)\n"
            + differenceLine("$AppEnd", totals.appEnd) + differenceLine("$AppPageLeave", totals.pageLeave)
        return out + Terminal.fileTable(reports) + MalformedReport.text(analysis.malformedExamples, reports)
    }

    private func differenceLine(_ name: String, _ d: DurationDifferences) -> String {
        let span = Terminal.duration(milliseconds:)
        return "  \(name.padded(to: 14))\(Terminal.grouped(d.compared)) compared, "
            + "median \(span(d.median)), p90 \(span(d.p90)), max \(span(d.max.map(Double.init)))\n"
    }

    private func number(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "-" }
}
