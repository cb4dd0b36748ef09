import ATKCore
import ArgumentParser

/// A reading command that `atk dist partial` and `atk dist merge` can run: its single run and
/// its distributed run share the analysis it builds and the report it prints.
protocol DistributableCommand: ParsableCommand {
    /// What the command reads into.
    associatedtype Analysis: DistributableAnalysis
    /// Where its report goes, opened before reading.
    associatedtype Destination

    /// The dump arguments.
    var input: InputOptions { get }
    /// Every file the report writes, with the option naming it.
    var outputs: [(option: String, path: String)] { get }
    /// The empty analysis the options describe.
    func makeAnalysis() throws -> Analysis
    /// Opens where the report goes, so an unwritable path fails before reading.
    func openDestination() throws -> Destination
    /// Prints the report of a finished analysis and throws the command's exit code.
    func finish(_ analysis: Analysis, reports: [FileReport], unreadable: Bool, to destination: Destination) throws
    /// Throws a usage error for options a distributed run cannot honour (`--identity stitched`).
    func checkDistributable() throws
}

extension DistributableCommand {
    /// Every option can be distributed.
    func checkDistributable() throws {}
}

extension DistributableCommand {
    /// The single run: resolve, open, read, report.
    func runSingle() throws {
        var analysis = try makeAnalysis()
        let inputs = try input.resolve(writing: outputs)
        let destination = try openDestination()
        let (reports, unreadable) = input.read(inputs, into: &analysis)
        try finish(analysis, reports: reports, unreadable: unreadable, to: destination)
    }

    /// The name partial headers give the command: its type's path without the module and a
    /// `Command` suffix, lowercased (`stats`, `elements.verify`).
    static var distName: String {
        String(reflecting: Self.self).split(separator: ".").dropFirst()
            .map { $0.hasSuffix("Command") ? String($0.dropLast("Command".count)) : String($0) }
            .joined(separator: ".").lowercased()
    }
}
