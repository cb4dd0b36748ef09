import ATKCore
import ATKFunnel
import ArgumentParser
import Foundation

/// `atk funnel`: event funnels with ClickHouse `windowFunnel` semantics, and action-path funnels.
struct FunnelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "funnel",
        abstract: "Event funnels (ClickHouse windowFunnel semantics) and action-path funnels.",
        discussion: """
            Event funnels (--steps or --step): per user (distinct_id, or --by PROPERTY), over the \
            user's track events sorted by time, the number of consecutive steps reached inside the \
            window, exactly as ClickHouse windowFunnel(window[, mode]) computes it: the window runs \
            from the step-1 event and includes its end; a later step-1 event starts a new attempt. \
            Per step: users, conversion from the previous step and from the first, median and p90 \
            time from the previous step.

            A step is an event name with optional filters: AddToCart, \
            '$AppViewScreen[$screen_name=ProductDetailViewController]', \
            'Buy[price>=100,currency!=USD]', 'Search[q~^shoe]' (=, !=, <, <=, >, >=, ~ ECMA-262 regex search). \
            Quote names or values holding , [ ] or operators with "..."; Docs/funnel.md has the rules.

            Modes: default; strict-order (an event matching no step stops the user's funnel); \
            strict-dedup (a repeat of a reached step stops it); strict-increase (steps need strictly \
            later times); combine with +.

            Action-path funnels (--path): conversions (--conversion, default AddToCart) by the \
            action path in --path-property (default user_action_path): a list of NODE or \
            NODE#entity strings, or seed 000's object (nodesV2, entityIndexes, entityIds). Without \
            a PATTERN, the top paths and the node-to-node edges; with PATTERN (DL_HOME>DL_PDP, the \
            first argument after --path), a funnel over the paths that hold those nodes in order \
            (--strict: adjacent). Conversions without a path are counted and reported.

            With --rebuilt nav.json, each conversion's path is the one `atk paths` rebuilds from the \
            user's page views and clicks with that navigation config (Docs/paths.md), the recorded \
            path ignored; the conversion is the config's unless --conversion is given. Conversions \
            the model cannot rebuild (empty stack) are counted as without a path.

            --identity stitched counts persons (Docs/identities.md) instead of distinct_ids: in \
            event funnels, in the users of path funnels, and in the per-user replay of --rebuilt \
            (not with --by).

            Examples:
              atk funnel --steps '$AppStart,ProductView,AddToCart' --window 1h dump.gz
              atk funnel --step ProductView --step 'AddToCart[price>=100]' \\
                  --mode strict-order logs/
              atk funnel --steps ProductView,AddToCart --breakdown '$os' dump.gz
              atk funnel --steps ProductView,AddToCart --exclude '$AppEnd' dump.gz
              atk funnel --steps ProductView,AddToCart --count conversions \\
                  --format csv dump.gz
              atk funnel --path dump.gz
              atk funnel --path 'DL_HOME>DL_PDP' --strict --entity DL_HOME dump.gz
              atk funnel --path 'DL_HOME>DL_PDP' --rebuilt nav.json --entity DL_PDP dump.gz
              atk funnel --steps '$AppStart,AddToCart' --identity stitched dump.gz

            Exit codes: 0 read everything, 2 usage error, 3 an input was unreadable or damaged \
            (everything readable was still counted). Malformed lines are reported, not fatal.
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var outputOptions: OutputOptions<FunnelFormat>
    @OptionGroup var identityOptions: IdentityOptions

    @Option(help: ArgumentHelp("The funnel's steps, separated by commas outside [...] and quotes.", valueName: "steps"))
    var steps: String?

    @Option(
        name: .customLong("step"),
        help: ArgumentHelp("One step; repeat for each step, in order (instead of --steps).", valueName: "step"))
    var step: [String] = []

    @Option(
        help: ArgumentHelp(
            "Conversion window from the step-1 event, inclusive: a whole number and ms, s, m, h, d or w.",
            valueName: "duration"))
    var window = "1d"

    @Option(
        help: ArgumentHelp(
            "default, strict-order, strict-dedup or strict-increase; combine with + (strict-order+strict-increase).",
            valueName: "mode"))
    var mode: FunnelMode = []

    @Option(
        help: ArgumentHelp(
            "What a step counts: users (each once, at their deepest attempt) or conversions (every attempt; a user re-enters after completing).",
            valueName: "unit"))
    var count: FunnelCountingUnit = .users

    @Option(help: ArgumentHelp("Identify users by this property instead of distinct_id.", valueName: "property"))
    var by: String?

    @Option(
        help: ArgumentHelp(
            "Break the funnel down by this property's value on the attempt's step-1 event.", valueName: "property"))
    var breakdown: String?

    @Option(help: "How many breakdown values to list (1 to 1,000,000); the rest are summed as \"other\".")
    var breakdownLimit = 10

    @Option(
        help: ArgumentHelp(
            "Drop users who do this event (with filters) between their first and last reached step; repeat for several.",
            valueName: "step"))
    var exclude: [String] = []

    @Flag(help: "Action-path funnels of conversions (an optional PATTERN may follow).")
    var path = false

    @Option(
        help: ArgumentHelp(
            "With --path: the conversion event (default AddToCart; with --rebuilt, the config's conversion).",
            valueName: "event"))
    var conversion: String?

    @Option(
        help: ArgumentHelp("With --path: the property holding the conversion's action path.", valueName: "property"))
    var pathProperty = "user_action_path"

    @Option(
        help: ArgumentHelp(
            "With --path: count each conversion's path as this navigation config rebuilds it (Docs/paths.md), not the recorded one.",
            valueName: "nav.json"))
    var rebuilt: String?

    @Option(help: "With --path: how many paths to list, by conversions (1 to 1,000,000).")
    var top = 20

    @Flag(help: "With a --path PATTERN: the pattern's nodes must be adjacent in the path.")
    var strict = false

    @Option(
        help: ArgumentHelp(
            "With --path: break conversions down by the entity at this node (its last occurrence in the path).",
            valueName: "node"))
    var entity: String?

    @Option(help: "How many malformed lines to list (file and line) in the report (0 to 1,000,000).")
    var maxExamples = 10

    /// What the arguments ask for, checked: the one request `run()` hands to the core.
    enum Request {
        case events(EventFunnelConfiguration)
        case paths(PathFunnelAnalysis.Configuration, files: [String], rebuilt: String?)
    }

    func validate() throws {
        var input = input
        if case .paths(_, let files, _) = try request() { input.files = files }
        try identityOptions.check(input)
    }

    func run() throws {
        // The --rebuilt config first: a bad one is refused before the persons' read.
        if case .paths(_, _, let rebuilt?) = try request() { _ = try rebuiltConfig(rebuilt) }
        try runSingle()
    }

    /// Hands the runner the event funnel, the path funnel, or (`--rebuilt`) the navigation replay
    /// whose rebuilt paths the path funnel counts; each counts `persons` when given.
    func run<Runner: AnalysisRunner>(_ runner: inout Runner, persons: IdentityGraph?) throws {
        switch try request() {
        case .events(var configuration):
            configuration.persons = persons
            let analysis = try Self.usage { () throws(FunnelConfigurationError) in
                try EventFunnelAnalysis(configuration: configuration)
            }
            try runner.run(analysis) { analysis, reports, unreadable, output in
                try output.emit(
                    EventFunnelReport(result: analysis.result(threads: input.workers), reports: reports)
                        .render(outputOptions.format))
                if unreadable { throw CommandExit.unreadableInput }
            }
        case .paths(var configuration, _, let rebuilt):
            let navigation = try rebuilt.map(rebuiltConfig)
            if let navigation {
                configuration.conversionEvent = navigation.conversion
                configuration.pathProperty = navigation.pathProperty
            }
            configuration.persons = persons
            let funnel = PathFunnelAnalysis(configuration: configuration)
            let emit = {
                (analysis: PathFunnelAnalysis, reports: [FileReport], unreadable: Bool, output: ReportOutput) in
                try output.emit(
                    PathFunnelReport(result: analysis.result(top: top), reports: reports).render(outputOptions.format))
                if unreadable { throw CommandExit.unreadableInput }
            }
            if let navigation {
                try runner.run(NavigationAnalysis(config: navigation, maxExamples: maxExamples, persons: persons)) {
                    replay, reports, unreadable, output in
                    var analysis = funnel
                    analysis.count(replay.replay())
                    try emit(analysis, reports, unreadable, output)
                }
            } else {
                try runner.run(funnel, report: emit)
            }
        }
    }

    /// Parses and checks every option; usage errors as `ValidationError`.
    func request() throws -> Request {
        try OptionRange.check("--max-examples", maxExamples, in: OptionRange.count)
        let hasSteps = steps != nil || !step.isEmpty
        if path {
            guard !hasSteps else { throw ValidationError("--path and --steps/--step are different funnels: give one") }
            return try pathRequest()
        }
        guard hasSteps else {
            throw ValidationError("give --steps (or --step ...) for an event funnel, or --path for action paths")
        }
        let pathOnly = [
            ("--strict", strict), ("--entity", entity != nil), ("--top", top != 20),
            ("--conversion", conversion != nil), ("--path-property", pathProperty != "user_action_path"),
            ("--rebuilt", rebuilt != nil),
        ]
        if let (name, _) = pathOnly.first(where: { $0.1 }) { throw ValidationError("\(name) needs --path") }
        return .events(try eventConfiguration())
    }

    private func eventConfiguration() throws -> EventFunnelConfiguration {
        guard steps == nil || step.isEmpty else {
            throw ValidationError("give the steps with --steps or with --step, not both")
        }
        var specs: [StepSpec] = []
        if let steps {
            specs = try Self.usage { () throws(StepParseError) in
                try StepSpec.parseList(steps)
            } context: {
                "--steps '\(steps)'"
            }
        }
        for text in step {
            specs.append(
                try Self.usage { () throws(StepParseError) in
                    try StepSpec.parse(text)
                } context: {
                    "--step '\(text)'"
                })
        }
        var exclusions: [StepSpec] = []
        for text in exclude {
            exclusions.append(
                try Self.usage { () throws(StepParseError) in
                    try StepSpec.parse(text)
                } context: {
                    "--exclude '\(text)'"
                })
        }
        let funnelSteps = try Self.usage { () throws(FunnelConfigurationError) in
            try FunnelSteps(steps: specs, exclusions: exclusions)
        }
        let parsedWindow = try Self.usage { () throws(FunnelWindow.ParseError) in
            try FunnelWindow(parsing: window)
        } context: {
            "--window"
        }
        try OptionRange.check("--breakdown-limit", breakdownLimit, in: OptionRange.positiveCount)
        guard breakdown != nil || breakdownLimit == 10 else {
            throw ValidationError("--breakdown-limit needs --breakdown")
        }
        var configuration = EventFunnelConfiguration(steps: funnelSteps, window: parsedWindow)
        configuration.mode = mode
        configuration.unit = count
        guard by == nil || identityOptions.identity == .raw else {
            throw ValidationError("--by counts users by a property; --identity stitched counts persons: give one")
        }
        configuration.userProperty = by
        configuration.breakdownProperty = breakdown
        configuration.breakdownLimit = breakdownLimit
        configuration.maxExamples = maxExamples
        return configuration
    }

    private func pathRequest() throws -> Request {
        let eventOnly = [
            ("--window", window != "1d"), ("--mode", mode != []), ("--count", count != .users),
            ("--by", by != nil), ("--breakdown", breakdown != nil), ("--exclude", !exclude.isEmpty),
        ]
        if let (name, _) = eventOnly.first(where: { $0.1 }) {
            throw ValidationError("\(name) is for event funnels, not --path")
        }
        try OptionRange.check("--top", top, in: OptionRange.positiveCount)
        var files = input.files
        var configuration = PathFunnelAnalysis.Configuration()
        configuration.conversionEvent = conversion ?? configuration.conversionEvent
        configuration.pathProperty = pathProperty
        configuration.entityNode = entity
        configuration.maxExamples = maxExamples
        if let first = files.first, Self.isPattern(first, inputsFollow: files.count > 1) {
            files.removeFirst()
            configuration.pattern = try Self.usage { () throws(PathPattern.ParseError) in
                try PathPattern(parsing: first, strict: strict)
            }
            if files.isEmpty && Terminal.standardInputIsTerminal {
                throw ValidationError("give at least one dump file after the pattern, or - for standard input")
            }
        } else if strict {
            throw ValidationError("--strict needs a PATTERN after --path (DL_HOME>DL_PDP)")
        }
        if rebuilt != nil && pathProperty != "user_action_path" {
            throw ValidationError("--path-property names a recorded path; --rebuilt ignores recorded paths")
        }
        return .paths(configuration, files: files, rebuilt: rebuilt)
    }

    /// The `--rebuilt` navigation config, its conversion replaced by `--conversion` when given.
    func rebuiltConfig(_ file: String) throws -> NavigationConfig {
        var config = try NavigationConfigOptions.load(file)
        config.conversion = conversion ?? config.conversion
        return config
    }

    /// Whether the first argument after `--path` is a PATTERN rather than an input: it holds `>`,
    /// or it is a bare node name (letters, digits, `_`, `-`, `#`) that names no file or directory
    /// and inputs follow it (so a mistyped file name alone is reported as unreadable, not taken
    /// for a pattern over standard input).
    static func isPattern(_ argument: String, inputsFollow: Bool) -> Bool {
        if argument.contains(">") { return true }
        guard inputsFollow, !argument.isEmpty, argument != "-" else { return false }
        let isNodeName = argument.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" || $0 == "#"
        }
        return isNodeName && !FileManager.default.fileExists(atPath: argument)
    }

    /// Runs `body`, turning its typed error into a usage error (exit 2) with its message.
    static func usage<T, E: Error & CustomStringConvertible>(
        _ body: () throws(E) -> T, context: () -> String? = { nil }
    ) throws -> T {
        do {
            return try body()
        } catch {
            throw ValidationError([context(), error.description].compactMap { $0 }.joined(separator: ": "))
        }
    }
}

extension FunnelCommand: DistributableCommand, CountsIdentities, WritesReport {
    /// The dump arguments; with `--path`, the positional arguments after the patterns.
    func readInput() throws -> InputOptions {
        guard case .paths(_, let files, _) = try request() else { return input }
        var input = input
        input.files = files
        return input
    }
}
