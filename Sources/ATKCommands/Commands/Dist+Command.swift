import ATKCore
import ArgumentParser

/// A reading command that `atk dist partial` and `atk dist merge` can run: its single run and
/// its distributed run share the analysis it builds and the report it prints.
///
/// The command builds the analysis its options ask for (which may be one of several types: an
/// event or a path funnel) and hands it to an ``AnalysisRunner`` with how to report it; the
/// runner reads the inputs (``SingleRun``), replays shard records into it (`dist partial`), or
/// merges partial states into it (`dist merge`).
protocol DistributableCommand: ParsableCommand {
    /// The dump arguments.
    var input: InputOptions { get }
    /// Every file the report writes, with the option naming it.
    var outputs: [(option: String, path: String)] { get }
    /// The dump arguments as read: ``input``, unless positional arguments mean something else too
    /// (`funnel --path` patterns).
    func readInput() throws -> InputOptions
    /// Opens where the report goes, so an unwritable path fails before reading.
    func openDestination() throws -> ReportOutput
    /// Throws a usage error for options a distributed run cannot honour (`--identity stitched`).
    func checkDistributable() throws
    /// Whether the command counts persons (`--identity stitched`): atk dist then needs `--links`.
    var countsPersons: Bool { get }
    /// The persons to count with `--identity stitched` (a read of every input), else nil.
    func persons(_ input: InputOptions, _ resolved: ResolvedInputs) -> IdentityGraph?
    /// Builds the analysis (counting `persons` when given) and hands it to `runner`, with a
    /// closure that prints its report and throws the command's exit code.
    func run<Runner: AnalysisRunner>(_ runner: inout Runner, persons: IdentityGraph?) throws
}

/// Runs an analysis a ``DistributableCommand`` built, then asks the command to report it.
protocol AnalysisRunner {
    /// Runs `prototype` (an empty analysis) and, when a report is due, calls `report` with the
    /// finished analysis, the per-input reports, whether an input was unreadable, and the output.
    mutating func run<Analysis: DistributableAnalysis>(
        _ prototype: Analysis, report: (Analysis, [FileReport], Bool, ReportOutput) throws -> Void
    ) throws
    /// How to read the inputs again, serially, when a merge was not exact (`validate`); nil for
    /// a runner that never reports.
    var reread: SerialReread? { get }
}

/// The single run: read the resolved inputs into the analysis, report.
struct SingleRun: AnalysisRunner {
    /// The dump arguments.
    let input: InputOptions
    /// The inputs, resolved.
    let inputs: ResolvedInputs
    /// Where the report goes, opened.
    let output: ReportOutput

    mutating func run<Analysis: DistributableAnalysis>(
        _ prototype: Analysis, report: (Analysis, [FileReport], Bool, ReportOutput) throws -> Void
    ) throws {
        var analysis = prototype
        let (reports, unreadable) = input.read(inputs, into: &analysis)
        try report(analysis, reports, unreadable, output)
    }

    /// The inputs just read.
    var reread: SerialReread? { SerialReread(input: input, inputs: inputs, expected: nil) }
}

extension DistributableCommand {
    /// The single run of the command: resolve the inputs, open the output, read the persons
    /// (`--identity stitched`), then read and report.
    func runSingle() throws {
        let input = try readInput()
        let inputs = try input.resolve(writing: outputs)
        let output = try openDestination()
        var runner = SingleRun(input: input, inputs: inputs, output: output)
        try run(&runner, persons: persons(input, inputs))
    }

    /// Counts distinct_ids.
    var countsPersons: Bool { false }

    /// No persons: the command counts distinct_ids.
    func persons(_ input: InputOptions, _ resolved: ResolvedInputs) -> IdentityGraph? { nil }

    /// ``input``.
    func readInput() throws -> InputOptions { input }

    /// Every option can be distributed.
    func checkDistributable() throws {}

    /// The name partial headers give the command: its type's path without the module and a
    /// `Command` suffix, lowercased (`stats`, `elements.verify`).
    ///
    /// `_typeName` reads the type's metadata; `String(reflecting:)` would first look for
    /// conformances, a search through every conformance record of the binary that cost each run
    /// of atk about 6 ms at start-up, since `atk dist`'s help names every command.
    static var distName: String {
        _typeName(Self.self, qualified: true).split(separator: ".").dropFirst()
            .map { $0.hasSuffix("Command") ? String($0.dropLast("Command".count)) : String($0) }
            .joined(separator: ".").lowercased()
    }
}

/// A ``DistributableCommand`` of one analysis type, built by ``makeAnalysis(persons:)`` and reported by
/// ``finish(_:reports:unreadable:to:)``.
protocol SingleAnalysisCommand: DistributableCommand {
    /// What the command reads into.
    associatedtype Analysis: DistributableAnalysis
    /// The empty analysis the options describe, counting `persons` when given.
    func makeAnalysis(persons: IdentityGraph?) throws -> Analysis
    /// Prints the report of a finished analysis and throws the command's exit code.
    func finish(_ analysis: Analysis, reports: [FileReport], unreadable: Bool, to output: ReportOutput) throws
}

extension SingleAnalysisCommand {
    /// Hands ``makeAnalysis(persons:)`` to the runner, reported by ``finish(_:reports:unreadable:to:)``.
    func run<Runner: AnalysisRunner>(_ runner: inout Runner, persons: IdentityGraph?) throws {
        try runner.run(makeAnalysis(persons: persons)) { analysis, reports, unreadable, output in
            try finish(analysis, reports: reports, unreadable: unreadable, to: output)
        }
    }
}

/// A command whose report goes where its ``OutputOptions`` say (`--format`, `-o`).
protocol WritesReport {
    /// The report's format.
    associatedtype Format: ReportFormat
    /// `--format` and `-o`.
    var outputOptions: OutputOptions<Format> { get }
}

extension DistributableCommand where Self: WritesReport {
    /// `-o`, when given.
    var outputs: [(option: String, path: String)] { outputOptions.outputs }

    /// `-o`, or standard output.
    func openDestination() throws -> ReportOutput { try outputOptions.open() }
}
