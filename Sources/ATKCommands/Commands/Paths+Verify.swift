import ATKCore
import ArgumentParser

extension Paths {
    /// `atk paths verify`: every conversion's recorded action path against the rebuilt one.
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Compare each conversion's recorded action path with the one rebuilt from views and clicks.",
            discussion: """
                Per user, $AppStart empties the page stack, a $AppViewScreen of a root replaces it, of a \
                screen on the stack pops back to it, of any other screen pushes it; a $AppClick on the \
                top screen sets that page's entity (the config's entity_property). At each conversion \
                the rebuilt path is the stack's pages that have a node, bottom first, as NODE or \
                NODE#entity. Each conversion is a match, a mismatch (first that applies: entities, \
                prefix, suffix, nodes, unreadable), missing (nothing recorded) or unrebuildable \
                (empty stack). Counts per $app_version and the first examples of each outcome with \
                file and line. \
                --identity stitched replays each person's events (Docs/identities.md) instead of each \
                distinct_id's.

                Examples:
                  atk paths verify --config nav.json dump.jsonl.gz
                  atk paths verify --config nav.json --format json --jobs 4 logs/ > paths.json
                  atk paths verify --config nav.json --identity stitched dump.jsonl.gz

                Exit codes: 0 no mismatch, 1 any mismatch, 2 usage error or a config that is not \
                valid, 3 an input or the config was unreadable.
                """
        )

        @OptionGroup var navigation: NavigationConfigOptions
        @OptionGroup var input: InputOptions
        @OptionGroup var outputOptions: OutputOptions<TextOrJSONFormat>
        @OptionGroup var identityOptions: IdentityOptions

        @Option(help: "How many examples of each outcome (mismatch, missing, unrebuildable) to list (0 to 1,000,000).")
        var maxExamples = 10

        func validate() throws {
            try OptionRange.check("--max-examples", maxExamples, in: OptionRange.count)
            try identityOptions.check(input)
        }
    }
}

extension Paths.Verify: ReplaysNavigation, CountsIdentities, WritesReport {
    func finish(_ analysis: NavigationAnalysis, reports: [FileReport], unreadable: Bool, to output: ReportOutput) throws
    {
        let verification = PathVerification(replay: analysis.replay(), maxExamples: maxExamples)
        try output.emit(
            PathsVerifyReport(verification: verification, reports: reports).render(outputOptions.format))
        if unreadable { throw CommandExit.unreadableInput }
        if verification.hasMismatches { throw CommandExit.findings }
    }
}
