import ATKCore
import ArgumentParser

/// `atk identities`: how the dump's identities stitch into persons.
struct IdentitiesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identities",
        abstract: "Stitch identities into persons: raw ids, persons, links, conflicts.",
        discussion: """
            Links identities the way Sensors does: track_signup lines (distinct_id, a login id, \
            with original_id), track_id_bind lines and any track line's identities object (every \
            identity on one line is one person). Identities are compared by value; a link that \
            arrives late still joins earlier events. Links apply in input order; a link that would \
            put two different login ids in one person is not applied and counts as a conflict \
            (listed with file:line). track_id_unbind lines are counted, not applied. A person's key \
            is its login id, else the member seen first. Raw ids are the distinct_ids of track \
            events; persons are those holding at least one. See Docs/identities.md.

            Examples:
              atk identities dump.jsonl.gz
              atk identities --format json --largest 20 logs/ > identities.json

            Exit codes: 0 read everything, 2 usage error, 3 an input was unreadable or damaged \
            (everything readable was still counted).
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var outputOptions: OutputOptions<TextOrJSONFormat>

    @Option(help: "How many of the largest persons to list (0 to 1,000,000).")
    var largest = 10

    @Option(help: "How many conflicting and malformed lines to list (0 to 1,000,000).")
    var maxExamples = 10

    func validate() throws {
        try OptionRange.check("--largest", largest, in: OptionRange.count)
        try OptionRange.check("--max-examples", maxExamples, in: OptionRange.count)
    }

    func run() throws { try runSingle() }
}

extension IdentitiesCommand: SingleAnalysisCommand, WritesReport {
    func makeAnalysis(persons _: IdentityGraph?) -> IdentityLinkCollector {
        IdentityLinkCollector(maxExamples: maxExamples)
    }

    func finish(_ collector: IdentityLinkCollector, reports: [FileReport], unreadable: Bool, to output: ReportOutput)
        throws
    {
        let graph = IdentityGraph(collector)
        let report = IdentitiesReport(
            graph: graph, largest: graph.largestPersons(limit: largest), malformed: collector.malformedExamples,
            reports: reports)
        try output.emit(report.render(outputOptions.format))
        if unreadable { throw CommandExit.unreadableInput }
    }
}
