import ATKCore

extension ReportDocument {
    private typealias Cell = HTMLText.Cell

    /// The elements of the JSON array at `path`.
    private static func array(_ json: JSONOutput, _ path: String...) -> [JSONOutput] {
        var node: JSONOutput? = json
        for step in path { node = node?.value(at: step) }
        guard case .array(let elements)? = node else { return [] }
        return elements
    }

    private static func string(_ json: JSONOutput, _ key: String) -> String {
        json.value(at: key).flatMap(text) ?? "–"
    }

    private static func count(_ json: JSONOutput, _ path: String...) -> Cell {
        var node: JSONOutput? = json
        for step in path { node = node?.value(at: step) }
        return .number(display(node?.number))
    }

    private static func percent(_ json: JSONOutput, _ key: String) -> Cell {
        .number(Terminal.percent(json.value(at: key)?.number, decimals: 2))
    }

    private static func milliseconds(_ value: Double?) -> String {
        guard let value else { return "–" }
        return value >= 1000 ? "\(String(format2: value / 1000)) s" : "\(Int(value)) ms"
    }

    static func validateHTML(_ json: JSONOutput) -> String {
        var out = "<section id=\"validate\">\n<h2>Validation</h2>\n"
        out +=
            "<p>\(display(json.value(at: "summary", "error_lines")?.number)) lines with errors, "
            + "\(display(json.value(at: "summary", "warning_lines")?.number)) with warnings, of "
            + "\(display(json.value(at: "summary", "lines")?.number)) lines.</p>\n"
        let rows = array(json, "rules").map { rule -> [Cell] in
            let examples = array(rule, "examples").map { example in
                HTMLText.escaped(
                    "\(string(example, "file")):\(Int(example.value(at: "line")?.number ?? 0)): \(string(example, "message"))"
                )
            }
            return [
                .text(string(rule, "id")), .text(string(rule, "severity")), count(rule, "count"),
                percent(rule, "share"), Cell(html: examples.joined(separator: "<br>")),
            ]
        }
        out += HTMLText.table(
            caption: "Rules that found something, with examples (file:line)",
            [.text("rule"), .text("severity"), .number("lines"), .number("share"), .text("examples")], rows)
        return out + "</section>\n"
    }

    static func funnelHTML(name: String, _ json: JSONOutput) -> String {
        var out = "<section class=\"funnel\">\n<h2>Funnel \(HTMLText.escaped(name))</h2>\n"
        let steps = array(json, "steps")
        let rows = steps.map { step -> [Cell] in
            let counted = step.value(at: "conversions")?.number ?? step.value(at: "users")?.number
            let fromFirst = step.value(at: "conversion_from_first")?.number
            return [
                .text(string(step, "step")), .number(display(counted)), percent(step, "conversion_from_first"),
                HTMLText.bar(fromFirst), percent(step, "conversion_from_previous"),
                .number(milliseconds(step.value(at: "median_ms_from_previous")?.number)),
            ]
        }
        out += HTMLText.table(
            caption: "\(name): \(string(json, "count")) reaching each step within \(string(json, "window"))",
            [
                .text("step"), .number(string(json, "count")), .number("from first"), .text(""),
                .number("from previous"),
                .number("median time from previous"),
            ], rows)
        return out + "</section>\n"
    }

    static func pathFunnelHTML(name: String, _ json: JSONOutput) -> String {
        var out = "<section class=\"paths\">\n<h2>Action paths \(HTMLText.escaped(name))</h2>\n"
        out +=
            "<p>\(display(json.value(at: "summary", "conversions")?.number)) conversions of "
            + "\(HTMLText.escaped(string(json, "conversion"))), \(display(json.value(at: "summary", "without_path")?.number)) "
            + "without a path.</p>\n"
        let paths = array(json, "paths")
        out += HTMLText.table(
            caption: "Top action paths of \(name)",
            [.text("path"), .number("conversions"), .number("users"), .number("share"), .text("")],
            paths.map { path in
                let nodes = array(path, "path").compactMap(text).joined(separator: " › ")
                return [
                    .text(nodes), count(path, "conversions"), count(path, "users"), percent(path, "share"),
                    HTMLText.bar(path.value(at: "share")?.number),
                ]
            })
        let edges = array(json, "edges").prefix(40).compactMap { edge -> SankeyDiagram.Flow? in
            guard let source = edge.value(at: "source").flatMap(text),
                let target = edge.value(at: "target").flatMap(text),
                let count = edge.value(at: "count")?.number
            else { return nil }
            return SankeyDiagram.Flow(source: source, target: target, count: Int(count))
        }
        if !edges.isEmpty {
            out += SankeyDiagram(flows: edges).svg(title: "Node-to-node flows of \(name)")
            let peak = Double(edges.map(\.count).max() ?? 1)
            out += HTMLText.table(
                caption: "Node-to-node flows of \(name) (the diagram as a table)",
                [.text("from"), .text("to"), .number("conversions"), .text("")],
                edges.map {
                    [
                        .text($0.source), .text($0.target), .number(Terminal.grouped($0.count)),
                        HTMLText.bar(Double($0.count) / peak),
                    ]
                })
        }
        return out + "</section>\n"
    }

    static func impressionsHTML(_ json: JSONOutput) -> String {
        var out = "<section id=\"impressions\">\n<h2>Impressions</h2>\n"
        out +=
            "<p>Duplicate rate \(Terminal.percent(json.value(at: "summary", "duplicate_rate")?.number, decimals: 2)), "
            + "missing rate \(Terminal.percent(json.value(at: "summary", "missing_rate")?.number, decimals: 2)).</p>\n"
        out += HTMLText.table(
            caption: "Duplicate and missing impressions per screen",
            [
                .text("screen"), .number("exposures"), .number("duplicates"), .number("duplicate rate"), .text(""),
                .number("clicks without exposure"), .number("missing rate"),
            ],
            array(json, "by_screen").map { row in
                [
                    .text(string(row, "screen")), count(row, "exposures"), count(row, "duplicates"),
                    percent(row, "duplicate_rate"),
                    HTMLText.bar(row.value(at: "duplicate_rate")?.number, color: "#cf222e"),
                    count(row, "clicks_without_exposure"), percent(row, "missing_rate"),
                ]
            })
        return out + "</section>\n"
    }

    static func verifyHTML(_ json: JSONOutput) -> String {
        var out = "<section id=\"elements-verify\">\n<h2>Identifier mismatches</h2>\n"
        out +=
            "<p>\(display(json.value(at: "summary", "events_with_differences")?.number)) of "
            + "\(display(json.value(at: "summary", "with_chain")?.number)) events with a $responder_chain differ; "
            + "\(display(json.value(at: "summary", "invalid_chains")?.number)) chains are invalid.</p>\n"
        out += HTMLText.table(
            caption: "Identifier mismatches per app version",
            [
                .text("app version"), .number("with chain"), .number("differing"), .number("share"), .text(""),
                .number("path"), .number("position"), .number("screen"), .number("invalid chains"),
            ],
            array(json, "by_app_version").map { row in
                let with = row.value(at: "with_chain")?.number ?? 0
                let differing = row.value(at: "events_with_differences")?.number ?? 0
                let share = with > 0 ? differing / with : nil
                return [
                    .text(string(row, "version")), count(row, "with_chain"), count(row, "events_with_differences"),
                    .number(Terminal.percent(share, decimals: 2)), HTMLText.bar(share, color: "#cf222e"),
                    count(row, "mismatches", "element_path"), count(row, "mismatches", "element_position"),
                    count(row, "mismatches", "screen_name"), count(row, "invalid_chains"),
                ]
            })
        return out + "</section>\n"
    }

    static func matchHTML(_ json: JSONOutput) -> String {
        let events = array(json, "virtual_events")
        let peak = events.compactMap { $0.value(at: "events")?.number }.max() ?? 0
        return "<section id=\"elements-match\">\n<h2>Visual events</h2>\n"
            + HTMLText.table(
                caption: "Clicks per visual event of \(string(json, "config"))",
                [.text("visual event"), .text("screen"), .number("events"), .number("users"), .text("")],
                events.map { row in
                    [
                        .text(string(row, "name")), .text(string(row, "screen_name")), count(row, "events"),
                        count(row, "users"), HTMLText.bar(peak > 0 ? (row.value(at: "events")?.number ?? 0) / peak : 0),
                    ]
                }) + "</section>\n"
    }

    static func pathsHTML(_ json: JSONOutput) -> String {
        var out = "<section id=\"paths\">\n<h2>Action paths, recorded against rebuilt</h2>\n"
        out +=
            "<p>\(display(json.value(at: "summary", "match")?.number)) of "
            + "\(display(json.value(at: "summary", "conversions")?.number)) conversions record the path rebuilt "
            + "from views and clicks; \(display(json.value(at: "summary", "mismatch")?.number)) differ, "
            + "\(display(json.value(at: "summary", "missing")?.number)) record none, "
            + "\(display(json.value(at: "summary", "unrebuildable")?.number)) cannot be rebuilt.</p>\n"
        out += HTMLText.table(
            caption: "Conversions per app version",
            [
                .text("app version"), .number("conversions"), .number("match"), .number("mismatch"), .text(""),
                .number("missing"), .number("unrebuildable"),
            ],
            array(json, "by_app_version").map { row in
                let conversions = row.value(at: "conversions")?.number ?? 0
                let mismatch = row.value(at: "mismatch")?.number ?? 0
                return [
                    .text(string(row, "app_version")), count(row, "conversions"), count(row, "match"),
                    count(row, "mismatch"),
                    HTMLText.bar(conversions > 0 ? mismatch / conversions : nil, color: "#cf222e"),
                    count(row, "missing"), count(row, "unrebuildable"),
                ]
            })
        return out + "</section>\n"
    }
}
