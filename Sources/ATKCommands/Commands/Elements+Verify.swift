import ATKCore
import ArgumentParser

/// `atk elements verify`: rebuilt identifiers against the recorded ones.
struct ElementsVerifyCommand: ParsableCommand {
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
    @OptionGroup var outputOptions: OutputOptions

    @Option(help: "How many invalid chains, differing fields and malformed lines to list (each; 0 to 1,000,000).")
    var maxExamples = 10

    @Option(help: "How many recorded → rebuilt pairs to show per field (0 to 1,000,000).")
    var topPairs = 5

    func validate() throws {
        try outputOptions.format.require([.text, .json])
        try OptionRange.check("--max-examples", maxExamples, in: OptionRange.count)
        try OptionRange.check("--top-pairs", topPairs, in: OptionRange.count)
    }

    func run() throws {
        var verifier = ElementVerifier(maxExamples: maxExamples)
        let inputs = try input.resolve(writing: outputOptions.outputs)
        let output = try outputOptions.open()
        let (reports, unreadable) = input.read(inputs, into: &verifier)
        let text =
            outputOptions.format == .json
            ? json(verifier, reports).serialized(indent: 2)
            : self.text(verifier, reports)
        try output.emit(text)
        if unreadable { throw CommandExit.unreadableInput }
        if verifier.hasFindings { throw CommandExit.findings }
    }

    func json(_ v: ElementVerifier, _ reports: [FileReport]) -> JSONOutput {
        func versionRows(_ rows: [ElementVerifier.VersionRow]) -> JSONOutput {
            .array(
                rows.map { row in
                    .object([
                        ("version", .string(row.version)), ("with_chain", .int(row.withChain)),
                        ("invalid_chains", .int(row.invalidChains)),
                        ("events_with_differences", .int(row.eventsWithDifferences)),
                        ("mismatches", ElementsReport.fields(row.mismatches)),
                        ("missing", ElementsReport.fields(row.missing)),
                    ])
                })
        }
        return OutputOptions.envelope(
            command: "elements verify",
            [
                (
                    "summary",
                    .object([
                        ("files", .int(reports.count)), ("lines", .int(ElementsReport.lines(reports))),
                        ("events", .int(v.events)), ("malformed_lines", .int(v.malformedLines)),
                        ("with_chain", .int(v.withChain)), ("invalid_chains", .int(v.invalidChains)),
                        ("events_with_differences", .int(v.eventsWithDifferences)),
                        ("mismatches", ElementsReport.fields(v.mismatches)),
                        ("missing", ElementsReport.fields(v.missing)),
                    ])
                ),
                (
                    "pairs",
                    .object(
                        ElementField.allCases.map { field in
                            (
                                field.key,
                                .array(
                                    v.commonPairs(field, limit: topPairs).map { pair in
                                        .object([
                                            ("recorded", .string(pair.recorded)), ("rebuilt", .string(pair.rebuilt)),
                                            ("events", .int(pair.events)),
                                        ])
                                    })
                            )
                        })
                ),
                ("by_lib_version", versionRows(v.libVersionRows)),
                ("by_app_version", versionRows(v.appVersionRows)),
                (
                    "invalid_chains",
                    .array(
                        v.invalidChainExamples.map { example in
                            .object(
                                ElementsReport.placeMembers(example.location, reports) + [
                                    ("reason", .string(example.reason))
                                ])
                        })
                ),
                (
                    "examples",
                    .array(
                        v.differenceExamples.map { example in
                            .object(
                                ElementsReport.placeMembers(example.location, reports) + [
                                    ("field", .string(example.field.key)),
                                    ("kind", .string(example.comparison == .missing ? "missing" : "mismatch")),
                                    ("recorded", .string(example.recorded)), ("rebuilt", .string(example.rebuilt)),
                                ])
                        })
                ),
                ("malformed_examples", MalformedReport.json(v.malformedExamples, reports)),
            ])
    }

    func text(_ v: ElementVerifier, _ reports: [FileReport]) -> String {
        let g = Terminal.grouped
        var out =
            "\(g(ElementsReport.lines(reports))) lines, \(g(v.events)) events, \(g(v.withChain)) with a chain, "
            + "\(g(v.invalidChains)) invalid chain\(v.invalidChains == 1 ? "" : "s"), \(g(v.malformedLines)) malformed\n"
        let valid = v.withChain - v.invalidChains
        out += "\(g(v.eventsWithDifferences)) of \(g(valid)) rebuilt events differ from what the SDK recorded\n\n"
        out +=
            Terminal.table(
                ["field", "mismatches", "missing"],
                ElementField.allCases.map {
                    [$0.key, g(v.mismatches[$0.rawValue]), g(v.missing[$0.rawValue])]
                }) + "\n"
        for field in ElementField.allCases {
            let pairs = v.commonPairs(field, limit: topPairs)
            guard !pairs.isEmpty else { continue }
            out += "\nmost common \(field.key) recorded → rebuilt:\n"
            for pair in pairs {
                out +=
                    "  \(g(pair.events).leftPadded(to: 6))  \(ElementsReport.quoted(pair.recorded)) → \"\(Terminal.safe(pair.rebuilt))\"\n"
            }
        }
        for (name, rows) in [("$lib_version", v.libVersionRows), ("$app_version", v.appVersionRows)] where !rows.isEmpty
        {
            out +=
                "\n"
                + Terminal.table(
                    [name, "with chain", "invalid", "differ"] + ElementField.allCases.map(\.key) + ["missing"],
                    rows.map { row in
                        [
                            ElementsReport.text(row.version), g(row.withChain), g(row.invalidChains),
                            g(row.eventsWithDifferences),
                        ]
                            + ElementField.allCases.map { g(row.mismatches[$0.rawValue]) } + [
                                g(row.missing.reduce(0, +))
                            ]
                    }) + "\n"
        }
        if !v.invalidChainExamples.isEmpty {
            out += "\ninvalid chains" + Self.firstOf(v.invalidChainExamples.count, v.invalidChains) + ":\n"
            for example in v.invalidChainExamples {
                out +=
                    "  \(ElementsReport.place(example.location, reports)): \(Terminal.safe(example.reason.description))\n"
            }
        }
        if !v.differenceExamples.isEmpty {
            let total = v.mismatches.reduce(0, +) + v.missing.reduce(0, +)
            out += "\ndifferences" + Self.firstOf(v.differenceExamples.count, total) + ":\n"
            for example in v.differenceExamples {
                out +=
                    "  \(ElementsReport.place(example.location, reports)): \(example.field.key) "
                    + (example.comparison == .missing
                        ? "missing" : "recorded \(ElementsReport.quoted(example.recorded))")
                    + ", rebuilt \"\(Terminal.safe(example.rebuilt))\"\n"
            }
        }
        return out + MalformedReport.text(v.malformedExamples, reports)
    }

    /// ` (first 10 of 38)` when not every item is listed.
    static func firstOf(_ shown: Int, _ total: Int) -> String {
        shown < total ? " (first \(shown) of \(Terminal.grouped(total)))" : ""
    }
}
