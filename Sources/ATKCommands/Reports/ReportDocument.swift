import ATKCore
import Foundation

/// `atk report`'s result as report.json, junit.xml and summary.md (report.html: ``html``).
///
/// Formatting only: the sections are the single commands' own JSON documents.
struct ReportDocument {
    /// A metric with its baseline.
    struct Metric {
        /// The metric's name.
        var name: String
        /// Its value in this run (nil when the section has none: a rate of nothing).
        var value: Double?
        /// Its value in the baseline, when one was given and had it.
        var baseline: Double?
        /// The relative change from the baseline.
        var change: Double? { AlertOutcome.change(from: baseline, to: value) }
    }

    /// The events the report analysed, when `since`, `until` or `where` left some out.
    struct Selection {
        /// The window's first millisecond.
        var since: Int64?
        /// The window's end (exclusive).
        var until: Int64?
        /// The filters, as written.
        var filters: [String]
        /// Events outside the window (counted, not analysed).
        var outsideWindow: Int
        /// Events inside it that no filter matched (counted, not analysed).
        var filteredOut: Int

        /// `selection` in report.json.
        var json: JSONOutput {
            .object([
                ("since", .int(since)), ("until", .int(until)), ("where", .array(filters.map { .string($0) })),
                ("outside_window", .int(outsideWindow)), ("filtered_out", .int(filteredOut)),
            ])
        }
    }

    /// The config's title.
    let title: String
    /// Each section's key and the single command's JSON document without its envelope.
    let sections: [(key: String, json: JSONOutput)]
    /// Every metric, in order.
    let metrics: [Metric]
    /// The baseline report's file, when one was given.
    let baselineFile: String?
    /// The alerts, in config order.
    let alerts: [AlertOutcome]
    /// Earlier runs' metrics, oldest first (from --history, this run last).
    var history: [[String: Double]] = []
    /// Events per hour: (hour start, ms since the epoch; events).
    var hourly: [(hourStart: Int64, events: Int)] = []
    /// The inputs' names, for the page's header.
    var fileNames: [String] = []
    /// What `since`, `until` and `where` left out (nil: nothing was left out).
    var selection: Selection?

    /// Builds the document: metrics from the sections, alerts judged.
    init(
        title: String, sections: [(key: String, json: JSONOutput)], rules: [AlertRule],
        baseline: (file: String, metrics: [String: Double])?
    ) {
        self.title = title
        self.sections = sections
        let metrics = ReportMetrics.values(sections.map { ($0.key, $0.json) }).map { name, value in
            Metric(name: name, value: value, baseline: baseline?.metrics[name])
        }
        self.metrics = metrics
        baselineFile = baseline?.file
        alerts = rules.map { rule in
            let metric = metrics.first { $0.name == rule.metric }
            return AlertOutcome(rule: rule, value: metric?.value, baseline: metric?.baseline)
        }
    }

    /// Whether any alert fired (exit 1).
    var fired: Bool { alerts.contains { $0.status == .fired } }

    /// The metrics as one history line's members (`metrics` of report.json).
    var metricsJSON: JSONOutput { .object(metrics.map { ($0.name, .number($0.value)) }) }

    /// `report.json` (Docs/report.md#reportjson).
    var json: JSONOutput {
        .envelope(
            command: "report",
            [
                ("title", .string(title)), ("selection", selection?.json ?? .null),
                ("sections", .object(sections.map { ($0.key, $0.json) })),
                ("metrics", metricsJSON),
                (
                    "baseline",
                    baselineFile.map { file in
                        .object([
                            ("file", .string(file)),
                            (
                                "changes",
                                .array(
                                    metrics.map {
                                        .object([
                                            ("metric", .string($0.name)), ("value", .number($0.value)),
                                            ("baseline", .number($0.baseline)), ("change", .number($0.change)),
                                        ])
                                    })
                            ),
                        ])
                    } ?? .null
                ),
                (
                    "alerts_summary",
                    .object(
                        [AlertOutcome.Status.fired, .ok, .notEvaluated].map { status in
                            (status.rawValue, .int(alerts.filter { $0.status == status }.count))
                        })
                ),
                ("alerts", .array(alerts.map(\.json))),
            ])
    }

    /// `junit.xml`: a testsuite of the alerts (one testcase each: a failure when it fired,
    /// skipped when not evaluated) and, with validation, one of the validate rules that found
    /// something (a failure when the rule fails the run).
    var junit: String {
        let x = ValidationReport.xmlEscaped
        let failures = alerts.filter { $0.status == .fired }.count
        let skipped = alerts.filter { $0.status == .notEvaluated }.count
        let rules = sections.first { $0.key == "validate" }.flatMap { section -> [JSONOutput]? in
            guard case .array(let rules)? = section.json.value(at: "rules") else { return nil }
            return rules
        }
        let ruleFailures = (rules ?? []).filter { $0.value(at: "fails") == .bool(true) }.count
        let tests = alerts.count + (rules?.count ?? 0)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites name=\"\(x(title))\" tests=\"\(tests)\" failures=\"\(failures + ruleFailures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
        out +=
            "  <testsuite name=\"atk report alerts\" tests=\"\(alerts.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
        for alert in alerts {
            out += "    <testcase classname=\"atk.report.alert\" name=\"\(x(alert.rule.text))\">\n"
            switch alert.status {
            case .fired: out += "      <failure message=\"\(x(alert.text))\" type=\"alert\"/>\n"
            case .notEvaluated: out += "      <skipped message=\"\(x(alert.text))\"/>\n"
            case .ok: out += "      <system-out>\(x(alert.text))</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n"
        if let rules {
            out +=
                "  <testsuite name=\"atk validate\" tests=\"\(rules.count)\" failures=\"\(ruleFailures)\" errors=\"0\" skipped=\"0\">\n"
            for rule in rules {
                let id = rule.value(at: "id").flatMap(Self.text) ?? ""
                let severity = rule.value(at: "severity").flatMap(Self.text) ?? ""
                let count = Int(rule.value(at: "count")?.number ?? 0)
                let message = "\(Terminal.grouped(count)) lines: \(rule.value(at: "summary").flatMap(Self.text) ?? "")"
                out += "    <testcase classname=\"atk.validate.\(x(severity))\" name=\"\(x(id))\">\n"
                out +=
                    rule.value(at: "fails") == .bool(true)
                    ? "      <failure message=\"\(x(message))\" type=\"\(x(severity))\"/>\n"
                    : "      <system-out>\(x(message))</system-out>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// `summary.md`: the alerts and the headline metrics, short enough for a chat message.
    var markdown: String {
        var out = "# \(Self.markdownEscaped(title))\n\n"
        let fired = alerts.filter { $0.status == .fired }
        let unjudged = alerts.filter { $0.status == .notEvaluated }
        out +=
            alerts.isEmpty
            ? "No alerts configured.\n"
            : "**\(fired.count) of \(alerts.count) alerts fired**, \(unjudged.count) not evaluated.\n"
        if !alerts.isEmpty {
            out += "\n"
            for alert in alerts { out += "- \(Self.markdownEscaped(alert.text))\n" }
        }
        out += "\n| metric | value | baseline | change |\n|---|---:|---:|---:|\n"
        for metric in metrics {
            out +=
                "| \(Self.markdownEscaped(metric.name)) | \(Self.display(metric.value)) | \(Self.display(metric.baseline)) | "
                + "\(metric.change.map { Terminal.percent($0, decimals: 1) } ?? "–") |\n"
        }
        return out
    }

    /// A metric's value as the reports show it: whole numbers grouped, fractions to 4 places,
    /// "–" for none.
    static func display(_ value: Double?) -> String {
        guard let value else { return "–" }
        if value == value.rounded() && abs(value) < 1e15 { return Terminal.grouped(Int(value)) }
        return String(format: "%.4f", value)
    }

    /// The string of a JSON string.
    static func text(_ json: JSONOutput) -> String? {
        if case .string(let text) = json { return text }
        return nil
    }

    /// `text` with Markdown's and HTML's special characters escaped, on one line.
    static func markdownEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "|", "#", "<", ">", "!": out += "\\\(character)"
            case "\n", "\r", "\t": out += " "
            default: out.append(character)
            }
        }
        return out
    }
}
