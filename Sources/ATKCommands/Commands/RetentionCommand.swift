import ATKCore
import ATKFunnel
import ArgumentParser
import Foundation

/// `atk retention`: cohort retention from a start event to a return event.
struct RetentionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retention",
        abstract: "Cohort retention: of the users who did --start in a period, who did --return k periods later.",
        discussion: """
            Per user (distinct_id), over track events: a cohort is a day or week (--period; weeks \
            start on Monday, named by their Monday) of --tz with at least one start event; a user \
            belongs to the cohort of every period in which they did --start, and is retained at \
            offset k (0 to --periods) when they did --return in the cohort's period + k; at offset \
            0 a return anywhere in the period counts, before or after the start. This is \
            ClickHouse's retention() per cohort period (make retention-diff). Steps use the funnel \
            step syntax: an event name with optional [property op value] filters. --identity \
            stitched counts persons (Docs/identities.md) instead of distinct_ids. See \
            Docs/retention.md.

            Examples:
              atk retention --start '$AppStart' --return 'Buy' dump.jsonl.gz
              atk retention --start 'Register' --return '$AppStart[$os=iOS]' --period week \\
                --periods 4 --tz Asia/Shanghai --format json logs/

            Exit codes: 0 read everything, 2 usage error, 3 an input was unreadable or damaged \
            (everything readable was still counted).
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var outputOptions: OutputOptions<TextOrJSONFormat>
    @OptionGroup var identityOptions: IdentityOptions

    @Option(help: ArgumentHelp("The event that puts a user in a cohort (funnel step syntax).", valueName: "step"))
    var start: String

    @Option(
        name: .customLong("return"),
        help: ArgumentHelp("The event that retains a user (funnel step syntax).", valueName: "step"))
    var returning: String

    @Option(help: "The cohort period: day or week (Monday to Sunday).")
    var period: RetentionPeriod = .day

    @Option(help: "Offsets 0 to N are counted, N + 1 numbers per cohort (0 to 1,000).")
    var periods = 7

    @Option(help: "How many malformed lines to list (0 to 1,000,000).")
    var maxExamples = 10

    func validate() throws {
        try OptionRange.check("--periods", periods, in: 0...1000)
        try OptionRange.check("--max-examples", maxExamples, in: OptionRange.count)
        _ = try retentionConfiguration()
        try identityOptions.check(input)
    }

    /// The configuration the options describe; a usage error names the option at fault.
    func retentionConfiguration() throws -> RetentionConfiguration {
        let startSpec = try FunnelCommand.usage { () throws(StepParseError) in
            try StepSpec.parse(start)
        } context: {
            "--start '\(start)'"
        }
        let returnSpec = try FunnelCommand.usage { () throws(StepParseError) in
            try StepSpec.parse(returning)
        } context: {
            "--return '\(returning)'"
        }
        // --tz (InputOptions) is the zone of --since/--until and of the days and weeks here.
        let tz = input.tz ?? "UTC"
        guard let zone = TimeZone(identifier: tz) else {
            throw ValidationError("--tz must be an IANA time zone such as UTC or Asia/Shanghai, not '\(tz)'")
        }
        return RetentionConfiguration(
            start: startSpec, returning: returnSpec,
            calendar: RetentionCalendar(period: period, timeZone: zone, zoneName: tz),
            periods: periods)
    }

    func run() throws { try runSingle() }
}

extension RetentionCommand: SingleAnalysisCommand, CountsIdentities, WritesReport {
    func makeAnalysis(persons: IdentityGraph?) throws -> RetentionAnalysis {
        try RetentionAnalysis(configuration: try retentionConfiguration(), maxExamples: maxExamples, persons: persons)
    }

    func finish(_ analysis: RetentionAnalysis, reports: [FileReport], unreadable: Bool, to output: ReportOutput) throws
    {
        let report = RetentionReport(analysis: analysis, cohorts: analysis.cohorts(), reports: reports)
        try output.emit(report.render(outputOptions.format))
        if unreadable { throw CommandExit.unreadableInput }
    }
}
