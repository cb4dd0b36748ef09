import ATKCore

/// A finished validation run as the reports show it: text, JSON and JUnit, and whether it fails.
struct ValidationOutcome {
    let findings: ValidationFindings
    let reports: [FileReport]
    let events: Int
    let fileNames: [String]
    let breakdownProperty: String?
    let failOn: ValidateCommand.FailOn
    let maxErrorRate: Double?
    /// The tracking plan's tallies, with --plan.
    var plan: PlanSummary?

    var lines: Int { reports.reduce(0) { $0 + $1.lines } }
    var malformedLines: Int { reports.reduce(0) { $0 + $1.malformedLines } }
    var registry: RuleRegistry { findings.registry }

    /// Lines with errors / lines (0 for an empty input).
    var errorRate: Double { lines == 0 ? 0 : Double(findings.errorLines) / Double(lines) }

    /// Rule indices with findings, in registry order.
    var reported: [Int] { registry.rules.indices.filter { findings.counts[$0] > 0 } }

    func total(_ severity: Severity) -> Int {
        registry.rules.indices.filter { registry[$0].severity == severity }.reduce(0) { $0 + findings.counts[$1] }
    }

    /// True when errors count (there are some, and the error rate is over `--max-error-rate`).
    var errorsFail: Bool {
        total(.error) > 0 && (maxErrorRate.map { errorRate > $0 } ?? true)
    }

    /// True when the run exits 1.
    var failed: Bool {
        switch failOn {
        case .error: errorsFail
        case .warning: errorsFail || total(.warning) > 0
        case .never: false
        }
    }

    /// True when findings of `rule` make the run fail.
    func fails(_ rule: Int) -> Bool {
        guard findings.counts[rule] > 0 else { return false }
        switch (failOn, registry[rule].severity) {
        case (.never, _): return false
        case (_, .error): return errorsFail
        case (.warning, .warning): return true
        case (.error, .warning): return false
        }
    }

    func share(_ count: Int) -> Double { lines == 0 ? 0 : Double(count) / Double(lines) }

    func fileName(_ location: LineLocation) -> String {
        fileNames.indices.contains(location.fileIndex) ? fileNames[location.fileIndex] : "-"
    }

    static func percent(_ share: Double) -> String { Terminal.percent(share, decimals: 2) }

    // MARK: - JSON

    func json() -> JSONOutput {
        JSONOutput.envelope(
            command: "validate",
            [
                (
                    "summary",
                    .object([
                        ("files", .int(reports.count)), ("lines", .int(lines)), ("events", .int(events)),
                        ("malformed_lines", .int(malformedLines)), ("error_lines", .int(findings.errorLines)),
                        ("warning_lines", .int(findings.warningLines)), ("errors", .int(total(.error))),
                        ("warnings", .int(total(.warning))), ("error_rate", .double(errorRate)),
                        ("failed", .bool(failed)),
                    ])
                ),
                ("rules", .array(reported.map(ruleJSON))),
                ("plan", plan?.json ?? .null),
                (
                    "breakdown",
                    breakdownProperty.map { property in
                        .object([
                            ("property", .string(property)),
                            (
                                "values",
                                .array(
                                    findings.breakdownValues.indices.filter { findings.breakdownLines[$0] > 0 }
                                        .map { (findings.breakdownValues[$0], findings.breakdownLines[$0]) }
                                        .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
                                        .map { .object([("value", .string($0.0)), ("lines", .int($0.1))]) })
                            ),
                        ])
                    } ?? .null
                ),
                (
                    "files",
                    .array(
                        reports.map { report in
                            .object([
                                ("path", .string(report.source.displayName)), ("lines", .int(report.lines)),
                                ("malformed_lines", .int(report.malformedLines)),
                                ("error", .string(report.error?.description)),
                            ])
                        })
                ),
            ])
    }

    private func ruleJSON(_ index: Int) -> JSONOutput {
        let rule = registry[index]
        var members: [(String, JSONOutput)] = [
            ("id", .string(rule.id)), ("severity", .string(rule.severity.rawValue)),
            ("count", .int(findings.counts[index])),
            ("share", .double(share(findings.counts[index]))), ("fails", .bool(fails(index))),
            ("summary", .string(rule.summary)),
            (
                "examples",
                .array(
                    findings.examples[index].map { example in
                        .object(
                            [
                                ("file", .string(fileName(example.location))), ("line", .int(example.location.line)),
                                ("event", .string(example.event)), ("value", .string(example.value)),
                                ("message", .string(example.message)),
                            ] + example.details.map { ($0.0, .string($0.1)) })
                    })
            ),
        ]
        if breakdownProperty != nil {
            members.append(
                (
                    "breakdown",
                    .array(
                        findings.breakdown(of: index).map {
                            .object([("value", .string($0.value)), ("count", .int($0.count))])
                        })
                ))
        }
        return .object(members)
    }

    // MARK: - Text

    func text() -> String {
        let g = Terminal.grouped
        var out = "\(g(reports.count)) file\(reports.count == 1 ? "" : "s"), \(g(lines)) lines, \(g(events)) events\n"
        out +=
            "\(g(findings.errorLines)) lines with errors (\(Self.percent(errorRate))), "
            + "\(g(findings.warningLines)) with warnings (\(Self.percent(share(findings.warningLines))))\n"
        for severity in Severity.allCases {
            let indices = reported.filter { registry[$0].severity == severity }
            guard !indices.isEmpty else { continue }
            out += "\n\(severity == .error ? "errors" : "warnings")\n"
            let width = indices.map { registry[$0].id.count }.max() ?? 0
            let countWidth = indices.map { g(findings.counts[$0]).count }.max() ?? 0
            for index in indices {
                let rule = registry[index]
                let count = g(findings.counts[index])
                out +=
                    "  \(rule.id.padded(to: width))  \(count.leftPadded(to: countWidth))  "
                    + "\(Self.percent(share(findings.counts[index])).leftPadded(to: 7))  \(rule.summary)\n"
                for example in findings.examples[index] {
                    out += "      \(fileName(example.location)):\(example.location.line)"
                    if let event = example.event { out += "  \(Terminal.safe(ValidationExample.shortened(event)))" }
                    out += "  \(Terminal.safe(example.message))"
                    if let path = example.details.first(where: { $0.0 == "instance_path" })?.1 {
                        out += " at \(Terminal.safe(path))"
                    }
                    if let value = example.value { out += "  [\(Terminal.safe(value))]" }
                    out += "\n"
                }
                if findings.counts[index] > findings.examples[index].count && !findings.examples[index].isEmpty {
                    out += "      … \(g(findings.counts[index] - findings.examples[index].count)) more\n"
                }
                if breakdownProperty != nil {
                    let rows = findings.breakdown(of: index)
                    out +=
                        "      by \(breakdownProperty ?? ""): "
                        + rows.map { "\(Terminal.safe($0.value)) \(g($0.count))" }.joined(separator: ", ") + "\n"
                }
            }
        }
        if reported.isEmpty { out += "\nno findings\n" }
        if let plan { out += "\n" + plan.text }
        if reports.count > 1 || reports.contains(where: { $0.error != nil }) {
            out +=
                "\n"
                + Terminal.table(
                    ["file", "lines", "malformed", "status"],
                    reports.map {
                        [$0.source.displayName, g($0.lines), g($0.malformedLines), $0.error == nil ? "ok" : "error"]
                    }) + "\n"
        }
        out += "\n" + verdict() + "\n"
        return out
    }

    private func verdict() -> String {
        if failed {
            let why =
                errorsFail
                ? "\(Terminal.grouped(total(.error))) errors"
                    + (maxErrorRate.map { ", error rate \(Self.percent(errorRate)) over \(Self.percent($0))" } ?? "")
                : "\(Terminal.grouped(total(.warning))) warnings (--fail-on warning)"
            return "FAILED: \(why)"
        }
        if total(.error) > 0 && failOn != .never {
            return "passed: error rate \(Self.percent(errorRate)) within --max-error-rate"
        }
        return "passed" + (failOn == .never && !reported.isEmpty ? " (--fail-on never)" : "")
    }

    // MARK: - JUnit

    /// One testcase per rule (skipped when left out by --rule/--skip-rule); rules whose findings
    /// fail the run carry a failure with the examples, other findings go to system-out.
    func junit() -> String {
        let x = Self.xmlEscaped
        let indices = registry.rules.indices
        let failures = indices.filter(fails).count
        let skipped = indices.filter { !findings.isEnabled($0) }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites name=\"atk validate\" tests=\"\(indices.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
        out +=
            "  <testsuite name=\"atk validate\" tests=\"\(indices.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
        out += "    <properties>\n"
        for (name, value) in [
            ("files", fileNames.joined(separator: ", ")), ("lines", String(lines)), ("events", String(events)),
            ("error_lines", String(findings.errorLines)), ("warning_lines", String(findings.warningLines)),
        ] {
            out += "      <property name=\"\(name)\" value=\"\(x(value))\"/>\n"
        }
        out += "    </properties>\n"
        for index in indices {
            let rule = registry[index]
            out += "    <testcase classname=\"atk.validate.\(rule.severity.rawValue)\" name=\"\(x(rule.id))\""
            let count = findings.counts[index]
            let examples = findings.examples[index].map { example in
                "\(fileName(example.location)):\(example.location.line): \(example.event.map { $0 + ": " } ?? "")\(example.message)"
                    + (example.value.map { " [\($0)]" } ?? "")
            }.joined(separator: "\n")
            let summary = "\(Terminal.grouped(count)) lines (\(Self.percent(share(count)))): \(rule.summary)"
            if !findings.isEnabled(index) {
                out += ">\n      <skipped message=\"not selected\"/>\n    </testcase>\n"
            } else if fails(index) {
                out +=
                    ">\n      <failure message=\"\(x(summary))\" type=\"\(rule.severity.rawValue)\">\(x(examples))</failure>\n    </testcase>\n"
            } else if count > 0 {
                out += ">\n      <system-out>\(x(summary + "\n" + examples))</system-out>\n    </testcase>\n"
            } else {
                out += "/>\n"
            }
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    static func xmlEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            // XML 1.0 allows no other control characters, even escaped.
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension String {
    func padded(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    func leftPadded(to width: Int, with pad: Character = " ") -> String {
        String(repeating: pad, count: max(0, width - count)) + self
    }
}
