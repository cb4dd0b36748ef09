import ATKCore

/// `atk elements drift` as text or JSON: elements whose path moved between versions.
struct ElementsDriftReport: TextOrJSONReport {
    /// The clicks and versions, after reading.
    let finder: ElementDriftFinder
    /// The drifted elements (``ElementDriftFinder/drifts``, computed once).
    let drifts: [ElementDriftFinder.Drift]
    /// Whether paths are the recorded ones rather than the rebuilt ones.
    let recordedIdentifiers: Bool
    /// One report per input, in order.
    let reports: [FileReport]

    /// The text report, the malformed lines last.
    var text: String { reportText + MalformedReport.text(finder.malformedExamples, reports) }

    /// The JSON report (Docs/output.md), `malformed_examples` last.
    var json: JSONOutput { MalformedReport.adding(finder.malformedExamples, to: reportJSON, reports) }

    /// The JSON report (Docs/output.md), without the malformed lines.
    private var reportJSON: JSONOutput {
        func rows(_ dimension: ElementDriftFinder.Dimension) -> JSONOutput {
            .array(
                drifts.filter { $0.dimension == dimension }.map { drift in
                    .object(
                        [
                            ("screen_name", .string(drift.screenName)),
                            ("element_content", .string(drift.elementContent)),
                            ("element_type", .string(drift.elementType)),
                        ] + (dimension == .osVersion ? [("app_version", .string(drift.appVersion))] : []) + [
                            ("paths", .object(drift.paths.map { ($0.version, .array($0.paths.map { .string($0) })) })),
                            (
                                "changes",
                                .array(
                                    drift.changes.map { change in
                                        .object([
                                            ("from", .string(change.fromVersion)), ("to", .string(change.toVersion)),
                                            ("old_path", .string(change.oldPath)),
                                            ("new_path", .string(change.newPath)),
                                        ])
                                    })
                            ),
                        ])
                })
        }
        return .envelope(
            command: "elements drift",
            [
                (
                    "summary",
                    .object([
                        ("files", .int(reports.count)), ("lines", .int(reports.totalLines)),
                        ("events", .int(finder.events)), ("malformed_lines", .int(finder.malformedLines)),
                        ("clicks", .int(finder.clicks)), ("skipped_clicks", .int(finder.skippedClicks)),
                        ("app_version_drifts", .int(drifts.filter { $0.dimension == .appVersion }.count)),
                        ("os_version_drifts", .int(drifts.filter { $0.dimension == .osVersion }.count)),
                        ("identifiers", .string(recordedIdentifiers ? "recorded" : "rebuilt")),
                    ])
                ),
                ("app_version", rows(.appVersion)),
                ("os_version", rows(.osVersion)),
            ])
    }

    /// The text report, without the malformed lines: a summary line and each drift's changes.
    private var reportText: String {
        let g = Terminal.grouped
        var out =
            "\(g(finder.clicks)) clicks (\(g(finder.skippedClicks)) without $element_type or path, skipped); "
            + "\(drifts.count) element\(drifts.count == 1 ? "" : "s") drifted\n"
        for drift in drifts {
            let scope =
                drift.dimension == .appVersion
                ? "$app_version" : "$os_version within $app_version \(ElementsFormatting.text(drift.appVersion))"
            out +=
                "\n\(ElementsFormatting.text(drift.screenName))  \(ElementsFormatting.quoted(drift.elementContent))  \(Terminal.safe(drift.elementType))  (\(scope))\n"
            for change in drift.changes {
                out +=
                    "  "
                    + Terminal.safe(
                        "\(change.fromVersion) → \(change.toVersion): \(change.oldPath) → \(change.newPath)") + "\n"
            }
        }
        return out
    }
}
