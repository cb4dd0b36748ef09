import ATKCore
import ATKFunnel

/// `atk funnel --steps ...` as text, JSON or CSV.
struct EventFunnelReport: FunnelReport {
    let result: EventFunnelResult
    let reports: [FileReport]

    private var configuration: EventFunnelConfiguration { result.configuration }
    private var stepNames: [String] { configuration.steps.steps.map(\.description) }

    // MARK: JSON

    var json: JSONOutput {
        let lines = reports.totalLines
        let malformed = reports.totalMalformedLines
        var breakdown = JSONOutput.null
        if let property = configuration.breakdownProperty {
            breakdown = .object([
                ("property", .string(property)), ("limit", .int(configuration.breakdownLimit)),
                (
                    "groups",
                    .array(
                        result.breakdown.map { group in
                            .object([
                                ("value", .string(group.value)), ("other", .bool(group.isOther)),
                                ("excluded", .int(group.counted.excludedCount)), ("steps", steps(group)),
                            ])
                        })
                ),
            ])
        }
        return .envelope(
            command: "funnel",
            [
                ("kind", .string("events")),
                ("steps", steps(result.total)),
                ("window", .string(configuration.window.text)), ("window_ms", .int(configuration.window.milliseconds)),
                ("mode", .string(configuration.mode.name)),
                ("clickhouse_options", .array(configuration.mode.clickHouseOptions.map { .string($0) })),
                ("count", .string(configuration.unit.rawValue)),
                ("by", .string(configuration.userProperty ?? "distinct_id")),
                ("exclusions", .array(configuration.steps.exclusions.map { .string($0.description) })),
                ("excluded", .int(result.total.counted.excludedCount)),
                ("breakdown", breakdown),
                (
                    "summary",
                    .object([
                        ("files", .int(reports.count)), ("lines", .int(lines)), ("events", .int(result.events)),
                        ("malformed_lines", .int(malformed)), ("matched_events", .int(result.matchedEvents)),
                        ("exclusion_events", .int(result.exclusionEvents)),
                        ("skipped_events", .int(result.skippedEvents)),
                        ("users", .int(result.userCount)),
                    ])
                ),
                ("malformed_examples", MalformedReport.json(result.malformedExamples, reports)),
            ])
    }

    /// The `steps` array of one group.
    private func steps(_ group: EventFunnelResult.Group) -> JSONOutput {
        .array(
            zip(stepNames, rows(group)).map { name, row in
                .object([
                    ("step", .string(name)), ("users", .int(row.users)),
                    ("conversions", .int(row.conversions.map(Int64.init))),
                    ("conversion_from_previous", double(row.fromPrevious)),
                    ("conversion_from_first", double(row.fromFirst)),
                    ("median_ms_from_previous", double(row.median)), ("p90_ms_from_previous", double(row.p90)),
                ])
            })
    }

    private func double(_ value: Double?) -> JSONOutput { value.map { .double($0) } ?? .null }

    /// One step's numbers: counts in both units, rates and times in the counted one.
    ///
    /// Step 1's rate from the previous step is its rate from the first (1 when anyone entered).
    private struct Row {
        var users: Int
        var conversions: Int?
        var fromPrevious: Double?
        var fromFirst: Double?
        var median: Double?
        var p90: Double?
        var count: Int { conversions ?? users }
    }

    private func rows(_ group: EventFunnelResult.Group) -> [Row] {
        group.counted.steps.indices.map { index in
            let counted = group.counted.steps[index]
            return Row(
                users: group.users.steps[index].count, conversions: group.conversions?.steps[index].count,
                fromPrevious: index == 0 ? counted.conversionFromFirst : counted.conversionFromPrevious,
                fromFirst: counted.conversionFromFirst, median: counted.medianFromPrevious, p90: counted.p90FromPrevious
            )
        }
    }

    // MARK: Text

    var text: String {
        let g = Terminal.grouped
        let unit = configuration.unit.rawValue
        var out =
            "funnel    \(stepNames.count) step\(stepNames.count == 1 ? "" : "s"), window \(configuration.window.text) "
            + "(\(g(Int(configuration.window.milliseconds))) ms), mode \(configuration.mode.name), counting \(unit) by \(configuration.userProperty ?? "distinct_id")\n"
        let malformed = reports.totalMalformedLines
        out +=
            "read      \(g(result.events)) events, \(g(malformed)) malformed, \(g(result.matchedEvents)) matching a step, \(g(result.userCount)) users"
            + (result.skippedEvents > 0
                ? ", \(g(result.skippedEvents)) matching events skipped (not track, no time or no \(configuration.userProperty ?? "distinct_id"))"
                : "") + "\n"
        if !configuration.steps.exclusions.isEmpty {
            out +=
                "excluded  \(g(result.total.counted.excludedCount)) \(configuration.unit == .users ? "users" : "attempts") with "
                + configuration.steps.exclusions.map(\.description).joined(separator: " or ")
                + " between their first and last step\n"
        }
        out += "\n" + table(result.total) + "\n"
        if let property = configuration.breakdownProperty {
            for group in result.breakdown {
                let label =
                    group.isOther ? "other values" : group.value.map { "\"\(Terminal.safe($0))\"" } ?? "no value"
                out += "\n\(Terminal.safe(property)) = \(label)\n" + table(group) + "\n"
            }
        }
        return out + MalformedReport.text(result.malformedExamples, reports)
    }

    private func table(_ group: EventFunnelResult.Group) -> String {
        let g = Terminal.grouped
        let rows = rows(group)
        let first = rows.first?.count ?? 0
        var header = ["step", "users"]
        if configuration.unit == .conversions { header.append("conversions") }
        header += ["from prev", "from first", "median", "p90", ""]
        let body = zip(stepNames, rows).enumerated().map { index, item in
            let (name, row) = item
            var cells = ["\(index + 1) \(name)", g(row.users)]
            if let conversions = row.conversions { cells.append(g(conversions)) }
            cells += [
                Terminal.percent(row.fromPrevious), Terminal.percent(row.fromFirst),
                Terminal.duration(milliseconds: row.median), Terminal.duration(milliseconds: row.p90),
                Terminal.bar(first == 0 ? 0 : Double(row.count) / Double(first)),
            ]
            return cells
        }
        return Terminal.table(header, body)
    }

    // MARK: CSV

    var csv: CSVTable {
        var table = CSVTable(header: [
            "group", "value", "step_number", "step", "users", "conversions",
            "conversion_from_previous", "conversion_from_first",
            "median_ms_from_previous", "p90_ms_from_previous",
        ])
        func add(_ group: EventFunnelResult.Group, kind: String) {
            for (index, (name, row)) in zip(stepNames, rows(group)).enumerated() {
                table.rows.append([
                    kind, group.value ?? "", String(index + 1), name, String(row.users),
                    row.conversions.map(String.init) ?? "", CSVTable.number(row.fromPrevious),
                    CSVTable.number(row.fromFirst), CSVTable.number(row.median), CSVTable.number(row.p90),
                ])
            }
        }
        add(result.total, kind: "total")
        for group in result.breakdown {
            add(group, kind: group.isOther ? "other" : group.value == nil ? "missing" : "value")
        }
        return table
    }
}
