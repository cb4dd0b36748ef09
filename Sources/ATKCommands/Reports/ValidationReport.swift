import ATKCore

/// `atk validate`'s report of a finished run, in text, JSON and JUnit.
///
/// It only formats: what fails and why was judged in the core (``ValidationResult``).
struct ValidationReport {
    let result: ValidationResult
    /// The inputs' display names, by file index.
    let fileNames: [String]
    /// The tracking plan's tallies, with --plan.
    let plan: PlanSummary?

    /// The report of `result`.
    /// - Parameter planFile: the plan's file as the report names it, when the run had one.
    init(result: ValidationResult, fileNames: [String], planFile: String?) {
        self.result = result
        self.fileNames = fileNames
        plan = planFile.flatMap { file in result.plan.map { PlanSummary(file: file, checker: $0) } }
    }

    var findings: ValidationFindings { result.findings }
    var reports: [FileReport] { result.reports }
    var registry: RuleRegistry { result.registry }
    var lines: Int { result.lines }
    var malformedLines: Int { result.malformedLines }
    var breakdownProperty: String? { result.breakdownProperty }

    /// Rule indices with findings, in registry order.
    var reported: [Int] { registry.rules.indices.filter { findings.counts[$0] > 0 } }

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
                        ("files", .int(reports.count)), ("lines", .int(lines)), ("events", .int(result.events)),
                        ("malformed_lines", .int(malformedLines)), ("error_lines", .int(findings.errorLines)),
                        ("warning_lines", .int(findings.warningLines)), ("errors", .int(result.errors)),
                        ("warnings", .int(result.warnings)), ("error_rate", .double(result.errorRate)),
                        ("failed", .bool(result.failed)),
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
            ("share", .double(result.share(findings.counts[index]))), ("fails", .bool(result.fails(index))),
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
        var out =
            "\(g(reports.count)) file\(reports.count == 1 ? "" : "s"), \(g(lines)) lines, \(g(result.events)) events\n"
        out +=
            "\(g(findings.errorLines)) lines with errors (\(Self.percent(result.errorRate))), "
            + "\(g(findings.warningLines)) with warnings (\(Self.percent(result.share(findings.warningLines))))\n"
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
                    + "\(Self.percent(result.share(findings.counts[index])).leftPadded(to: 7))  \(rule.summary)\n"
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
        out += Terminal.fileTable(reports)
        out += "\n" + verdict() + "\n"
        return out
    }

    private func verdict() -> String {
        let policy = result.failPolicy
        if result.failed {
            let why =
                result.errorsCount
                ? "\(Terminal.grouped(result.errors)) errors"
                    + (policy.maxErrorRate.map {
                        ", error rate \(Self.percent(result.errorRate)) over \(Self.percent($0))"
                    } ?? "")
                : "\(Terminal.grouped(result.warnings)) warnings (--fail-on warning)"
            return "FAILED: \(why)"
        }
        if result.errors > 0 && policy.failOn != .never {
            return "passed: error rate \(Self.percent(result.errorRate)) within --max-error-rate"
        }
        return "passed" + (policy.failOn == .never && !reported.isEmpty ? " (--fail-on never)" : "")
    }

    // MARK: - JUnit

    /// One testcase per rule (skipped when left out by --rule/--skip-rule); rules whose findings
    /// fail the run carry a failure with the examples, other findings go to system-out.
    func junit() -> String {
        let x = Self.xmlEscaped
        let indices = registry.rules.indices
        let failures = indices.filter(result.fails).count
        let skipped = indices.filter { !findings.isEnabled($0) }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites name=\"atk validate\" tests=\"\(indices.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
        out +=
            "  <testsuite name=\"atk validate\" tests=\"\(indices.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
        out += "    <properties>\n"
        for (name, value) in [
            ("files", fileNames.joined(separator: ", ")), ("lines", String(lines)), ("events", String(result.events)),
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
            let summary = "\(Terminal.grouped(count)) lines (\(Self.percent(result.share(count)))): \(rule.summary)"
            if !findings.isEnabled(index) {
                out += ">\n      <skipped message=\"not selected\"/>\n    </testcase>\n"
            } else if result.fails(index) {
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
