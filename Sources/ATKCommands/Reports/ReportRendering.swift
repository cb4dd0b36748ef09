import ATKCore

/// Every command's report rendered from an analysis already fed, in each format the command
/// writes, without reading inputs or writing anything: how `atk-fuzz` makes arbitrary data reach
/// the formatting code (timestamps, spans, percentages, tables) as well as the analyses.
///
/// Each function returns the rendered texts, one per format, in the order of the command's
/// format enum (text first).
public enum ReportRendering {
    /// `atk stats`: text and JSON.
    public static func stats(_ collector: StatsCollector, _ reports: [FileReport]) -> [String] {
        all(StatsReport(stats: collector, reports: reports))
    }

    /// `atk identities`: text and JSON, listing the ten largest persons.
    public static func identities(_ collector: IdentityLinkCollector, _ reports: [FileReport]) -> [String] {
        let graph = IdentityGraph(collector)
        return all(
            IdentitiesReport(
                graph: graph, largest: graph.largestPersons(limit: 10), malformed: collector.malformedExamples,
                reports: reports))
    }

    /// `atk sessions`: text and JSON.
    public static func sessions(_ analysis: SessionAnalysis, _ reports: [FileReport]) -> [String] {
        all(SessionsReport(analysis: analysis, totals: analysis.totals(), reports: reports))
    }

    /// `atk retention`: text and JSON.
    public static func retention(_ analysis: RetentionAnalysis, _ reports: [FileReport]) -> [String] {
        all(RetentionReport(analysis: analysis, cohorts: analysis.cohorts(), reports: reports))
    }

    /// `atk validate`: text, JSON and JUnit of a finished run (``DumpValidator/finish(reading:)``).
    /// - Parameter planPath: the plan's file as the report names it, when the run had a plan.
    public static func validation(_ result: ValidationResult, planPath: String?) -> [String] {
        let report = ValidationReport(
            result: result, fileNames: result.reports.map(\.source.displayName), planFile: planPath)
        return [report.text(), report.json().serialized(indent: 2), report.junit()]
    }

    /// `atk plan infer`: the plan as written, and the messages about properties required by share.
    public static func plan(_ inferrer: PlanInferrer) -> [String] {
        [inferrer.plan().serialized(indent: 2)]
            + inferrer.partlyMissingRequired.map { gap in
                Plan.Infer.gapMessage(
                    event: gap.event, property: gap.property,
                    present: gap.present, checked: gap.checked)
            }
    }

    /// `atk funnel --steps`: text, JSON and CSV.
    public static func eventFunnel(_ result: EventFunnelResult, _ reports: [FileReport]) -> [String] {
        all(EventFunnelReport(result: result, reports: reports))
    }

    /// `atk funnel --path`: text, JSON and CSV.
    public static func pathFunnel(_ result: PathFunnelResult, _ reports: [FileReport]) -> [String] {
        all(PathFunnelReport(result: result, reports: reports))
    }

    /// `atk impressions`: text and JSON.
    /// - Parameter options: the options `collector` ran with (the formatting reads these, not the
    ///   command's).
    public static func impressions(
        _ collector: ImpressionCollector, _ report: ImpressionReport, options: ImpressionOptions,
        _ reports: [FileReport]
    ) -> [String] {
        all(
            ImpressionsReport(
                result: report, options: options, events: collector.events,
                malformedExamples: collector.malformedExamples, reports: reports))
    }

    /// `atk elements verify`: text and JSON.
    public static func elementsVerify(_ verifier: ElementVerifier, _ reports: [FileReport]) -> [String] {
        all(ElementsVerifyReport(verifier: verifier, topPairs: Elements.Verify.defaultTopPairs, reports: reports))
    }

    /// `atk elements top` (by position or not): text and JSON.
    public static func elementsTop(_ table: ElementClickTable, byPosition: Bool, _ reports: [FileReport]) -> [String] {
        all(
            ElementsTopReport(
                table: table, rows: table.rows(limit: Elements.Top.defaultTop), byPosition: byPosition,
                recordedIdentifiers: false, reports: reports))
    }

    /// `atk elements match`: text and JSON.
    public static func elementsMatch(_ counter: VisualEventCounter, _ reports: [FileReport]) -> [String] {
        all(
            ElementsMatchReport(
                counter: counter, config: "visualized.json", recordedIdentifiers: false, reports: reports))
    }

    /// `atk elements drift`: text and JSON.
    public static func elementsDrift(_ finder: ElementDriftFinder, _ reports: [FileReport]) -> [String] {
        all(ElementsDriftReport(finder: finder, drifts: finder.drifts, recordedIdentifiers: false, reports: reports))
    }

    /// `report` in every format its command writes.
    static func all<Report: CommandReport>(_ report: Report) -> [String] {
        Report.Format.allCases.map(report.render)
    }
}
