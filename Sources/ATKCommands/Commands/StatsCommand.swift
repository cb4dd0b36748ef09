import ATKCore
import ArgumentParser

/// `atk stats`: counts for a first look at a dump.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Count lines, events, users and event names in dumps.",
        discussion: """
            lines counts non-blank lines; events the lines that parsed as JSON objects; \
            malformed lines are reported with file and line number and reading goes on. users \
            counts distinct string distinct_id values. Times are the `time` field (ms, UTC).

            Examples:
              atk stats dump.jsonl.gz
              atk stats --format json logs/ > stats.json
              zcat a.gz | atk stats -

            Exit codes: 0 read everything, 2 usage error, 3 an input was unreadable or damaged \
            (everything readable was still counted).
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var outputOptions: OutputOptions<TextOrJSONFormat>

    @Option(help: "How many malformed lines to list (file and line) in the report (0 to 1,000,000).")
    var maxExamples = 10

    func validate() throws {
        try OptionRange.check("--max-examples", maxExamples, in: OptionRange.count)
    }

    func run() throws { try runSingle() }
}

extension StatsCommand: SingleAnalysisCommand, WritesReport {
    func makeAnalysis(persons _: IdentityGraph?) -> StatsCollector { StatsCollector(maxExamples: maxExamples) }

    func finish(_ analysis: StatsCollector, reports: [FileReport], unreadable: Bool, to output: ReportOutput) throws {
        try output.emit(StatsReport(stats: analysis, reports: reports).render(outputOptions.format))
        if unreadable { throw CommandExit.unreadableInput }
    }
}
