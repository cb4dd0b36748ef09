import ATKCore
import ArgumentParser

extension Elements {
    /// `atk elements top`: the most clicked elements.
    struct Top: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "top",
            abstract: "The most clicked elements: $AppClick by $screen_name, $element_path, $element_content.",
            discussion: """
                Groups $AppClick events by $screen_name, $element_path and $element_content (rebuilt \
                from $responder_chain when the event has a valid one; --recorded-identifiers uses \
                the recorded ones) and counts clicks and distinct users. --by-position also splits by \
                $element_position, so each list row is its own group. Ordered by clicks, then users \
                (descending), then screen, path, content and position.

                Examples:
                  atk elements top dump.jsonl.gz
                  atk elements top --by-position --top 50 --format json dump.jsonl.gz

                Exit codes: 0, 2 usage error, 3 an input was unreadable (everything readable was counted).
                """
        )

        @OptionGroup var input: InputOptions
        @OptionGroup var outputOptions: OutputOptions<TextOrJSONFormat>
        @OptionGroup var identifiers: IdentifierOptions

        @Flag(help: "Also group by $element_position (one group per list row).")
        var byPosition = false

        @Option(help: "How many groups to list (up to 1,000,000); 0 lists all.")
        var top = Self.defaultTop

        /// How many groups are listed without `--top`.
        static let defaultTop = 20

        func validate() throws {
            try OptionRange.check("--top", top, in: OptionRange.count)
        }

        func run() throws { try runSingle() }
    }
}

extension Elements.Top: SingleAnalysisCommand, WritesReport {
    func makeAnalysis(persons _: IdentityGraph?) -> ElementClickTable {
        ElementClickTable(byPosition: byPosition, useRecordedIdentifiers: identifiers.recordedIdentifiers)
    }

    func finish(_ table: ElementClickTable, reports: [FileReport], unreadable: Bool, to output: ReportOutput) throws {
        let report = ElementsTopReport(
            table: table, rows: table.rows(limit: top == 0 ? nil : top), byPosition: byPosition,
            recordedIdentifiers: identifiers.recordedIdentifiers, reports: reports)
        try output.emit(report.render(outputOptions.format))
        if unreadable { throw CommandExit.unreadableInput }
    }
}
