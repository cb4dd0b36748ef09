import ATKCore
import ArgumentParser

extension Elements {
    /// `atk elements drift`: elements whose path moved between app or OS versions.
    struct Drift: ParsableCommand {
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
        @OptionGroup var outputOptions: OutputOptions<TextOrJSONFormat>
        @OptionGroup var identifiers: IdentifierOptions

        func run() throws { try runSingle() }
    }
}

extension Elements.Drift: SingleAnalysisCommand, WritesReport {
    func makeAnalysis(persons _: IdentityGraph?) -> ElementDriftFinder {
        ElementDriftFinder(useRecordedIdentifiers: identifiers.recordedIdentifiers)
    }

    func finish(_ finder: ElementDriftFinder, reports: [FileReport], unreadable: Bool, to output: ReportOutput) throws {
        let report = ElementsDriftReport(
            finder: finder, drifts: finder.drifts, recordedIdentifiers: identifiers.recordedIdentifiers,
            reports: reports)
        try output.emit(report.render(outputOptions.format))
        if unreadable { throw CommandExit.unreadableInput }
    }
}
