import ATKCore

/// `atk retention` as text or JSON: per cohort its size, and users retained and rates per offset.
struct RetentionReport: TextOrJSONReport {
    /// The analysis, after reading (its configuration, counters and malformed lines).
    let analysis: RetentionAnalysis
    /// Its cohorts, by period.
    let cohorts: [RetentionCohort]
    /// One report per input, in order.
    let reports: [FileReport]

    private var configuration: RetentionConfiguration { analysis.configuration }

    private func name(_ cohort: RetentionCohort) -> String { configuration.calendar.name(of: cohort.period) }

    private func rates(_ cohort: RetentionCohort) -> [Double] {
        cohort.retained.map { Double($0) / Double(cohort.size) }
    }

    /// The JSON report (Docs/retention.md).
    var json: JSONOutput {
        .envelope(
            command: "retention",
            [
                (
                    "summary",
                    .object([
                        ("files", .int(reports.count)), ("lines", .int(reports.totalLines)),
                        ("malformed_lines", .int(reports.totalMalformedLines)), ("events", .int(analysis.events)),
                        ("skipped_events", .int(analysis.skippedEvents)),
                        ("identity", .string(analysis.identity.rawValue)),
                        ("start", .string(configuration.start.description)),
                        ("return", .string(configuration.returning.description)),
                        ("period", .string(configuration.calendar.period.rawValue)),
                        ("periods", .int(configuration.periods)),
                        ("tz", .string(configuration.calendar.zoneName)), ("cohorts", .int(cohorts.count)),
                    ])
                ),
                (
                    "cohorts",
                    .array(
                        cohorts.map { cohort in
                            .object([
                                ("period", .string(name(cohort))), ("size", .int(cohort.size)),
                                ("retained", .array(cohort.retained.map { .int($0) })),
                                ("rates", .array(rates(cohort).map { .double($0) })),
                            ])
                        })
                ),
                ("malformed_examples", MalformedReport.json(analysis.malformedExamples, reports)),
            ])
    }

    /// The text report: one row per cohort, the size then the rate at each offset.
    var text: String {
        let g = Terminal.grouped
        var out =
            "retention from \(Terminal.safe(configuration.start.description)) to "
            + "\(Terminal.safe(configuration.returning.description)), by \(configuration.calendar.period.rawValue) "
            + "in \(configuration.calendar.zoneName)"
            + (analysis.identity == .stitched ? ", persons stitched" : "") + ": \(g(cohorts.count)) cohorts\n"
        if !cohorts.isEmpty {
            let offsets = (0...configuration.periods).map { "+\($0)" }
            out +=
                "\n"
                + Terminal.table(
                    ["cohort", "users"] + offsets,
                    cohorts.map { cohort in
                        [name(cohort), g(cohort.size)]
                            + zip(cohort.retained, rates(cohort)).map { "\(g($0)) \(Terminal.percent($1))" }
                    }) + "\n"
        }
        return out + Terminal.fileTable(reports) + MalformedReport.text(analysis.malformedExamples, reports)
    }
}
