import ATKCore
import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Elements {
    /// `atk elements rebuild`: a copy of the dump with rebuilt identifiers filled in (or fixed).
    struct Rebuild: ParsableCommand {
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
        var format: TextOrJSONFormat = .text

        func validate() throws {
            try input.refuseSelection(for: "elements rebuild")
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
            let (reports, unreadable) = input.readSerially(inputs, into: &rebuilder)
            if let error = rebuilder.writeError {
                writer.discard()
                throw CommandError(error)
            }
            do { try writer.close() } catch { throw CommandError(error) }
            let report = ElementsRebuildReport(rebuilder: rebuilder, output: output, fix: fix, reports: reports)
            if output == "-" {
                // The rewritten dump is on standard output: the report goes to standard error.
                Terminal.writeError(report.render(format))
            } else {
                try ReportOutput(file: OutputFile.standardOutput(), isText: format.isText).emit(report.render(format))
            }
            if unreadable { throw CommandExit.unreadableInput }
        }
    }
}
