import ATKCore
import ArgumentParser

extension Elements {
    /// `atk elements verify`: rebuilt identifiers against the recorded ones.
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract:
                "Compare recorded $element_path, $element_position, $screen_name with the ones rebuilt from $responder_chain.",
            discussion: """
                For every event with a $responder_chain, rebuilds the identifiers and compares each \
                recorded field: a mismatch is a recorded value that differs, missing a field the \
                event lacks although the chain gives one. Fields the chain gives no value for (no \
                cell or segment, no controller) are not judged. Invalid chains are listed with file \
                and line. The report shows counts per field, the most common recorded → rebuilt \
                pairs, and a breakdown by $lib_version and $app_version.

                Examples:
                  atk elements verify dump.jsonl.gz
                  atk elements verify --format json --max-examples 100 logs/ > verify.json

                Exit codes: 0 every identifier agrees, 1 mismatches, missing fields or invalid \
                chains, 2 usage error, 3 an input was unreadable (everything readable was checked).
                """
        )

        @OptionGroup var input: InputOptions
        @OptionGroup var outputOptions: OutputOptions<TextOrJSONFormat>

        @Option(help: "How many invalid chains, differing fields and malformed lines to list (each; 0 to 1,000,000).")
        var maxExamples = 10

        @Option(help: "How many recorded → rebuilt pairs to show per field (0 to 1,000,000).")
        var topPairs = Self.defaultTopPairs

        /// How many pairs per field are shown without `--top-pairs`.
        static let defaultTopPairs = 5

        func validate() throws {
            try OptionRange.check("--max-examples", maxExamples, in: OptionRange.count)
            try OptionRange.check("--top-pairs", topPairs, in: OptionRange.count)
        }

        func run() throws { try runSingle() }
    }
}

extension Elements.Verify: SingleAnalysisCommand, WritesReport {
    func makeAnalysis(persons _: IdentityGraph?) -> ElementVerifier { ElementVerifier(maxExamples: maxExamples) }

    func finish(_ verifier: ElementVerifier, reports: [FileReport], unreadable: Bool, to output: ReportOutput) throws {
        let report = ElementsVerifyReport(verifier: verifier, topPairs: topPairs, reports: reports)
        try output.emit(report.render(outputOptions.format))
        if unreadable { throw CommandExit.unreadableInput }
        if verifier.hasFindings { throw CommandExit.findings }
    }
}
