import ATKCore
import ATKGenerate
import ArgumentParser
import Foundation

/// `atk generate`: a realistic synthetic iOS autotrack dump, and the truth of what it holds.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a realistic synthetic iOS autotrack dump (deterministic for a seed).",
        discussion: """
            Simulates users of a shopping app: sessions ($AppStart ... $AppEnd), page views, list \
            exposures ($AppExposure), clicks ($AppClick) with $element_path, $element_position, \
            $screen_name and the raw $responder_chain, ProductView and AddToCart events with a \
            user_action_path. With --faults RATE it injects the faults the other commands detect, \
            and --truth FILE writes what was injected and the exact counts each analysis must \
            report (Docs/generate.md). --journeys adds anonymous users who log in ($SignUp or \
            $BindID lines) and $AppPageLeave durations, with persons, sessions and retention in \
            the truth.

            Examples:
              atk generate --users 100 --seed 7 -o demo.jsonl.gz
              atk generate --users 300 --faults 0.02 -o dump.jsonl --truth truth.json
              atk generate --visualized-config visualized.json --users 0
              atk generate --navigation --nav-config-out nav.json --faults 0.05 -o dump.jsonl --truth truth.json
              atk generate --journeys --users 500 -o journeys.jsonl --truth truth.json
            """
    )

    @Option(help: "Users to simulate (about 33 events each; 0 to 1,000,000).")
    var users = 100

    @Option(help: "Random seed: the same seed and options give the same bytes.")
    var seed: UInt64 = 1

    @Option(help: "Probability of each fault at each opportunity, 0 to 1 (0: a clean dump).")
    var faults = 0.0

    @Option(help: "Days the sessions are spread over (1 to 36,500).")
    var days = 7

    @Option(
        help: ArgumentHelp(
            "First day, as ms since the epoch, 0 (1970) to 253402300799999 (9999-12-31) (default 2026-09-01 00:00 UTC).",
            valueName: "ms"))
    var start: Int64 = GeneratorOptions().start

    @Option(help: "How AddToCart's user_action_path is written: list (of strings), object (seed 000's), or mixed.")
    var pathFormat: GeneratorOptions.PathFormat = .list

    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "Write the dump to FILE (gzip when it ends in .gz); - or none for standard output.", valueName: "FILE"))
    var output: String = "-"

    @Option(help: ArgumentHelp("Write the truth (counts each analysis must find) as JSON to FILE.", valueName: "FILE"))
    var truth: String?

    @Option(
        help: ArgumentHelp("Write the sample visualized-autotrack config (Sensors format) to FILE.", valueName: "FILE"))
    var visualizedConfig: String?

    @Flag(
        help:
            "Record paths as atk paths rebuilds them (entity of a page's last click), with path faults in the truth's navigation."
    )
    var navigation = false

    @Flag(
        help:
            "User journeys: anonymous users who log in ($SignUp or $BindID lines), $is_login_id, $AppPageLeave durations; the truth holds persons, sessions and retention."
    )
    var journeys = false

    @Option(
        help: ArgumentHelp(
            "Write the navigation config of the simulated app (Docs/paths.md) to FILE.", valueName: "FILE"))
    var navConfigOut: String?

    func validate() throws {
        try OptionRange.check("--users", users, in: OptionRange.users)
        guard (0...1).contains(faults) else { throw ValidationError("--faults must be between 0 and 1") }
        try OptionRange.check("--days", days, in: OptionRange.days)
        guard TimeSyntax.instantRange.contains(start) else {
            throw ValidationError("--start must be ms since the epoch \(TimeSyntax.instantRangeHelp), not \(start)")
        }
    }

    func run() throws {
        var options = GeneratorOptions()
        options.users = users
        options.seed = seed
        options.faultRate = faults
        options.days = days
        options.start = start
        options.pathFormat = pathFormat
        options.navigation = navigation
        options.journeys = journeys
        let outputs = [
            ("-o", output), ("--truth", truth), ("--visualized-config", visualizedConfig),
            ("--nav-config-out", navConfigOut),
        ]
        .compactMap { option, path in path.map { (option: option, path: $0) } }
        do {
            _ = try OutputGuard.check(outputs, against: ResolvedInputs())
        } catch {
            throw CommandError(error)
        }
        if let visualizedConfig {
            try write(DumpGenerator.visualizedConfig().serialized(indent: 2) + "\n", to: visualizedConfig)
        }
        if let navConfigOut {
            try write(DumpGenerator.navigationConfig().serialized(indent: 2) + "\n", to: navConfigOut)
        }
        if (visualizedConfig != nil || navConfigOut != nil) && users == 0 && truth == nil { return }
        let truthFile = try truth.map(OutputFile.opening)
        let generated: GeneratorTruth
        do {
            let writer = try DumpWriter(path: output, gzip: output.hasSuffix(".gz"))
            generated = try DumpGenerator(options: options).generate(to: writer)
        } catch let error as OutputError {
            truthFile?.discard()
            throw CommandError(error)
        }
        if let truthFile {
            try ReportOutput(file: truthFile, isText: false).emit(
                generated.json(options: options).serialized(indent: 2))
        }
    }

    private func write(_ text: String, to path: String) throws {
        try ReportOutput(file: OutputFile.opening(path), isText: false).emit(text)
    }
}
