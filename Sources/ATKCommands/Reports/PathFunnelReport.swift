import ATKCore

/// `atk funnel --path ...` as text, JSON or CSV.
struct PathFunnelReport: FunnelReport {
    let result: PathFunnelResult
    let reports: [FileReport]

    private var configuration: PathFunnelAnalysis.Configuration { result.configuration }

    private func double(_ value: Double?) -> JSONOutput { value.map { .double($0) } ?? .null }

    // MARK: JSON

    var json: JSONOutput {
        let lines = reports.totalLines
        let malformed = reports.totalMalformedLines
        var entity = JSONOutput.null
        if let node = configuration.entityNode {
            entity = .object([
                ("node", .string(node)),
                (
                    "entities",
                    .array(
                        result.entities.map { row in
                            .object([
                                ("entity", .string(row.entity)), ("conversions", .int(row.conversions)),
                                ("users", .int(row.users)), ("share", double(row.share)),
                            ])
                        })
                ),
            ])
        }
        return .envelope(
            command: "funnel",
            [
                ("kind", .string("paths")),
                ("conversion", .string(configuration.conversionEvent)),
                ("path_property", .string(configuration.pathProperty)),
                (
                    "summary",
                    .object([
                        ("files", .int(reports.count)), ("lines", .int(lines)), ("events", .int(result.events)),
                        ("malformed_lines", .int(malformed)), ("conversions", .int(result.conversions)),
                        ("with_path", .int(result.withPath)), ("without_path", .int(result.withoutPath)),
                        ("invalid_path", .int(result.invalidPath)), ("distinct_paths", .int(result.distinctPaths)),
                        ("users", .int(result.users)),
                    ])
                ),
                ("top", .int(result.paths.count)),
                (
                    "paths",
                    .array(
                        result.paths.map { row in
                            .object([
                                ("path", .array(row.nodes.map { .string($0) })), ("conversions", .int(row.conversions)),
                                ("users", .int(row.users)), ("share", double(row.share)),
                            ])
                        })
                ),
                (
                    "edges",
                    .array(
                        result.edges.map { edge in
                            .object([
                                ("source", .string(edge.source)), ("target", .string(edge.target)),
                                ("count", .int(edge.count)),
                            ])
                        })
                ),
                ("pattern", .string(configuration.pattern?.description)),
                ("strict", .bool(configuration.pattern?.isStrict ?? false)),
                (
                    "steps",
                    configuration.pattern == nil
                        ? .null
                        : .array(
                            result.steps.map { row in
                                .object([
                                    ("step", .string(row.step)), ("conversions", .int(row.conversions)),
                                    ("users", .int(row.users)),
                                    (
                                        "conversion_from_previous",
                                        double(row.conversionFromPrevious ?? (row.conversions > 0 ? 1 : nil))
                                    ),
                                    ("conversion_from_first", double(row.conversionFromFirst)),
                                    ("share", double(row.share)),
                                ])
                            })
                ),
                ("entity", entity),
                (
                    "invalid_path_examples",
                    .array(
                        result.invalidPathLines.map { location in
                            .object([
                                ("file", .string(reports[location.fileIndex].source.displayName)),
                                ("line", .int(location.line)),
                            ])
                        })
                ),
                ("malformed_examples", MalformedReport.json(result.malformedExamples, reports)),
            ])
    }

    // MARK: Text

    var text: String {
        let g = Terminal.grouped
        var out =
            "conversions  \(g(result.conversions)) \(configuration.conversionEvent) events, \(g(result.users)) users; "
            + "\(g(result.withPath)) with a \(configuration.pathProperty), \(g(result.withoutPath)) without"
            + (result.invalidPath > 0 ? ", \(g(result.invalidPath)) unreadable" : "") + "\n"
        out += "paths        \(g(result.distinctPaths)) distinct\n"
        for location in result.invalidPathLines {
            out += "  unreadable path: \(reports[location.fileIndex].source.displayName):\(location.line)\n"
        }
        if let pattern = configuration.pattern {
            out += "\nfunnel \(pattern)\(pattern.isStrict ? " (adjacent)" : "")\n"
            let first = result.steps.first?.conversions ?? 0
            out +=
                Terminal.table(
                    ["step", "conversions", "users", "from prev", "from first", "share", ""],
                    result.steps.enumerated().map { index, row in
                        [
                            "\(index + 1) \(row.step)", g(row.conversions), g(row.users),
                            Terminal.percent(row.conversionFromPrevious ?? (row.conversions > 0 ? 1 : nil)),
                            Terminal.percent(row.conversionFromFirst), Terminal.percent(row.share),
                            Terminal.bar(first == 0 ? 0 : Double(row.conversions) / Double(first)),
                        ]
                    }) + "\n"
        }
        if let node = configuration.entityNode {
            out +=
                "\nby entity at \(Terminal.safe(node))"
                + (configuration.pattern == nil ? "" : " (paths completing the funnel)") + "\n"
            out +=
                Terminal.table(
                    ["entity", "conversions", "users", "share"],
                    result.entities.map { row in
                        [row.entity ?? "(none)", g(row.conversions), g(row.users), Terminal.percent(row.share)]
                    }) + "\n"
        }
        if !result.paths.isEmpty {
            out += "\ntop \(result.paths.count) path\(result.paths.count == 1 ? "" : "s")\n"
            out +=
                Terminal.table(
                    ["path", "conversions", "users", "share"],
                    result.paths.map { row in
                        [
                            row.nodes.joined(separator: " > "), g(row.conversions), g(row.users),
                            Terminal.percent(row.share),
                        ]
                    }) + "\n"
        }
        if !result.edges.isEmpty {
            out +=
                "\nedges\n"
                + Terminal.table(
                    ["source", "target", "count"], result.edges.map { [$0.source, $0.target, g($0.count)] }) + "\n"
        }
        return out + MalformedReport.text(result.malformedExamples, reports)
    }

    // MARK: CSV

    /// One table: the entities with `--entity`, else the pattern's steps, else the top paths.
    var csv: CSVTable {
        if configuration.entityNode != nil {
            var table = CSVTable(header: ["entity", "conversions", "users", "share"])
            table.rows = result.entities.map {
                [$0.entity ?? "", String($0.conversions), String($0.users), CSVTable.number($0.share)]
            }
            return table
        }
        if configuration.pattern != nil {
            var table = CSVTable(header: [
                "step_number", "step", "conversions", "users", "conversion_from_previous", "conversion_from_first",
                "share",
            ])
            table.rows = result.steps.enumerated().map { index, row in
                [
                    String(index + 1), row.step, String(row.conversions), String(row.users),
                    CSVTable.number(row.conversionFromPrevious ?? (row.conversions > 0 ? 1 : nil)),
                    CSVTable.number(row.conversionFromFirst), CSVTable.number(row.share),
                ]
            }
            return table
        }
        var table = CSVTable(header: ["path", "conversions", "users", "share"])
        table.rows = result.paths.map {
            [$0.nodes.joined(separator: ">"), String($0.conversions), String($0.users), CSVTable.number($0.share)]
        }
        return table
    }
}
