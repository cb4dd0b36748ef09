import ATKCore
import ArgumentParser

extension Paths {
    /// `atk paths rebuild`: a copy of the dump with rebuilt action paths filled in (or fixed).
    struct Rebuild: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rebuild",
            abstract:
                "Copy dumps, writing the rebuilt action path where a conversion has none (--fix: or a wrong one).",
            discussion: """
                Reads the inputs twice: first to replay every user's navigation (a conversion's path \
                depends on the user's earlier events in time, which may come later in the input), \
                then to write every line to OUT in input order. With --fill (the default) a \
                conversion without a path gets the rebuilt one; with --fix a conversion whose recorded \
                path differs from the rebuilt one gets it too. The path is written as a list of \
                NODE / NODE#entity strings over the recorded value (or as the last member of \
                properties); every other byte of the line, and every other line, malformed ones \
                included, stays as it was. Empty and unrebuildable paths are never written. Blank \
                lines stay (empty), so line numbers do not move. OUT is gzip when it ends in .gz and \
                appears only when complete. Standard input cannot be read twice: give files.

                The report goes to standard output, or to standard error when OUT is -.

                Examples:
                  atk paths rebuild --config nav.json dump.jsonl.gz -o filled.jsonl.gz
                  atk paths rebuild --config nav.json --fix dump.jsonl.gz -o fixed.jsonl.gz

                Exit codes: 0 written, 2 usage error (OUT missing or one of the inputs, standard \
                input, a config that is not valid), 3 an input or the config was unreadable (what \
                was readable is written) or OUT could not be written.
                """
        )

        @OptionGroup var navigation: NavigationConfigOptions
        @OptionGroup var input: InputOptions

        @Option(
            name: [.short, .long],
            help: ArgumentHelp(
                "Write the rewritten dump to OUT (gzip when it ends in .gz; - for standard output).", valueName: "OUT"))
        var output: String

        @Flag(help: "Write the rebuilt path only where a conversion has none (the default).")
        var fill = false

        @Flag(help: "Also replace recorded paths that differ from the rebuilt ones.")
        var fix = false

        @Option(help: "Report format: text or json.")
        var format: TextOrJSONFormat = .text

        func validate() throws {
            if fill && fix { throw ValidationError("--fill and --fix exclude each other") }
            try input.refuseSelection(for: "paths rebuild")
        }

        func run() throws {
            let config = try navigation.load()
            let inputs = try input.resolve(writing: [("-o", output)])
            guard inputs.sources.allSatisfy(\.canBeReadAgain) else {
                throw CommandError(
                    "paths rebuild reads its inputs twice: give regular files, not standard input or a pipe",
                    exit: CommandExit.usage)
            }
            var analysis = NavigationAnalysis(config: config)
            let (_, unreadableFirst) = input.read(inputs, into: &analysis)
            let writer: DumpWriter
            do {
                writer = try DumpWriter(path: output, gzip: output.hasSuffix(".gz"))
            } catch {
                throw CommandError(error)
            }
            let replay = analysis.replay()
            var rewriter = PathRewriter(replay: replay, pathProperty: config.pathProperty, fix: fix, writer: writer)
            let (reports, unreadable) = input.readSerially(inputs, into: &rewriter, diagnose: false)
            if let error = rewriter.writeError {
                writer.discard()
                throw CommandError(error)
            }
            do { try writer.close() } catch { throw CommandError(error) }
            let report = PathsRebuildReport(
                rewriter: rewriter, conversions: replay.conversions.count, output: output, fix: fix, reports: reports)
            if output == "-" {
                // The rewritten dump is on standard output: the report goes to standard error.
                Terminal.writeError(report.render(format))
            } else {
                try ReportOutput(file: OutputFile.standardOutput(), isText: format.isText).emit(report.render(format))
            }
            if unreadable || unreadableFirst { throw CommandExit.unreadableInput }
        }
    }
}
