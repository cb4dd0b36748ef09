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
    @OptionGroup var outputOptions: OutputOptions

    @Option(help: "How many malformed lines to list (file and line) in the report (0 to 1,000,000).")
    var maxExamples = 10

    func validate() throws {
        try outputOptions.format.require([.text, .json])
        try OptionRange.check("--max-examples", maxExamples, in: OptionRange.count)
    }

    func run() throws {
        var collector = StatsCollector(maxExamples: maxExamples)
        let inputs = try input.resolve(writing: outputOptions.outputs)
        let output = try outputOptions.open()
        let (reports, unreadable) = input.read(inputs, into: &collector)
        let text =
            outputOptions.format == .json
            ? Self.json(collector, reports).serialized(indent: 2)
            : Self.text(collector, reports)
        try output.emit(text)
        if unreadable { throw CommandExit.unreadableInput }
    }

    static func json(_ stats: StatsCollector, _ reports: [FileReport]) -> JSONOutput {
        let lines = reports.reduce(0) { $0 + $1.lines }
        let malformed = reports.reduce(0) { $0 + $1.malformedLines }
        return OutputOptions.envelope(
            command: "stats",
            [
                (
                    "summary",
                    .object([
                        ("files", .int(reports.count)), ("lines", .int(lines)), ("events", .int(stats.events)),
                        ("malformed_lines", .int(malformed)), ("users", .int(stats.userCount)),
                        ("first_time", .int(stats.firstTime)), ("last_time", .int(stats.lastTime)),
                        ("bytes_read", .int(reports.reduce(0) { $0 + $1.bytes })),
                        ("input_bytes", .int(reports.reduce(0) { $0 + $1.inputBytes })),
                        ("events_without_name", .int(stats.eventsWithoutName)),
                    ])
                ),
                (
                    "events",
                    .array(
                        stats.eventRows.map {
                            .object([
                                ("event", .string($0.event)), ("count", .int($0.count)), ("users", .int($0.users)),
                            ])
                        })
                ),
                (
                    "types",
                    .array(stats.typeRows.map { .object([("type", .string($0.type)), ("count", .int($0.count))]) })
                ),
                (
                    "files",
                    .array(
                        reports.map { report in
                            .object([
                                ("path", .string(report.source.displayName)), ("lines", .int(report.lines)),
                                ("malformed_lines", .int(report.malformedLines)), ("bytes_read", .int(report.bytes)),
                                ("input_bytes", .int(report.inputBytes)), ("gzip", .bool(report.isGzip)),
                                ("gzip_members", .int(report.gzipMembers)),
                                ("error", .string(report.error?.description)),
                            ])
                        })
                ),
                ("malformed_examples", MalformedReport.json(stats.malformedExamples, reports)),
            ])
    }

    static func text(_ stats: StatsCollector, _ reports: [FileReport]) -> String {
        let lines = reports.reduce(0) { $0 + $1.lines }
        let malformed = reports.reduce(0) { $0 + $1.malformedLines }
        let g = Terminal.grouped
        var out =
            "\(g(reports.count)) file\(reports.count == 1 ? "" : "s"), \(g(lines)) lines, "
            + "\(g(stats.events)) events, \(g(malformed)) malformed, \(g(stats.userCount)) users\n"
        if let first = stats.firstTime, let last = stats.lastTime {
            out += "time      \(Terminal.timestamp(first))  to  \(Terminal.timestamp(last))\n"
        }
        let bytes = reports.reduce(Int64(0)) { $0 + $1.bytes }
        let inputBytes = reports.reduce(Int64(0)) { $0 + $1.inputBytes }
        out += "read      \(Terminal.bytes(bytes)) of text from \(Terminal.bytes(inputBytes)) of input\n"
        if !stats.typeRows.isEmpty {
            out +=
                "types     " + stats.typeRows.map { "\(Terminal.safe($0.type)) \(g($0.count))" }.joined(separator: ", ")
                + "\n"
        }
        let rows = stats.eventRows
        if !rows.isEmpty {
            out +=
                "\n" + Terminal.table(["event", "events", "users"], rows.map { [$0.event, g($0.count), g($0.users)] })
                + "\n"
        }
        if reports.count > 1 || reports.contains(where: { $0.error != nil }) {
            out +=
                "\n"
                + Terminal.table(
                    ["file", "lines", "malformed", "status"],
                    reports.map {
                        [$0.source.displayName, g($0.lines), g($0.malformedLines), $0.error == nil ? "ok" : "error"]
                    }) + "\n"
        }
        return out + MalformedReport.text(stats.malformedExamples, reports)
    }
}
