import ATKCore

/// Every command's report rendered from an analysis already fed, in each format the command
/// writes, without reading inputs or writing anything: how `atk-fuzz` makes arbitrary data reach
/// the formatting code (timestamps, spans, percentages, tables) as well as the analyses.
///
/// Each function returns the rendered texts, text first; an empty list only when the command's
/// options could not be set up (which would be a bug in this file, not in the data).
public enum ReportRendering {
    // Parsed once: argument-parser's parse reflects over the command, which costs more than
    // fuzzing a small input. nil would be a bug in these arguments, not in the data.
    private static let impressionsCommand = try? ImpressionsCommand.parse(["-"])
    private static let verifyCommand = try? ElementsVerifyCommand.parse(["-"])
    private static let topCommands = [false, true].map { byPosition in
        try? ElementsTopCommand.parse((byPosition ? ["--by-position"] : []) + ["-"])
    }
    private static let matchCommand = try? ElementsMatchCommand.parse(["--config", "visualized.json", "-"])
    private static let driftCommand = try? ElementsDriftCommand.parse(["-"])

    /// `atk stats`: text and JSON.
    public static func stats(_ collector: StatsCollector, _ reports: [FileReport]) -> [String] {
        [StatsCommand.text(collector, reports), StatsCommand.json(collector, reports).serialized(indent: 2)]
    }

    /// `atk validate`: text, JSON and JUnit, after ``DumpValidator/finish()``.
    /// - Parameter planPath: the plan's file as the report names it, when the run had `--plan`.
    public static func validation(_ validator: DumpValidator, planPath: String?, _ reports: [FileReport]) -> [String] {
        let plan = planPath.flatMap { path in
            (validator.checks.first as? PlanLineCheck).map { PlanSummary(file: path, checker: $0.checker) }
        }
        let outcome = ValidationOutcome(
            findings: validator.findings, reports: reports, events: validator.events,
            fileNames: reports.map(\.source.displayName), breakdownProperty: nil, failOn: .warning,
            maxErrorRate: 0.5, plan: plan)
        return [outcome.text(), outcome.json().serialized(indent: 2), outcome.junit()]
    }

    /// `atk plan infer`: the plan as written, and the messages about properties required by share.
    public static func plan(_ inferrer: PlanInferrer) -> [String] {
        [inferrer.plan().serialized(indent: 2)]
            + inferrer.partlyMissingRequired.map { gap in
                PlanInferCommand.gapMessage(
                    event: gap.event, property: gap.property,
                    present: gap.present, checked: gap.checked)
            }
    }

    /// `atk funnel --steps`: text, JSON and CSV.
    public static func eventFunnel(_ result: EventFunnelResult, _ reports: [FileReport]) -> [String] {
        let report = EventFunnelReport(result: result, reports: reports)
        return [report.render(.text), report.render(.json), report.render(.csv)]
    }

    /// `atk funnel --path`: text, JSON and CSV.
    public static func pathFunnel(_ result: PathFunnelResult, _ reports: [FileReport]) -> [String] {
        let report = PathFunnelReport(result: result, reports: reports)
        return [report.render(.text), report.render(.json), report.render(.csv)]
    }

    /// `atk impressions`: text and JSON.
    /// - Parameter options: the options `collector` ran with (the formatting reads these, not the
    ///   command's).
    public static func impressions(
        _ collector: ImpressionCollector, _ report: ImpressionReport, options: ImpressionOptions,
        _ reports: [FileReport]
    ) -> [String] {
        guard let command = impressionsCommand else { return [] }
        let malformed = reports.reduce(0) { $0 + $1.malformedLines }
        return withMalformed(
            command.text(report, options, reports, malformed: malformed, events: collector.events),
            command.json(report, options, reports, malformed: malformed), collector.malformedExamples, reports)
    }

    /// `atk elements verify`: text and JSON.
    public static func elementsVerify(_ verifier: ElementVerifier, _ reports: [FileReport]) -> [String] {
        guard let command = verifyCommand else { return [] }
        return [command.text(verifier, reports), command.json(verifier, reports).serialized(indent: 2)]
    }

    /// `atk elements top` (by position or not): text and JSON.
    public static func elementsTop(_ table: ElementClickTable, byPosition: Bool, _ reports: [FileReport]) -> [String] {
        guard let command = topCommands[byPosition ? 1 : 0] else { return [] }
        let rows = table.rows(limit: command.top)
        return withMalformed(
            command.text(table, rows, reports), command.json(table, rows, reports),
            table.malformedExamples, reports)
    }

    /// `atk elements match`: text and JSON.
    public static func elementsMatch(_ counter: VisualEventCounter, _ reports: [FileReport]) -> [String] {
        guard let command = matchCommand else { return [] }
        return withMalformed(
            command.text(counter, reports), command.json(counter, reports),
            counter.malformedExamples, reports)
    }

    /// `atk elements drift`: text and JSON.
    public static func elementsDrift(_ finder: ElementDriftFinder, _ reports: [FileReport]) -> [String] {
        guard let command = driftCommand else { return [] }
        let drifts = finder.drifts
        return withMalformed(
            command.text(finder, drifts), command.json(finder, drifts, reports),
            finder.malformedExamples, reports)
    }

    /// A command's text and JSON with its malformed-line examples added, as its `run()` writes them.
    private static func withMalformed(
        _ text: String, _ json: JSONOutput, _ examples: [MalformedExamples.Example], _ reports: [FileReport]
    ) -> [String] {
        [
            text + MalformedReport.text(examples, reports),
            MalformedReport.adding(examples, to: json, reports).serialized(indent: 2),
        ]
    }
}
