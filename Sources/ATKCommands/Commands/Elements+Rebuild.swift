import ATKCore
import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `atk elements rebuild`: a copy of the dump with rebuilt identifiers filled in (or fixed).
struct ElementsRebuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebuild",
        abstract:
            "Copy dumps, adding the identifiers rebuilt from $responder_chain where they are missing (--fix: and replacing wrong ones).",
        discussion: """
            Every input line is written to OUT, in order. For an event with a valid \
            $responder_chain, a missing $element_path, $element_position or $screen_name (absent \
            or null) is added as the last member of properties (a null is replaced in place); \
            with --fix, a recorded value that differs from the rebuilt one is replaced in place. \
            The rewrite is a splice: every other byte of the line, key order included, stays as \
            it was. Lines without a change, lines with an absent or invalid chain, and malformed \
            lines are copied byte for byte. Lines end with LF; blank lines stay (empty), so line \
            numbers do not move. OUT is gzip when it ends in .gz, and appears only when complete.

            The report (lines changed, fields added and replaced) goes to standard output, or to \
            standard error when OUT is -.

            Examples:
              atk elements rebuild dump.jsonl.gz -o completed.jsonl.gz
              atk elements rebuild --fix dump.jsonl.gz -o fixed.jsonl.gz
              atk elements rebuild --fix - -o - < dump.jsonl | gzip > fixed.jsonl.gz

            Exit codes: 0 written, 2 usage error (OUT missing or one of the inputs), 3 an input \
            was unreadable (what was readable is written) or OUT could not be written.
            """
    )

    @OptionGroup var input: InputOptions

    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "Write the rewritten dump to OUT (gzip when it ends in .gz; - for standard output).", valueName: "OUT"))
    var output: String

    @Flag(help: "Also replace recorded identifiers that differ from the rebuilt ones.")
    var fix = false

    @Option(help: "Report format: text or json.")
    var format: OutputFormat = .text

    func validate() throws {
        try format.require([.text, .json])
    }

    func run() throws {
        let inputs = try input.resolve(writing: [("-o", output)])
        let writer: DumpWriter
        do {
            writer = try DumpWriter(path: output, gzip: output.hasSuffix(".gz"))
        } catch {
            throw CommandError(error)
        }
        var rebuilder = ElementRebuilder(writer: writer, fix: fix)
        let (reports, unreadable) = input.read(inputs, into: &rebuilder)
        if let error = rebuilder.writeError {
            writer.discard()
            throw CommandError(error)
        }
        do { try writer.close() } catch { throw CommandError(error) }
        let report = format == .json ? json(rebuilder, reports).serialized(indent: 2) + "\n" : text(rebuilder, reports)
        if output == "-" {
            Terminal.writeStandardError(TerminalText.sanitizedLayout(report))
        } else {
            try ReportOutput(file: OutputFile.standardOutput(), format: format).emit(report)
        }
        if unreadable { throw CommandExit.unreadableInput }
    }

    func json(_ r: ElementRebuilder, _ reports: [FileReport]) -> JSONOutput {
        OutputOptions.envelope(
            command: "elements rebuild",
            [
                ("output", .string(output)), ("fix", .bool(fix)),
                (
                    "summary",
                    .object([
                        ("files", .int(reports.count)), ("lines", .int(r.lines)), ("events", .int(r.events)),
                        ("malformed_lines", .int(r.malformedLines)), ("with_chain", .int(r.withChain)),
                        ("invalid_chains", .int(r.invalidChains)), ("changed_lines", .int(r.changedLines)),
                        ("added", ElementsReport.fields(r.added)), ("replaced", ElementsReport.fields(r.replaced)),
                        ("mismatches_left", ElementsReport.fields(r.mismatchesLeft)),
                    ])
                ),
            ])
    }

    func text(_ r: ElementRebuilder, _ reports: [FileReport]) -> String {
        let g = Terminal.grouped
        var out =
            "wrote \(g(r.lines)) lines to \(PathName.display(output)): \(g(r.changedLines)) changed, "
            + "\(g(r.lines - r.changedLines)) copied unchanged (\(g(r.malformedLines)) malformed)\n"
        out += "\(g(r.withChain)) events with a chain, \(g(r.invalidChains)) invalid (copied as they are)\n\n"
        var header = ["field", "added"]
        if fix { header.append("replaced") } else { header.append("wrong, left (use --fix)") }
        out +=
            Terminal.table(
                header,
                ElementField.allCases.map { field in
                    [
                        field.key, g(r.added[field.rawValue]),
                        g(fix ? r.replaced[field.rawValue] : r.mismatchesLeft[field.rawValue]),
                    ]
                }) + "\n"
        return out
    }
}
