import ATKCore
import ArgumentParser

/// `atk elements drift`: elements whose path moved between app or OS versions.
struct ElementsDriftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift",
        abstract: "Elements whose $element_path changed between $app_version or $os_version values.",
        discussion: """
            An element is a ($screen_name, $element_content, $element_type) of $AppClick events. \
            It drifted when it was clicked in two or more versions and no path is shared by two \
            of them; the report gives each version's paths and the old → new pairs between \
            consecutive versions, so visual-event definitions can be updated. $app_version \
            drift is over all OS versions; $os_version drift is within one $app_version (so an \
            app release is not mistaken for an OS change). Paths are rebuilt from \
            $responder_chain when the event has a valid one (--recorded-identifiers: recorded). \
            Clicks without $element_type are skipped.

            Examples:
              atk elements drift dump.jsonl.gz
              atk elements drift --format json logs/ > drift.json

            Exit codes: 0, 2 usage error, 3 an input was unreadable (everything readable was used).
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var identifiers: IdentifierOptions

    func validate() throws {
        try outputOptions.format.require([.text, .json])
    }

    func run() throws {
        var finder = ElementDriftFinder(useRecordedIdentifiers: identifiers.recordedIdentifiers)
        let inputs = try input.resolve(writing: outputOptions.outputs)
        let output = try outputOptions.open()
        let (reports, unreadable) = input.read(inputs, into: &finder)
        let drifts = finder.drifts
        let text =
            outputOptions.format == .json
            ? MalformedReport.adding(finder.malformedExamples, to: json(finder, drifts, reports), reports).serialized(
                indent: 2)
            : self.text(finder, drifts) + MalformedReport.text(finder.malformedExamples, reports)
        try output.emit(text)
        if unreadable { throw CommandExit.unreadableInput }
    }

    func json(_ finder: ElementDriftFinder, _ drifts: [ElementDriftFinder.Drift], _ reports: [FileReport]) -> JSONOutput
    {
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
        return OutputOptions.envelope(
            command: "elements drift",
            [
                (
                    "summary",
                    .object([
                        ("files", .int(reports.count)), ("lines", .int(ElementsReport.lines(reports))),
                        ("events", .int(finder.events)), ("malformed_lines", .int(finder.malformedLines)),
                        ("clicks", .int(finder.clicks)), ("skipped_clicks", .int(finder.skippedClicks)),
                        ("app_version_drifts", .int(drifts.filter { $0.dimension == .appVersion }.count)),
                        ("os_version_drifts", .int(drifts.filter { $0.dimension == .osVersion }.count)),
                        ("identifiers", .string(identifiers.recordedIdentifiers ? "recorded" : "rebuilt")),
                    ])
                ),
                ("app_version", rows(.appVersion)),
                ("os_version", rows(.osVersion)),
            ])
    }

    func text(_ finder: ElementDriftFinder, _ drifts: [ElementDriftFinder.Drift]) -> String {
        let g = Terminal.grouped
        var out =
            "\(g(finder.clicks)) clicks (\(g(finder.skippedClicks)) without $element_type or path, skipped); "
            + "\(drifts.count) element\(drifts.count == 1 ? "" : "s") drifted\n"
        for drift in drifts {
            let scope =
                drift.dimension == .appVersion
                ? "$app_version" : "$os_version within $app_version \(ElementsReport.text(drift.appVersion))"
            out +=
                "\n\(ElementsReport.text(drift.screenName))  \(ElementsReport.quoted(drift.elementContent))  \(Terminal.safe(drift.elementType))  (\(scope))\n"
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
