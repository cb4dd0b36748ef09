import ATKCore
import ArgumentParser
import Foundation

/// `atk validate`: every broken event of a dump, where and why, for CI and cron.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check dumps against the Sensors data format and the autotrack lifecycle.",
        discussion: """
            Checks every line: JSON (syntax, UTF-8, lone surrogate escapes), the envelope (type, \
            event, distinct_id, original_id, time), \
            property names, types and lengths; across the dump: property type conflicts and \
            duplicate events; per user in time order: sessions without $AppEnd, orphan $AppEnd, \
            wrong durations and page views of background launches. With --plan, each track event's \
            properties are also checked against a tracking plan (plan.* rules, Docs/plan.md). \
            Rules and ids: Docs/validate.md.

            The report lists each rule that found something, grouped by severity, with its count, \
            its share of lines and the first examples (file, line, event, value, reason). \
            --bad-rows FILE writes every line with an error, byte for byte, to fix and replay.

            Examples:
              atk validate dump.jsonl.gz
              atk validate --format junit -o validate.xml debug.jsonl
              atk validate --max-error-rate 0.001 --bad-rows bad.jsonl.gz logs/
              atk validate --fail-on warning --rule time.future --now 2026-09-08 d.gz
              atk validate --breakdown '$app_version' --skip-rule duplicate.event d.gz
              atk validate --plan plan.json --strict-plan dump.jsonl.gz

            Exit codes: 0 no failing findings, 1 failing findings (errors by default; see \
            --fail-on and --max-error-rate), 2 usage error, 3 an input was unreadable or damaged \
            or an output file could not be written (3 wins over 1).
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var outputOptions: OutputOptions<ValidateFormat>

    @Option(help: "Examples listed per rule (0 to 1,000,000).")
    var maxExamples = 5

    @Option(name: .customLong("rule"), help: ArgumentHelp("Check only this rule (repeatable).", valueName: "id"))
    var rules: [String] = []

    @Option(name: .customLong("skip-rule"), help: ArgumentHelp("Do not check this rule (repeatable).", valueName: "id"))
    var skippedRules: [String] = []

    @Option(help: "Findings that fail the run (exit 1): error, warning (errors or warnings) or never.")
    var failOn: ValidationFailPolicy.Threshold = .error

    @Option(help: ArgumentHelp("Fail on errors only when lines with errors / lines > R (0 to 1).", valueName: "R"))
    var maxErrorRate: Double?

    @Option(
        help: ArgumentHelp(
            "The time time.future compares with: ISO-8601 (2026-09-08T12:00:00Z) or ms since the epoch, 1970 to 9999 (default: the clock).",
            valueName: "time"))
    var now: String?

    @Option(
        help: ArgumentHelp("How far past now a time may be (90s, 10m, 1h, 7d; a unit is required).", valueName: "span"))
    var futureTolerance = "10m"

    @Option(
        help: ArgumentHelp(
            "How far $AppEnd's duration may differ from its session's length (90s, 10m, ...).", valueName: "span"))
    var durationTolerance = "5s"

    @Option(
        help: ArgumentHelp(
            "Write every line with an error to FILE as JSON lines (gzip when FILE ends in .gz).", valueName: "FILE"))
    var badRows: String?

    @Option(
        help: ArgumentHelp(
            "Count each rule's findings per value of this property ($app_version, $lib_version).", valueName: "property"
        ))
    var breakdown: String?

    @Option(
        help: ArgumentHelp(
            "Check events against a tracking plan: a JSON file or a directory of <event>.json schemas (Docs/plan.md).",
            valueName: "plan"))
    var plan: String?

    @Flag(help: "With --plan: a track event the plan does not list is an error (plan.unplanned_event), not a warning.")
    var strictPlan = false

    @Flag(
        help:
            "With --plan: check the plan's format keywords (date-time, date, time, email, ipv4, ipv6, uuid, uri) instead of treating them as annotations."
    )
    var assertFormats = false

    func validate() throws {
        _ = try request()
    }

    /// The run the arguments ask for, checked and parsed (tolerances, now, rules), without the
    /// plan and the bad-rows file, which ``run()`` loads and opens.
    func request() throws -> ValidationRequest {
        try OptionRange.check("--max-examples", maxExamples, in: OptionRange.count)
        if plan == nil && (strictPlan || assertFormats) {
            throw ValidationError("--strict-plan and --assert-formats need --plan")
        }
        let known = ValidationRequest.registry(withPlan: plan != nil, strictPlan: strictPlan).rules.map(\.id)
        for id in rules + skippedRules where !known.contains(id) {
            if id.hasPrefix("plan.") && plan == nil { throw ValidationError("rule '\(id)' needs --plan") }
            throw ValidationError("unknown rule '\(id)'; valid rules: \(known.joined(separator: ", "))")
        }
        if let maxErrorRate, !(0...1).contains(maxErrorRate) {
            throw ValidationError("--max-error-rate must be between 0 and 1")
        }
        var options = ValidationOptions(now: try nowMilliseconds())
        options.futureTolerance = try TimeSpan.milliseconds(futureTolerance, option: "--future-tolerance")
        options.durationTolerance = try TimeSpan.milliseconds(
            durationTolerance, option: "--duration-tolerance")
        options.maxExamples = maxExamples
        options.breakdownProperty = breakdown
        if !rules.isEmpty || !skippedRules.isEmpty {
            options.rules = Set(rules.isEmpty ? known : rules).subtracting(skippedRules)
        }
        return ValidationRequest(
            options: options, strictPlan: strictPlan,
            failPolicy: ValidationFailPolicy(failOn: failOn, maxErrorRate: maxErrorRate))
    }

    /// `--now` in ms since the epoch, else the clock's.
    private func nowMilliseconds() throws -> Int64 {
        guard let now else { return Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
        guard let instant = TimeSyntax.instant(now) else {
            throw ValidationError(
                "--now must be a real date and time, ISO-8601 (2026-09-08T12:00:00Z) or ms since the epoch, "
                    + "\(TimeSyntax.instantRangeHelp), not '\(now)'")
        }
        return instant
    }

    func run() throws {
        var request = try loadedRequest()
        let resolved = try input.resolve(writing: outputOptions.outputs + (badRows.map { [("--bad-rows", $0)] } ?? []))
        let fileNames = resolved.sources.map(\.displayName)
        let output = try outputOptions.open()
        var sink: BadRowWriter?
        if let badRows {
            do {
                sink = try BadRowWriter(path: badRows, fileNames: fileNames)
            } catch {
                output.file.discard()
                throw CommandError(error)
            }
        }
        request.badRows = sink
        var validator = DumpValidator(request)
        // Bad rows go out as lines are read, so in input order only from one thread; a merge that
        // lost type-conflict lines (DumpValidator.mergedExactly) needs a second, serial read.
        let canReadAgain = resolved.sources.allSatisfy(\.canBeReadAgain)
        var (reports, unreadable) =
            validator.writesWhileReading || !canReadAgain
            ? input.readSerially(resolved, into: &validator) : input.read(resolved, into: &validator)
        if !validator.mergedExactly {
            validator = DumpValidator(request)
            (reports, unreadable) = input.readSerially(resolved, into: &validator, diagnose: false)
        }
        let result = validator.finish(reading: reports)
        var outputFailed = false
        if let sink {
            if let error = result.badRowError {
                sink.discard()
                Terminal.diagnose("cannot write \(PathName.display(badRows ?? "")): \(error)")
                outputFailed = true
            } else if let error = Result(catching: { () throws(OutputError) in try sink.close() }).failure {
                Terminal.diagnose(error.description)
                outputFailed = true
            }
        }

        try finish(result, fileNames: fileNames, unreadable: unreadable || outputFailed, to: output)
    }

    /// The request, with `--plan` loaded.
    func loadedRequest() throws -> ValidationRequest {
        var request = try request()
        if let plan {
            do {
                request.plan = try PlanChecker(path: plan, assertFormats: assertFormats)
            } catch {
                // The error names the file (for a directory plan, the event's file).
                throw CommandError("plan \(error.description)", exit: CommandExit.usage)
            }
        }
        return request
    }

    /// Prints the report and throws the exit code.
    func finish(_ result: ValidationResult, fileNames: [String], unreadable: Bool, to output: ReportOutput) throws {
        let report = ValidationReport(result: result, fileNames: fileNames, planFile: plan)
        try output.emit(report.render(outputOptions.format))
        if unreadable { throw CommandExit.unreadableInput }
        if result.failed { throw CommandExit.findings }
    }
}

extension ValidateCommand: DistributableCommand, WritesReport {
    /// Refuses `--bad-rows`: its rows go out in input order as they are read.
    func checkDistributable() throws {
        guard badRows == nil else {
            throw CommandError(
                "atk dist does not write --bad-rows (rows go out in input order while reading): run it on one machine",
                exit: CommandExit.usage)
        }
    }

    /// Hands the runner the validator; a merge that kept too few type-conflict lines to be exact
    /// (``DumpValidator/mergedExactly``) reads the inputs again serially, as the single run does,
    /// or is refused when they cannot be opened here.
    func run<Runner: AnalysisRunner>(_ runner: inout Runner, persons _: IdentityGraph?) throws {
        let request = try loadedRequest()
        let reread = runner.reread
        try runner.run(DumpValidator(request)) { validator, reports, unreadable, output in
            var (validator, reports, unreadable) = (validator, reports, unreadable)
            if !validator.mergedExactly {
                let refusal =
                    "the partials kept too few lines of a property type conflict to report it exactly, and its "
                    + "inputs cannot be read again here; run atk validate where they can (it reads such a dump twice)"
                guard let reread else { throw CommandError(refusal, exit: CommandExit.unreadableInput) }
                validator = DumpValidator(request)
                (reports, unreadable) = try reread.read(into: &validator, refusal: refusal)
            }
            let result = validator.finish(reading: reports)
            try finish(result, fileNames: reports.map(\.source.displayName), unreadable: unreadable, to: output)
        }
    }
}

extension Result {
    /// The error, or nil on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
