import ATKCore
import ArgumentParser

/// `--format` and `--output`, shared by every command that writes a report; `Format` lists the
/// formats the command writes.
struct OutputOptions<Format: ReportFormat>: ParsableArguments {
    @Option(help: ArgumentHelp(Format.help))
    var format: Format = .text

    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "Write the report to FILE instead of standard output (atomically; never over an input: Docs/output.md#safety).",
            valueName: "FILE"))
    var output: String?

    /// The outputs this option group names, for ``InputOptions/resolve(writing:)``.
    var outputs: [(option: String, path: String)] { output.map { [("-o", $0)] } ?? [] }

    /// Opens where the report goes (``OutputFile``: `--output`, or standard output), before
    /// anything is read, so a path that cannot be written fails at once.
    func open() throws -> ReportOutput {
        ReportOutput(file: try OutputFile.opening(output ?? "-"), isText: format.isText)
    }
}
