import ATKCore
import ArgumentParser

/// `atk sessions`: sessions, durations, bounces and page stay times.
struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "Cut each user's events into sessions; report durations, bounces and page stay times.",
        discussion: """
            Per user (distinct_id), over the user's track events sorted by (time, input order): a \
            session starts at the first event, at every $AppStart, and at an event more than --gap \
            after the previous one (exactly --gap stays); $AppEnd ends its session. Duration = last \
            event time - first. A bounce is a session with at most one $AppViewScreen. A page view's \
            stay lasts until the next $AppViewScreen or $AppEnd of its session ($AppPageLeave ends \
            nothing); a page view with neither after it is unended and left out of stays. Where the \
            SDK sent event_duration ($AppEnd, $AppPageLeave), the report says how far it is from the \
            event-time duration. --identity stitched counts persons (Docs/identities.md) instead of \
            distinct_ids. Medians and p90 interpolate linearly between closest ranks (R-7). \
            See Docs/sessions.md.

            Examples:
              atk sessions dump.jsonl.gz
              atk sessions --gap 10m --breakdown '$app_version' --format json logs/ > sessions.json
              atk sessions --identity stitched dump.jsonl.gz

            Exit codes: 0 read everything, 2 usage error, 3 an input was unreadable or damaged \
            (everything readable was still counted).
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var outputOptions: OutputOptions<TextOrJSONFormat>
    @OptionGroup var identityOptions: IdentityOptions

    @Option(
        help: ArgumentHelp(
            "A longer gap between two events of a user starts a session (90s, 10m, 1h; default 30m).",
            valueName: "duration"))
    var gap = "30m"

    @Option(help: ArgumentHelp("Split sessions by this property of their first event.", valueName: "PROPERTY"))
    var breakdown: String?

    @Option(help: "How many malformed lines to list (0 to 1,000,000).")
    var maxExamples = 10

    func validate() throws {
        try OptionRange.check("--max-examples", maxExamples, in: OptionRange.count)
        _ = try TimeSpan.milliseconds(gap, option: "--gap")
        try identityOptions.check(input)
    }

    func run() throws { try runSingle() }
}

extension SessionsCommand: SingleAnalysisCommand, CountsIdentities, WritesReport {
    func makeAnalysis(persons: IdentityGraph?) throws -> SessionAnalysis {
        let configuration = SessionConfiguration(
            gapMilliseconds: try TimeSpan.milliseconds(gap, option: "--gap"), breakdown: breakdown)
        return SessionAnalysis(configuration: configuration, maxExamples: maxExamples, persons: persons)
    }

    func finish(_ analysis: SessionAnalysis, reports: [FileReport], unreadable: Bool, to output: ReportOutput) throws {
        let report = SessionsReport(analysis: analysis, totals: analysis.totals(), reports: reports)
        try output.emit(report.render(outputOptions.format))
        if unreadable { throw CommandExit.unreadableInput }
    }
}
