import ATKCore
import ArgumentParser

extension Paths {
    /// `atk paths attribution`: conversions by the first page and by the page before the last.
    struct Attribution: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "attribution",
            abstract:
                "Conversions and users by the entry page (first touch) and the page before the conversion's (last touch).",
            discussion: """
                Attributes each conversion by its rebuilt path (the recorded one is ignored): first \
                touch is the path's first page, last touch the page before the one the conversion \
                happened on, each as its node and the entity of its last click. A one-page path has \
                no last touch (counted as direct); conversions with an empty or unrebuildable path \
                are not attributed. Rows by conversions, then node and entity (Docs/paths.md). \
                --identity stitched replays each person's events (Docs/identities.md) instead of each \
                distinct_id's.

                Examples:
                  atk paths attribution --config nav.json dump.jsonl.gz
                  atk paths attribution --config nav.json --top 50 --format json logs/
                  atk paths attribution --config nav.json --identity stitched dump.jsonl.gz

                Exit codes: 0, 2 usage error or a config that is not valid, 3 an input or the config \
                was unreadable.
                """
        )

        @OptionGroup var navigation: NavigationConfigOptions
        @OptionGroup var input: InputOptions
        @OptionGroup var outputOptions: OutputOptions<TextOrJSONFormat>
        @OptionGroup var identityOptions: IdentityOptions

        @Option(help: "How many rows to list per table (1 to 1,000,000).")
        var top = 20

        @Option(help: "How many malformed lines to list (0 to 1,000,000).")
        var maxExamples = 10

        func validate() throws {
            try OptionRange.check("--top", top, in: 1...1_000_000)
            try OptionRange.check("--max-examples", maxExamples, in: OptionRange.count)
            try identityOptions.check(input)
        }
    }
}

extension Paths.Attribution: ReplaysNavigation, CountsIdentities, WritesReport {
    func finish(_ analysis: NavigationAnalysis, reports: [FileReport], unreadable: Bool, to output: ReportOutput) throws
    {
        let attribution = PathAttribution(replay: analysis.replay())
        try output.emit(
            PathsAttributionReport(attribution: attribution, top: top, reports: reports).render(
                outputOptions.format))
        if unreadable { throw CommandExit.unreadableInput }
    }
}
