import ATKCore
import ArgumentParser

/// `atk elements top`: the most clicked elements.
struct ElementsTopCommand: ParsableCommand {
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
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var identifiers: IdentifierOptions

    @Flag(help: "Also group by $element_position (one group per list row).")
    var byPosition = false

    @Option(help: "How many groups to list (up to 1,000,000); 0 lists all.")
    var top = 20

    func validate() throws {
        try outputOptions.format.require([.text, .json])
        try OptionRange.check("--top", top, in: OptionRange.count)
    }

    func run() throws {
        var table = ElementClickTable(byPosition: byPosition, useRecordedIdentifiers: identifiers.recordedIdentifiers)
        let inputs = try input.resolve(writing: outputOptions.outputs)
        let output = try outputOptions.open()
        let (reports, unreadable) = input.read(inputs, into: &table)
        let rows = table.rows(limit: top == 0 ? nil : top)
        let text =
            outputOptions.format == .json
            ? MalformedReport.adding(table.malformedExamples, to: json(table, rows, reports), reports).serialized(
                indent: 2)
            : self.text(table, rows, reports) + MalformedReport.text(table.malformedExamples, reports)
        try output.emit(text)
        if unreadable { throw CommandExit.unreadableInput }
    }

    func json(_ table: ElementClickTable, _ rows: [ElementClickTable.Row], _ reports: [FileReport]) -> JSONOutput {
        OutputOptions.envelope(
            command: "elements top",
            [
                (
                    "summary",
                    .object([
                        ("files", .int(reports.count)), ("lines", .int(ElementsReport.lines(reports))),
                        ("events", .int(table.events)), ("malformed_lines", .int(table.malformedLines)),
                        ("clicks", .int(table.clicks)), ("rebuilt_clicks", .int(table.rebuiltClicks)),
                        ("groups", .int(table.groupCount)), ("by_position", .bool(byPosition)),
                        ("identifiers", .string(identifiers.recordedIdentifiers ? "recorded" : "rebuilt")),
                    ])
                ),
                (
                    "elements",
                    .array(
                        rows.map { row in
                            .object(
                                [
                                    ("screen_name", .string(row.screenName)),
                                    ("element_path", .string(row.elementPath)),
                                    ("element_content", .string(row.elementContent)),
                                ]
                                    + (byPosition ? [("element_position", .string(row.elementPosition))] : [])
                                    + [("clicks", .int(row.clicks)), ("users", .int(row.users))])
                        })
                ),
            ])
    }

    func text(_ table: ElementClickTable, _ rows: [ElementClickTable.Row], _ reports: [FileReport]) -> String {
        let g = Terminal.grouped
        var out =
            "\(g(table.clicks)) clicks on \(g(table.groupCount)) elements"
            + " (\(g(table.rebuiltClicks)) with identifiers rebuilt from the chain)"
            + (rows.count < table.groupCount ? ", top \(rows.count):" : ":") + "\n\n"
        guard !rows.isEmpty else { return out }
        let header = ["screen", "element_path", "content"] + (byPosition ? ["position"] : []) + ["clicks", "users"]
        out +=
            Terminal.table(
                header,
                rows.map { row in
                    [
                        ElementsReport.text(row.screenName), ElementsReport.text(row.elementPath),
                        ElementsReport.text(row.elementContent),
                    ]
                        + (byPosition ? [ElementsReport.text(row.elementPosition)] : []) + [
                            g(row.clicks), g(row.users),
                        ]
                }, leftColumns: byPosition ? 4 : 3) + "\n"
        return out
    }
}
