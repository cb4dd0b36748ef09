import ATKCore
import Foundation

/// `atk impressions` as text or JSON: duplicate and missing impressions per page view.
struct ImpressionsReport: TextOrJSONReport {
    /// The analysis's findings, after reading.
    let result: ImpressionReport
    /// The options the analysis ran with (the report names them).
    let options: ImpressionOptions
    /// Events read.
    let events: Int
    /// The malformed lines listed.
    let malformedExamples: [MalformedExamples.Example]
    /// One report per input, in order.
    let reports: [FileReport]

    /// The text report, the malformed lines last.
    var text: String { reportText + MalformedReport.text(malformedExamples, reports) }

    /// The JSON report (Docs/output.md), `malformed_examples` last.
    var json: JSONOutput { MalformedReport.adding(malformedExamples, to: reportJSON, reports) }

    // MARK: - JSON

    /// The JSON report (Docs/output.md), without the malformed lines.
    private var reportJSON: JSONOutput {
        let report = result
        let summary = report.summary
        return .envelope(
            command: "impressions",
            [
                (
                    "options",
                    .object([
                        ("exposure_events", .array(options.exposureEvents.map { .string($0) })),
                        ("click_event", .string(options.clickEvent)),
                        ("key", .array(options.keyProperties.map { .string($0) })),
                        ("identifiers", .string(options.useRecordedIdentifiers ? "recorded" : "rebuilt")),
                        ("policy", .string(options.policy.rawValue)),
                        ("window_ms", options.policy == .window ? .int(options.windowMilliseconds) : .null),
                        ("batch_gap_ms", options.policy == .buffer ? .int(options.batchGapMilliseconds) : .null),
                        ("items_property", .string(options.itemsProperty)),
                        ("index_property", .string(options.indexProperty)),
                        ("breakdown", .string(options.breakdownProperty)),
                    ])
                ),
                (
                    "summary",
                    .object(
                        Self.counts(summary) + [
                            ("keys_above_full_click_through", .int(report.keysAboveFullClickThroughCount)),
                            ("screens_above_full_click_through", .int(report.screensAboveFullClickThrough.count)),
                            ("users", .int(report.users)),
                            ("events_outside_page_views", .int(report.eventsOutsidePageViews)),
                            ("skipped_events", .int(report.skippedEvents)),
                            ("files", .int(reports.count)),
                            ("malformed_lines", .int(reports.totalMalformedLines)),
                        ])
                ),
                (
                    "by_screen",
                    .array(report.byScreen.map { .object([("screen", .string($0.screen))] + Self.counts($0.counts)) })
                ),
                (
                    "by_element",
                    .array(
                        report.byElement.map { row in
                            .object(
                                [("screen", .string(row.screen)), ("element_path", .string(row.elementPath))]
                                    + Self.counts(row.counts).filter { $0.0 != "page_views" && $0.0 != "clicks" })
                        })
                ),
                (
                    "breakdown",
                    options.breakdownProperty.map { property in
                        .object([
                            ("property", .string(property)),
                            (
                                "values",
                                .array(
                                    report.byValue.map {
                                        .object([("value", .string($0.value))] + Self.counts($0.counts))
                                    })
                            ),
                        ])
                    } ?? .null
                ),
                (
                    "click_through_above_100",
                    .object([
                        (
                            "keys",
                            .array(
                                report.keysAboveFullClickThrough.map { row in
                                    .object([
                                        ("key", Self.key(row.key, options)), ("exposures", .int(row.exposures)),
                                        ("clicks", .int(row.clicks)),
                                    ])
                                })
                        ),
                        ("screens", .array(report.screensAboveFullClickThrough.map { .string($0) })),
                    ])
                ),
                (
                    "findings",
                    .object(
                        ImpressionReport.Finding.allCases.map { ($0.rawValue, .int(report.findingCounts[$0] ?? 0)) })
                ),
                (
                    "examples",
                    .array(
                        report.examples.map { example in
                            .object([
                                ("finding", .string(example.finding.rawValue)),
                                ("file", .string(reports[example.location.fileIndex].source.displayName)),
                                ("line", .int(example.location.line)), ("user", .string(example.user)),
                                ("screen", .string(example.screen)), ("key", Self.key(example.key, options)),
                                ("detail", .string(example.detail)),
                            ])
                        })
                ),
            ])
    }

    private static func counts(_ counts: ImpressionReport.Counts) -> [(String, JSONOutput)] {
        [
            ("exposures", .int(counts.exposures)), ("duplicates", .int(counts.duplicates)),
            ("clicks", .int(counts.clicks)), ("clicks_without_exposure", .int(counts.clicksWithoutExposure)),
            ("index_gaps", .int(counts.indexGaps)), ("page_views", .int(counts.pageViews)),
            ("judged_clicks", .int(counts.judgedClicks)), ("duplicate_rate", rate(counts.duplicateRate)),
            ("missing_rate", rate(counts.missingRate)), ("click_through", rate(counts.clickThrough)),
        ]
    }

    /// A rate rounded to 6 decimals, or null.
    private static func rate(_ value: Double?) -> JSONOutput {
        value.map { .double(($0 * 1_000_000).rounded() / 1_000_000) } ?? .null
    }

    private static func key(_ values: [String?], _ options: ImpressionOptions) -> JSONOutput {
        .object(zip(options.keyProperties, values).map { ($0, .string($1)) })
    }

    // MARK: - Text

    /// The text report, without the malformed lines: summary, tables, items above 100% and examples.
    private var reportText: String {
        let report = result
        let malformed = reports.totalMalformedLines
        let g = Terminal.grouped
        let s = report.summary
        var out =
            "\(g(reports.count)) file\(reports.count == 1 ? "" : "s"), \(g(events)) events, \(g(malformed)) malformed, "
            + "\(g(report.users)) users, \(g(s.pageViews)) page views\n"
        let identifiers =
            options.useRecordedIdentifiers ? "recorded identifiers" : "identifiers rebuilt from $responder_chain"
        var policy = options.policy.rawValue
        if options.policy == .window { policy += " \(options.windowMilliseconds) ms" }
        if options.policy == .buffer { policy += ", batch gap \(options.batchGapMilliseconds) ms" }
        out += "policy    \(policy); key \(options.keyProperties.joined(separator: ", ")) (\(identifiers))\n"
        if report.skippedEvents > 0 {
            out += "skipped   \(g(report.skippedEvents)) events without a string distinct_id or an integer time\n"
        }
        out +=
            "\n"
            + Terminal.table(
                ["", "count", "rate"],
                [
                    ["exposures", g(s.exposures), ""],
                    ["duplicates", g(s.duplicates), Self.percent(s.duplicateRate) + " of exposures"],
                    ["clicks", g(s.clicks), "\(g(s.judgedClicks)) on exposed elements (judged)"],
                    [
                        "clicks without exposure", g(s.clicksWithoutExposure),
                        Self.percent(
                            s.judgedClicks == 0 ? nil : Double(s.clicksWithoutExposure) / Double(s.judgedClicks))
                            + " of judged clicks",
                    ],
                    ["index gaps", g(s.indexGaps), ""],
                    [
                        "missing (estimated)", g(s.clicksWithoutExposure + s.indexGaps),
                        Self.percent(s.missingRate) + " of expected exposures",
                    ],
                    ["click-through", "", Self.percent(s.clickThrough)],
                    [
                        "above 100% click-through", "\(g(report.keysAboveFullClickThroughCount)) items",
                        "\(report.screensAboveFullClickThrough.count) screens",
                    ],
                ]) + "\n"
        if !report.byValue.isEmpty, let property = options.breakdownProperty {
            out += "\n" + Self.countsTable(property, report.byValue.map { ($0.value ?? "(none)", $0.counts) }) + "\n"
        }
        if !report.byScreen.isEmpty {
            out += "\n" + Self.countsTable("screen", report.byScreen.map { ($0.screen ?? "(none)", $0.counts) }) + "\n"
        }
        if !report.byElement.isEmpty {
            out +=
                "\n"
                + Terminal.table(
                    [
                        "screen", "element path", "exposures", "duplicates", "judged clicks", "without exposure",
                        "index gaps",
                    ],
                    report.byElement.map { row in
                        [
                            row.screen ?? "(none)", row.elementPath ?? "(none)", g(row.counts.exposures),
                            g(row.counts.duplicates),
                            g(row.counts.judgedClicks), g(row.counts.clicksWithoutExposure), g(row.counts.indexGaps),
                        ]
                    }) + "\n"
        }
        if !report.keysAboveFullClickThrough.isEmpty {
            let shown = report.keysAboveFullClickThrough.count
            let total = report.keysAboveFullClickThroughCount
            out +=
                "\nitems clicked more often than exposed" + (total > shown ? " (first \(shown) of \(g(total)))" : "")
                + ":\n"
            for row in report.keysAboveFullClickThrough {
                out +=
                    "  \(Terminal.safe(Self.keyText(row.key)))  \(g(row.clicks)) clicks, \(g(row.exposures)) exposures\n"
            }
        }
        for kind in ImpressionReport.Finding.allCases {
            let examples = report.examples.filter { $0.finding == kind }
            guard !examples.isEmpty else { continue }
            let total = report.findingCounts[kind] ?? 0
            out +=
                "\n\(kind.rawValue.replacingOccurrences(of: "_", with: " ")) examples"
                + (total > examples.count ? " (first \(examples.count) of \(g(total)))" : "") + ":\n"
            for example in examples {
                out +=
                    "  \(reports[example.location.fileIndex].source.displayName):\(example.location.line)  "
                    + Terminal.safe(
                        "user \(example.user)  \(example.screen ?? "(no screen)")  \(Self.keyText(example.key))") + "\n"
                    + "    \(Terminal.safe(example.detail))\n"
            }
        }
        return out
    }

    private static func countsTable(_ title: String, _ rows: [(String, ImpressionReport.Counts)]) -> String {
        let g = Terminal.grouped
        return Terminal.table(
            [
                title, "page views", "exposures", "duplicates", "clicks", "judged", "without exposure", "index gaps",
                "click-through",
            ],
            rows.map { name, c in
                [
                    name, g(c.pageViews), g(c.exposures), g(c.duplicates), g(c.clicks), g(c.judgedClicks),
                    g(c.clicksWithoutExposure), g(c.indexGaps), percent(c.clickThrough),
                ]
            })
    }

    private static func percent(_ rate: Double?) -> String { Terminal.percent(rate, decimals: 2) }

    private static func keyText(_ key: [String?]) -> String {
        key.map { $0 ?? "-" }.joined(separator: " | ")
    }
}
