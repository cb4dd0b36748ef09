import ATKCore

extension ReportDocument {
    /// `report.html`: one self-contained page, light and dark, alerts first.
    ///
    /// Inline CSS and SVG, no script, nothing fetched. Every chart has a title and a text alternative, and reads
    /// as a table with CSS-width bars too (mail clients drop SVG). Everything from the data is
    /// escaped.
    var html: String {
        let e = HTMLText.escaped
        var body = "<header>\n<h1>\(e(title))</h1>\n"
        body +=
            "<p class=\"muted\">\(e(fileNames.joined(separator: ", "))) · atk \(e(ATK.version))"
            + (baselineFile.map { " · baseline \(e($0))" } ?? "") + "</p>\n"
        if let selection {
            body +=
                "<p>Events from \(e(selection.since.map(Terminal.timestamp) ?? "the start")) to "
                + "\(e(selection.until.map(Terminal.timestamp) ?? "the end"))"
                + (selection.filters.isEmpty ? "" : " where \(e(selection.filters.joined(separator: " and ")))")
                + ": \(Terminal.grouped(selection.outsideWindow)) outside the window and "
                + "\(Terminal.grouped(selection.filteredOut)) not matching were counted, not analysed.</p>\n"
        }
        body += "</header>\n"
        body += alertsHTML + headlineHTML
        for (key, json) in sections {
            switch ReportMetrics.kind(ofSection: key) {
            case "validate": body += Self.validateHTML(json)
            case "funnels": body += Self.funnelHTML(name: String(key.dropFirst("funnels.".count)), json)
            case "path_funnels": body += Self.pathFunnelHTML(name: String(key.dropFirst("path_funnels.".count)), json)
            case "impressions": body += Self.impressionsHTML(json)
            case "elements.verify": body += Self.verifyHTML(json)
            case "elements.match": body += Self.matchHTML(json)
            case "paths": body += Self.pathsHTML(json)
            default: break
            }
        }
        body += hourlyHTML + metricsHTML
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>\(e(title))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    /// The page's stylesheet: light, and dark when the reader prefers it.
    static let style = """

        :root{color-scheme:light dark}
        body{font:14px/1.45 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:0 auto;max-width:1100px;\
        padding:16px;background:#ffffff;color:#1f2328}
        h1{font-size:24px;margin:8px 0} h2{font-size:18px;margin:24px 0 8px;border-bottom:1px solid #d0d7de}
        .muted,caption{color:#59636e} caption{text-align:left;font-weight:600;padding:4px 0}
        table{border-collapse:collapse;width:100%;margin:4px 0 16px}
        th,td{border-bottom:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
        td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
        .fired{color:#cf222e;font-weight:700} .ok{color:#1a7f37} .ne{color:#9a6700;font-weight:700}
        .cards{display:flex;flex-wrap:wrap;gap:8px} .card{border:1px solid #d0d7de;border-radius:6px;padding:8px 12px;\
        min-width:160px} .card b{display:block;font-size:20px}
        svg{max-width:100%;height:auto} svg text{fill:currentColor;font-size:11px}
        @media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}
        h2,th,td,.card{border-color:#30363d} .muted,caption{color:#9198a1} .fired{color:#ff7b72} .ok{color:#3fb950}
        .ne{color:#d29922}}

        """

    private var alertsHTML: String {
        var out = "<section id=\"alerts\">\n<h2>Alerts</h2>\n"
        guard !alerts.isEmpty else { return out + "<p>No alerts configured.</p>\n</section>\n" }
        let fired = alerts.filter { $0.status == .fired }.count
        let unjudged = alerts.filter { $0.status == .notEvaluated }.count
        out +=
            "<p><strong class=\"\(fired > 0 ? "fired" : "ok")\">\(fired) of \(alerts.count) alerts fired</strong>"
            + (unjudged > 0 ? ", <strong class=\"ne\">\(unjudged) not evaluated</strong>" : "") + ".</p>\n"
        let rows = alerts.map { alert -> [HTMLText.Cell] in
            let (label, style) =
                switch alert.status {
                case .fired: ("FIRED", "fired")
                case .ok: ("ok", "ok")
                case .notEvaluated: ("not evaluated", "ne")
                }
            return [
                HTMLText.Cell(html: "<span class=\"\(style)\">\(label)</span>"), .text(alert.rule.text),
                .number(Self.display(alert.value)), .number(Self.display(alert.baseline)),
                .number(alert.change.map { Terminal.percent($0, decimals: 1) } ?? "–"), .text(alert.reason ?? ""),
            ]
        }
        out += HTMLText.table(
            caption: "Alert rules and their outcome",
            [.text("status"), .text("rule"), .number("value"), .number("baseline"), .number("change"), .text("note")],
            rows)
        return out + "</section>\n"
    }

    /// The headline metrics: counts and rates people compare, with changes and history.
    private var headlineHTML: String {
        let suffixes = [
            "stats.events", "stats.users", "stats.malformed_line_rate", "validate.error_line_rate", ".conversion",
            "impressions.duplicate_rate", "impressions.missing_rate", "elements.verify.difference_rate",
        ]
        let headline = metrics.filter { metric in suffixes.contains { metric.name.hasSuffix($0) } }
        var out = "<section id=\"headline\">\n<h2>Headline numbers</h2>\n<div class=\"cards\">\n"
        for metric in headline {
            let e = HTMLText.escaped
            out +=
                "<div class=\"card\"><span class=\"muted\">\(e(metric.name))</span><b>\(e(Self.display(metric.value)))</b>"
            if let change = metric.change {
                out +=
                    "<span>\(change >= 0 ? "▲" : "▼") \(e(Terminal.percent(change, decimals: 1))) vs baseline \(e(Self.display(metric.baseline)))</span>"
            } else if baselineFile != nil {
                out += "<span class=\"ne\">no baseline value</span>"
            }
            out += sparkline(metric.name) + "</div>\n"
        }
        out += "</div>\n"
        if history.count > 1 {
            let rows = history.enumerated().map { index, run in
                [HTMLText.Cell.number(String(index - history.count + 1))]
                    + headline.map { HTMLText.Cell.number(Self.display(run[$0.name])) }
            }
            out += HTMLText.table(
                caption: "The last \(history.count) runs (0 is this run)",
                [.number("run")] + headline.map { .number($0.name) }, rows)
        }
        return out + "</section>\n"
    }

    /// A small line chart of `name` over ``history`` (nothing with fewer than two runs).
    private func sparkline(_ name: String) -> String {
        let values = history.map { $0[name] }
        let known = values.compactMap { $0 }
        guard known.count > 1, let low = known.min(), let high = known.max() else { return "" }
        let width = 150.0
        let height = 30.0
        let step = width / Double(max(1, values.count - 1))
        let points = values.enumerated().compactMap { index, value -> String? in
            guard let value else { return nil }
            let y = high == low ? height / 2 : height - 2 - (value - low) / (high - low) * (height - 4)
            return "\(String(format2: Double(index) * step)),\(String(format2: y))"
        }
        let label = HTMLText.escaped(
            "\(name), last \(values.count) runs: from \(Self.display(values.first ?? nil)) to \(Self.display(values.last ?? nil)), "
                + "low \(Self.display(low)), high \(Self.display(high))")
        return
            "<svg role=\"img\" aria-label=\"\(label)\" width=\"150\" height=\"30\" viewBox=\"0 0 150 30\">"
            + "<title>\(label)</title><polyline fill=\"none\" stroke=\"#2f81f7\" stroke-width=\"1.5\" points=\"\(points.joined(separator: " "))\"/></svg>"
    }

    private var metricsHTML: String {
        let rows = metrics.map { metric -> [HTMLText.Cell] in
            [
                .text(metric.name), .number(Self.display(metric.value)), .number(Self.display(metric.baseline)),
                .number(metric.change.map { Terminal.percent($0, decimals: 1) } ?? "–"),
            ]
        }
        return "<section id=\"metrics\">\n<h2>Every metric</h2>\n"
            + HTMLText.table(
                caption: "Metrics of this run",
                [.text("metric"), .number("value"), .number("baseline"), .number("change")],
                rows) + "</section>\n"
    }

    private var hourlyHTML: String {
        guard !hourly.isEmpty else { return "" }
        let peak = Double(hourly.map(\.events).max() ?? 1)
        var out = "<section id=\"hourly\">\n<h2>Events per hour</h2>\n"
        let width = 900.0
        let barWidth = width / Double(hourly.count)
        var bars = ""
        for (index, row) in hourly.enumerated() {
            let height = Double(row.events) / peak * 100
            let label = HTMLText.escaped("\(Terminal.timestamp(row.hourStart)): \(row.events) events")
            bars +=
                "<rect x=\"\(String(format2: Double(index) * barWidth))\" y=\"\(String(format2: 100 - height))\" "
                + "width=\"\(String(format2: max(barWidth - 1, 0.5)))\" height=\"\(String(format2: height))\" fill=\"#2f81f7\"><title>\(label)</title></rect>"
        }
        out +=
            "<svg role=\"img\" aria-label=\"Events per hour, UTC: \(hourly.count) hours, peak \(Int(peak))\" width=\"900\" height=\"100\" "
            + "viewBox=\"0 0 900 100\"><title>Events per hour (UTC)</title>\(bars)</svg>\n"
        out += HTMLText.table(
            caption: "Events per hour (UTC)", [.text("hour"), .number("events"), .text("")],
            hourly.map { row in
                [
                    .text(Terminal.timestamp(row.hourStart)), .number(Terminal.grouped(row.events)),
                    HTMLText.bar(Double(row.events) / peak),
                ]
            })
        return out + "</section>\n"
    }
}
