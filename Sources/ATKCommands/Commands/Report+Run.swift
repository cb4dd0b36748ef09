import ATKCore
import ArgumentParser
import Foundation

extension Report {
    /// `atk report --config FILE FILES -o DIR`.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Run a report config over dumps (the default: atk report --config ...).",
            discussion: """
                Reads the inputs once and runs every section of the config (Docs/report.md): \
                stats always; validate, funnels, path_funnels, impressions and elements when \
                named. Each key of a section is the single command's option (max_examples: 5 \
                is --max-examples 5; a list repeats it; true sets a flag), checked by that \
                command; paths are relative to the config file. Every section of report.json is \
                exactly the single command's JSON for the same options, without its envelope.

                Alerts compare a metric with a threshold (above, below: strict) or with \
                --baseline's value (rises_by, falls_by: relative change, strict). A metric \
                without a value, or a missing or zero baseline, is "not evaluated", never a pass.

                Examples:
                  atk report --config atk-report.yaml dump.jsonl.gz -o out/
                  atk report --config atk-report.yaml --baseline prev/report.json \\
                      --history history.jsonl --format markdown logs/ -o out/
                  atk report init dump.jsonl.gz > atk-report.yaml

                Exit codes: 0 no alert fired, 1 an alert fired, 2 usage or config error (with \
                file:line:column), 3 an input was unreadable or an output could not be written \
                (3 wins over 1).
                """
        )

        @OptionGroup var input: InputOptions

        @Option(help: ArgumentHelp("The report config (YAML; Docs/report.md).", valueName: "FILE"))
        var config: String

        @Option(
            name: [.short, .long],
            help: ArgumentHelp(
                "The folder to write report.html, report.json and junit.xml to (made if missing).", valueName: "DIR"))
        var output: String

        @Option(help: "html (report.html, report.json, junit.xml) or markdown (also summary.md).")
        var format: ReportRunFormat = .html

        @Option(
            help: ArgumentHelp(
                "An earlier report.json: every metric gets its previous value and change; rises_by and falls_by compare with it.",
                valueName: "FILE"))
        var baseline: String?

        @Option(
            help: ArgumentHelp(
                "A JSON lines file of earlier runs' metrics: this run's line is appended (atomically) and the HTML charts the last 30.",
                valueName: "FILE"))
        var history: String?

        /// Runs in the history chart.
        static let historyRuns = 30

        func run() throws {
            let configuration = try ReportConfiguration.load(path: config)
            let selection = try self.selection(configuration)
            let input = try readInput()
            var analyses = try ReportAnalyses(configuration, files: input.files.isEmpty ? ["-"] : input.files)
            let baselineMetrics = try baseline.map { try ReportBaseline.metrics(of: $0) }

            let resolved = try input.resolve(writing: outputs)
            let earlier = try history.map { try ReportHistory.read($0) } ?? ReportHistory(lines: [])
            if analyses.passes.count > 1, !resolved.sources.allSatisfy(\.canBeReadAgain) {
                throw ValidationError(
                    "a funnel with 'by' needs a read of its own: give files, not standard input")
            }
            let files = try openFiles()

            let readAgain = resolved.sources.allSatisfy(\.canBeReadAgain)
            var main = SelectedAnalysis(analyses.passes[0], selection: selection)
            var (reports, unreadable) =
                readAgain ? input.read(resolved, into: &main) : input.readSerially(resolved, into: &main)
            analyses.passes[0] = main.inner
            for index in analyses.passes.indices.dropFirst() {
                var keyed = SelectedAnalysis(analyses.passes[index], selection: selection)
                _ = input.read(resolved, into: &keyed, diagnose: false)
                analyses.passes[index] = keyed.inner
            }
            var validator = analyses.passes[0].validator
            if let merged = validator, !merged.mergedExactly, let again = analyses.validatorForSerialRead() {
                var selected = SelectedAnalysis(again, selection: selection)
                (reports, unreadable) = input.readSerially(resolved, into: &selected, diagnose: false)
                validator = selected.inner
            }
            try publish(
                analyses, validator: validator, reports: reports, unreadable: unreadable, selected: main,
                configuration: configuration, baseline: baselineMetrics, earlier: earlier, files: files)
        }

        /// The report's files (`-o DIR`'s and `--history`), opened after making the directory.
        private func openFiles() throws -> (reports: [OutputFile], history: OutputFile?) {
            do {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            } catch {
                throw CommandError(
                    "cannot make \(output): \(error.localizedDescription)", exit: CommandExit.unreadableInput)
            }
            return (try reportPaths.map { try OutputFile.opening($0) }, try history.map { try OutputFile.opening($0) })
        }

        /// The files written into `-o DIR`.
        private var reportPaths: [String] {
            let names = ["report.html", "report.json", "junit.xml"] + (format == .markdown ? ["summary.md"] : [])
            return names.map { (output as NSString).appendingPathComponent($0) }
        }

        /// Writes the report's files and the summary lines of the finished analyses, and throws
        /// the exit code.
        private func publish(
            _ analyses: ReportAnalyses, validator: DumpValidator?, reports: [FileReport], unreadable: Bool,
            selected main: SelectedAnalysis<ReportPass>, configuration: ReportConfiguration,
            baseline baselineMetrics: [String: Double]?, earlier: ReportHistory,
            files: (reports: [OutputFile], history: OutputFile?)
        ) throws {
            let selection = main.selection
            let paths = reportPaths
            let outputs = files.reports
            let historyFile = files.history
            let sections = analyses.sections(validator: validator, reports: reports, threads: input.workers)
            let now = Date()
            var document = ReportDocument(
                title: configuration.title, sections: sections, rules: configuration.alerts,
                baseline: baselineMetrics.map { (PathName.display(baseline ?? ""), $0) })
            let runs =
                earlier.lines + [
                    ReportHistory.line(time: now, title: configuration.title, metrics: document.metricsJSON)
                ]
            document.history = runs.suffix(Self.historyRuns).compactMap(ReportHistory.metrics)
            document.hourly = analyses.passes[0].hourly?.rows ?? []
            document.fileNames = reports.map(\.source.displayName)
            if !selection.isEmpty {
                document.selection = ReportDocument.Selection(
                    since: selection.since, until: selection.until, filters: selection.filters.map(\.description),
                    outsideWindow: main.outsideWindow, filteredOut: main.filteredOut)
            }

            let texts =
                [document.html, document.json.serialized(indent: 2) + "\n", document.junit]
                + (format == .markdown ? [document.markdown] : [])
            var failed = false
            for (file, text) in zip(outputs, texts) { failed = !Self.write(text, to: file) || failed }
            if let historyFile {
                let text = runs.map { $0 + "\n" }.joined()
                failed = !Self.write(text, to: historyFile) || failed
            }
            let fired = document.alerts.filter { $0.status == .fired }.count
            let lines =
                ["\(fired) of \(document.alerts.count) alerts fired"] + document.alerts.map(\.text)
                + ["wrote " + paths.map(PathName.display).joined(separator: ", ")]
            try ReportOutput(file: OutputFile.standardOutput(), isText: true).emit(lines.joined(separator: "\n"))
            if unreadable || failed { throw CommandExit.unreadableInput }
            if document.fired { throw CommandExit.findings }
        }

        /// The events to analyse: the command line's `--since`, `--until`, `--tz` and `--where`,
        /// else the config's.
        private func selection(_ configuration: ReportConfiguration) throws -> EventSelection {
            let keys = configuration.selection
            return try InputOptions.selection(
                since: input.since ?? keys["since"]?.first, until: input.until ?? keys["until"]?.first,
                tz: input.tz ?? keys["tz"]?.first, filters: input.filters.isEmpty ? keys["where"] ?? [] : input.filters)
        }

        /// Writes and commits `text` (atomically), or reports why not; true when written.
        private static func write(_ text: String, to file: OutputFile) -> Bool {
            do {
                try file.write(text)
                try file.commit()
                return true
            } catch {
                file.discard()
                Terminal.diagnose(error.description)
                return false
            }
        }
    }
}

extension Report.Run: DistributableCommand {
    var outputs: [(option: String, path: String)] {
        reportPaths.map { ("-o", $0) } + (history.map { [("--history", $0)] } ?? [])
    }

    /// The dump arguments without a selection: the command line's or the config's is applied to
    /// the analyses (``SelectedAnalysis``), never to the read.
    func readInput() throws -> InputOptions {
        var input = input
        (input.since, input.until, input.tz, input.filters) = (nil, nil, nil, [])
        return input
    }

    func openDestination() throws -> ReportOutput { ReportOutput(file: OutputFile.standardOutput(), isText: true) }

    /// Hands the runner the one-read pass.
    ///
    /// Refuses what a distributed run cannot do: a funnel with `by` (a read of its own) and a
    /// relative time (each step would count from its own now). A validator merge that is not
    /// exact reads the inputs again, as the single run does.
    func run<Runner: AnalysisRunner>(_ runner: inout Runner, persons _: IdentityGraph?) throws {
        let configuration = try ReportConfiguration.load(path: config)
        let keys = configuration.selection
        for value in [input.since ?? keys["since"]?.first, input.until ?? keys["until"]?.first] {
            if let value, value.hasPrefix("-") {
                throw CommandError(
                    "since/until \(value) depends on when each step runs; atk dist needs a date or time",
                    exit: CommandExit.usage)
            }
        }
        let selection = try self.selection(configuration)
        let input = try readInput()
        let analyses = try ReportAnalyses(configuration, files: input.files.isEmpty ? ["-"] : input.files)
        guard analyses.passes.count == 1 else {
            throw CommandError(
                "a funnel with 'by' needs a read of its own, which atk dist does not make: run atk report on one machine",
                exit: CommandExit.usage)
        }
        let baselineMetrics = try baseline.map { try ReportBaseline.metrics(of: $0) }
        let earlier = try history.map { try ReportHistory.read($0) } ?? ReportHistory(lines: [])
        let reread = runner.reread
        try runner.run(SelectedAnalysis(analyses.passes[0], selection: selection)) { main, reports, unreadable, _ in
            var (analyses, reports, unreadable) = (analyses, reports, unreadable)
            analyses.passes[0] = main.inner
            var validator = analyses.passes[0].validator
            if let merged = validator, !merged.mergedExactly, let again = analyses.validatorForSerialRead() {
                let refusal =
                    "the partials kept too few lines of a property type conflict to report it exactly, and its "
                    + "inputs cannot be read again here; run atk report where they can (it reads such a dump twice)"
                guard let reread else { throw CommandError(refusal, exit: CommandExit.unreadableInput) }
                var selected = SelectedAnalysis(again, selection: selection)
                (reports, unreadable) = try reread.read(into: &selected, refusal: refusal)
                validator = selected.inner
            }
            try publish(
                analyses, validator: validator, reports: reports, unreadable: unreadable, selected: main,
                configuration: configuration, baseline: baselineMetrics, earlier: earlier, files: try openFiles())
        }
    }
}
