import ATKCore
import ATKFunnel
import ArgumentParser
import Foundation

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
            "Threads that parse and analyse, then finish what splits into parts (1 to 256; default: the processors atk may use). Output is the same for every value; 1 uses one core for a plain file (a compressed one is inflated on a second thread); from 3, the members of one multi-member gzip file are inflated on several threads.",
            valueName: "n"))
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "Analyse only events at or after this time: \(TimeBound.help). Events outside are counted, not analysed.",
            valueName: "time"))
    var since: String?

    @Option(
        help: ArgumentHelp(
            "Analyse only events before this time (exclusive; same forms as --since).", valueName: "time"))
    var until: String?

    @Option(
        help: ArgumentHelp(
            "The IANA time zone of --since and --until dates, and of the days and weeks retention counts in (default UTC).",
            valueName: "zone"))
    var tz: String?

    @Option(
        name: .customLong("where"),
        help: ArgumentHelp(
            "Analyse only events matching this filter, as a funnel step's ($app_version=5.3.0, 'price>=100'); repeatable: all must match.",
            valueName: "filter"))
    var filters: [String] = []

    /// The events to analyse (`--since`, `--until`, `--tz`, `--where`); empty when none is given.
    ///
    /// - Parameter now: the time `today`, `yesterday` and `-7d` count from.
    /// - Throws: a usage error for a value that does not parse.
    func selection(now: Date = Date()) throws -> EventSelection {
        try Self.selection(since: since, until: until, tz: tz, filters: filters, now: now)
    }

    /// Refuses `--since`, `--until` and `--where` for `command`, which rewrites every line:
    /// leaving events out of its read would leave them out of what it writes.
    func refuseSelection(for command: String) throws {
        guard try selection().isEmpty else {
            throw ValidationError("\(command) rewrites every line: --since, --until and --where do not apply")
        }
    }

    /// The selection of these option values (also `atk report`'s config keys).
    static func selection(
        since: String?, until: String?, tz: String?, filters: [String], now: Date = Date()
    ) throws -> EventSelection {
        guard let zone = TimeZone(identifier: tz ?? "UTC") else {
            throw ValidationError("--tz takes an IANA time zone (Asia/Shanghai, Europe/Berlin, UTC), not '\(tz ?? "")'")
        }
        var selection = EventSelection()
        selection.since = try since.map { try TimeBound.milliseconds($0, option: "--since", zone: zone, now: now) }
        selection.until = try until.map { try TimeBound.milliseconds($0, option: "--until", zone: zone, now: now) }
        if let since = selection.since, let until = selection.until, until <= since {
            throw ValidationError("--until must be after --since")
        }
        for filter in filters {
            do {
                let spec = try StepSpec.parse("where[" + filter + "]")
                guard !spec.filters.isEmpty else { throw ValidationError("--where needs a filter, e.g. '$os=iOS'") }
                selection.filters += spec.filters
            } catch let error as StepParseError {
                throw ValidationError("--where '\(filter)': \(error.description)")
            }
        }
        return selection
    }

    /// The parse workers to use: `--jobs`, or every processor this process may use.
    var workers: Int { jobs ?? DumpReader.defaultJobs }

    func validate() throws {
        if let jobs { try OptionRange.check("--jobs", jobs, in: 1...256) }
        _ = try selection()
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
        guard let selection = try? selection(), !selection.isEmpty else {
            return read(resolved, diagnose: diagnose) { reader, progress in
                reader.read(into: &visitor, progress: progress)
            }
        }
        var selected = SelectedAnalysis(visitor, selection: selection)
        let result = read(resolved, diagnose: diagnose) { reader, progress in
            reader.read(into: &selected, progress: progress)
        }
        visitor = selected.inner
        if diagnose { Self.noteLeftOut(selected) }
        return result
    }

    /// Says on standard error how many events the selection left out (never silently).
    static func noteLeftOut<V>(_ selected: SelectedAnalysis<V>) {
        Terminal.diagnose(
            "note: \(Terminal.grouped(selected.outsideWindow)) events outside --since/--until and "
                + "\(Terminal.grouped(selected.filteredOut)) not matching --where were counted and not analysed")
    }

    /// Reads every input into `analysis` with ``workers`` parse workers (the output is the
    /// same for every number), as ``readSerially(_:into:diagnose:)`` does for any visitor.
    ///
    /// There is deliberately no `read` for a plain `DumpVisitor`: an overload without the
    /// defaulted `diagnose` would win Swift's overload ranking over this one and read every
    /// mergeable analysis on one thread (InputOptionsReadTests). Call `readSerially` by name.
    ///
    /// - Parameter diagnose: false for a second read of the same inputs, whose diagnostics the
    ///   first read printed.
    func read<A: MergeableAnalysis>(_ resolved: ResolvedInputs, into analysis: inout A, diagnose: Bool = true) -> (
        reports: [FileReport], unreadable: Bool
    ) {
        guard let selection = try? selection(), !selection.isEmpty else {
            return read(resolved, diagnose: diagnose) { reader, progress in
                reader.read(into: &analysis, jobs: workers, progress: progress)
            }
        }
        var selected = SelectedAnalysis(analysis, selection: selection)
        let result = read(resolved, diagnose: diagnose) { reader, progress in
            reader.read(into: &selected, jobs: workers, progress: progress)
        }
        analysis = selected.inner
        if diagnose { Self.noteLeftOut(selected) }
        return result
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
