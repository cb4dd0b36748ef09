import ATKCore
import ArgumentParser

/// The dump arguments shared by every reading command.
struct InputOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "Dump files (plain, gzip or zstd, detected by content), directories (their *.jsonl, *.json, *.log, *.gz, *.zst), or - for standard input. With none, standard input is read when it is not a terminal.",
            valueName: "files"))
    var files: [String] = []

    @Flag(name: .long, help: "Never print the progress line on standard error.")
    var quiet = false

    @Option(
        help: ArgumentHelp(
            "Longest line read, in bytes (K, M, G: KiB, MiB, GiB; 1 to 1G); a longer line is reported as malformed ('line too long') and skipped without being buffered.",
            valueName: "size"))
    var maxLineBytes: ByteSize = ByteSize(DumpReader.defaultMaxLineLength)

    @Option(
        help: ArgumentHelp(
            "Parse workers (1 to 256; default: the processors atk may use). Output is the same for every value; 1 parses on one thread beside the reader.",
            valueName: "n"))
    var jobs: Int?

    /// The parse workers to use: `--jobs`, or every processor this process may use.
    var workers: Int { jobs ?? DumpReader.defaultJobs }

    func validate() throws {
        if let jobs { try OptionRange.check("--jobs", jobs, in: 1...256) }
        if files.isEmpty && Terminal.standardInputIsTerminal {
            throw ValidationError("give at least one dump file, a directory, or - for standard input")
        }
    }

    /// The inputs to read, after checking that no output is one of them.
    ///
    /// Prints the notes (a file named twice, an output inside an input directory) on standard
    /// error.
    /// - Parameter outputs: every file the command will write, with the option naming it.
    /// - Throws: a usage error (exit 2), before anything is read, when an output is an input.
    func resolve(writing outputs: [(option: String, path: String)] = []) throws -> ResolvedInputs {
        let resolved = InputSource.resolve(files.isEmpty ? ["-"] : files)
        let notes: [String]
        do {
            notes = try OutputGuard.check(outputs, against: resolved)
        } catch {
            throw CommandError(error)
        }
        for note in resolved.notes + notes { Terminal.diagnose("note: " + note) }
        return resolved
    }

    /// Reads every input into `visitor` (``resolve(writing:)`` first), on one parse thread,
    /// printing a progress line on standard error when it is a terminal and the input is large,
    /// and diagnostics for what could not be read.
    ///
    /// - Parameter diagnose: false for a second read of the same inputs, whose diagnostics the
    ///   first read printed.
    /// - Returns: the per-input reports and whether any input was unreadable.
    func readSerially<V: DumpVisitor>(_ resolved: ResolvedInputs, into visitor: inout V, diagnose: Bool = true) -> (
        reports: [FileReport], unreadable: Bool
    ) {
        read(resolved, diagnose: diagnose) { reader, progress in reader.read(into: &visitor, progress: progress) }
    }

    /// ``readSerially(_:into:diagnose:)`` for an analysis that cannot be split over workers.
    func read<V: DumpVisitor>(_ resolved: ResolvedInputs, into visitor: inout V) -> (
        reports: [FileReport], unreadable: Bool
    ) {
        readSerially(resolved, into: &visitor)
    }

    /// Reads every input into `analysis` with ``workers`` parse workers (the output is the
    /// same for every number), as ``readSerially(_:into:diagnose:)`` does for any visitor.
    ///
    /// - Parameter diagnose: false for a second read of the same inputs, whose diagnostics the
    ///   first read printed.
    func read<A: MergeableAnalysis>(_ resolved: ResolvedInputs, into analysis: inout A, diagnose: Bool = true) -> (
        reports: [FileReport], unreadable: Bool
    ) {
        read(resolved, diagnose: diagnose) { reader, progress in
            reader.read(into: &analysis, jobs: workers, progress: progress)
        }
    }

    private func read(
        _ resolved: ResolvedInputs, diagnose: Bool,
        with body: (DumpReader, ((ReadProgress) -> Void)?) -> [FileReport]
    ) -> (reports: [FileReport], unreadable: Bool) {
        let sources = resolved.sources
        if diagnose { for error in resolved.errors { Terminal.diagnose(error.description) } }
        let reader = DumpReader(sources: sources, maxLineLength: maxLineBytes.bytes)
        let showProgress = !quiet && Terminal.standardErrorIsTerminal
        var printed = false
        let clock = ContinuousClock()
        var lastPrint = clock.now
        let reports = body(
            reader,
            showProgress
                ? { progress in
                    // At most four redraws a second: a terminal over SSH should not be flooded.
                    guard clock.now - lastPrint >= .milliseconds(250) else { return }
                    lastPrint = clock.now
                    printed = true
                    let name = sources[progress.fileIndex].displayName
                    Terminal.writeProgress(
                        "atk: \(Terminal.bytes(progress.bytes)) read, \(Terminal.grouped(progress.lines)) lines (\(name))"
                    )
                } : nil)
        if printed { Terminal.writeProgress(nil) }
        if diagnose { for report in reports { if let error = report.error { Terminal.diagnose(error.description) } } }
        return (reports, !resolved.errors.isEmpty || reports.contains { $0.error != nil })
    }
}
