import ATKCommands
import ATKCore
import ATKFunnel
import Foundation

/// One thing `atk-fuzz` feeds arbitrary bytes to: the line parser, or one analysis end to end.
///
/// An analysis target splits the input into lines (``LineFeed``, as ``DumpReader`` would), feeds
/// them to the analysis, asks for its results and renders its reports in every format
/// (``ReportRendering``): arithmetic on times and counts often happens only there. Where an
/// analysis has options that change its arithmetic (policies, modes, windows), the target runs
/// each configuration that matters on the same input. Any trap, sanitizer report or broken
/// precondition is a bug.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `JSONScanner` on the whole input as one JSON text, then every line walked value by value.
    case parser
    /// ``DumpReader`` on the input as a file: plain, gzip or zstd (whatever its first bytes say),
    /// in 4 KiB blocks with a 1 KiB line limit, so block cuts, long lines and the decoders' damage
    /// rules are all reached.
    case reader
    /// `atk stats`.
    case stats
    /// `atk validate` with a breakdown.
    case validate
    /// `atk validate --plan Samples/plan.json`.
    case validatePlan = "validate-plan"
    /// `atk plan infer`.
    case planInfer = "plan-infer"
    /// `atk funnel --steps`: default mode by users, and every strict mode by conversions over a huge window.
    case eventFunnel = "event-funnel"
    /// `atk funnel --path`, with a pattern and an entity, and without.
    case pathFunnel = "path-funnel"
    /// `atk impressions` under each duplicate policy, and with an items list.
    case impressions
    /// `atk elements verify`.
    case elementsVerify = "elements-verify"
    /// `atk elements top`, by position and not.
    case elementsTop = "elements-top"
    /// `atk elements match --config Samples/visualized.json`.
    case elementsMatch = "elements-match"
    /// `atk elements drift`.
    case elementsDrift = "elements-drift"
    /// `atk identities`.
    case identities
    /// `atk sessions` with a 1 s gap and a breakdown.
    case sessions
    /// `atk retention` by week in Asia/Shanghai, `$AppStart` to `$AppViewScreen`.
    case retention

    /// Runs the target on one input.
    ///
    /// - Complexity: that of the analysis on a dump of `bytes`, a few times over where the target
    ///   runs several configurations.
    public func run(_ bytes: UnsafeRawBufferPointer) {
        switch self {
        case .parser: Self.parse(bytes)
        case .reader: Self.read(bytes)
        case .stats: Self.stats(bytes)
        case .validate: Self.validate(bytes, plan: nil)
        case .validatePlan: Self.validate(bytes, plan: FuzzFixtures.planPath)
        case .planInfer: Self.inferPlan(bytes)
        case .eventFunnel: Self.eventFunnel(bytes)
        case .pathFunnel: Self.pathFunnel(bytes)
        case .impressions: Self.impressions(bytes)
        case .elementsVerify: Self.elementsVerify(bytes)
        case .elementsTop: Self.elementsTop(bytes)
        case .elementsMatch: Self.elementsMatch(bytes)
        case .elementsDrift: Self.elementsDrift(bytes)
        case .identities: Self.identities(bytes)
        case .sessions: Self.sessions(bytes)
        case .retention: Self.retention(bytes)
        }
    }

    /// ``run(_:)`` for bytes in an array.
    public func run(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { run($0) }
    }

    // MARK: - Targets

    /// "Now" for validate: fixed, so that a crash replays whatever the day.
    static let now: Int64 = 1_788_825_600_000

    private static func parse(_ bytes: UnsafeRawBufferPointer) {
        // The C scanner and the Swift reference accept the same texts with the same tapes.
        var scanner = JSONScanner()
        let fast = JSONTape()
        let reference = JSONTape()
        let accepted = scanner.fastScan(bytes, into: fast)
        do throws(JSONSyntaxError) {
            try scanner.referenceScan(bytes, into: reference)
            precondition(accepted && fast.hasSameEntries(as: reference), "the C scanner disagrees with the reference")
        } catch {
            precondition(!accepted, "the C scanner accepts what the reference rejects: \(error)")
        }
        var walker = TreeWalker()
        let report = LineFeed.feed(bytes, into: &walker)
        precondition(report.malformedLines == walker.malformed, "malformed lines counted twice or missed")
    }

    /// The file the reader target reads, one per process, rewritten for each input.
    private static let readerFile = FileManager.default.temporaryDirectory
        .appendingPathComponent("atk-fuzz-reader-\(ProcessInfo.processInfo.processIdentifier)").path

    private static func read(_ bytes: UnsafeRawBufferPointer) {
        guard FileManager.default.createFile(atPath: readerFile, contents: Data(bytes)) else {
            preconditionFailure("cannot write \(readerFile)")
        }
        defer { try? FileManager.default.removeItem(atPath: readerFile) }
        var walker = TreeWalker()
        let reports = DumpReader(sources: [.file(readerFile)], maxLineLength: 1024, blockSize: 4096)
            .read(into: &walker)
        precondition(reports.count == 1 && reports[0].malformedLines == walker.malformed, "malformed lines miscounted")
        precondition(
            reports[0].error != nil || reports[0].inputBytes == Int64(bytes.count), "input read only in part, silently")
        _ = reports[0].error?.description
    }

    private static func identities(_ bytes: UnsafeRawBufferPointer) {
        var collector = IdentityLinkCollector(maxExamples: 3)
        let report = LineFeed.feed(bytes, into: &collector)
        consume(ReportRendering.identities(collector, [report]))
    }

    private static func sessions(_ bytes: UnsafeRawBufferPointer) {
        var analysis = SessionAnalysis(configuration: SessionConfiguration(gapMilliseconds: 1000, breakdown: "$os"))
        let report = LineFeed.feed(bytes, into: &analysis)
        consume(ReportRendering.sessions(analysis, [report]))
    }

    private static func retention(_ bytes: UnsafeRawBufferPointer) {
        guard let zone = TimeZone(identifier: "Asia/Shanghai"),
            let analysis = try? RetentionAnalysis(
                configuration: RetentionConfiguration(
                    start: StepSpec(eventName: "$AppStart"), returning: StepSpec(eventName: "$AppViewScreen"),
                    calendar: RetentionCalendar(period: .week, timeZone: zone), periods: 3))
        else { preconditionFailure("the fixed retention configuration is valid") }
        var fed = analysis
        let report = LineFeed.feed(bytes, into: &fed)
        consume(ReportRendering.retention(fed, [report]))
    }

    private static func stats(_ bytes: UnsafeRawBufferPointer) {
        var collector = StatsCollector(maxExamples: 3)
        let report = LineFeed.feed(bytes, into: &collector)
        _ = collector.eventRows
        _ = collector.typeRows
        consume(ReportRendering.stats(collector, [report]))
    }

    private static func validate(_ bytes: UnsafeRawBufferPointer, plan: String?) {
        var options = ValidationOptions(now: now)
        options.maxExamples = 3
        options.breakdownProperty = "$app_version"
        // Warnings fail, and errors past half the lines: both verdicts and the rate are reached.
        var request = ValidationRequest(
            options: options, failPolicy: ValidationFailPolicy(failOn: .warning, maxErrorRate: 0.5))
        if plan != nil {
            guard let checker = FuzzFixtures.planChecker else { preconditionFailure("Samples/plan.json is refused") }
            request.plan = checker
        }
        var validator = DumpValidator(request)
        let report = LineFeed.feed(bytes, into: &validator)
        consume(ReportRendering.validation(validator.finish(reading: [report]), planPath: plan))
    }

    private static func inferPlan(_ bytes: UnsafeRawBufferPointer) {
        var inferrer = PlanInferrer(requiredShare: 0.5, maxEnum: 3)
        _ = LineFeed.feed(bytes, into: &inferrer)
        consume(ReportRendering.plan(inferrer))
    }

    private static func eventFunnel(_ bytes: UnsafeRawBufferPointer) {
        for configuration in FuzzFixtures.funnelConfigurations {
            guard var analysis = try? EventFunnelAnalysis(configuration: configuration) else {
                preconditionFailure("a fixed funnel configuration is refused")
            }
            let report = LineFeed.feed(bytes, into: &analysis)
            consume(ReportRendering.eventFunnel(analysis.result(), [report]))
        }
    }

    private static func pathFunnel(_ bytes: UnsafeRawBufferPointer) {
        for configuration in FuzzFixtures.pathConfigurations {
            var analysis = PathFunnelAnalysis(configuration: configuration)
            let report = LineFeed.feed(bytes, into: &analysis)
            consume(ReportRendering.pathFunnel(analysis.result(top: 5), [report]))
        }
    }

    private static func impressions(_ bytes: UnsafeRawBufferPointer) {
        for options in FuzzFixtures.impressionOptions {
            var collector = ImpressionCollector(options: options)
            let report = LineFeed.feed(bytes, into: &collector)
            let result = collector.report()
            consume(ReportRendering.impressions(collector, result, options: options, [report]))
        }
    }

    private static func elementsVerify(_ bytes: UnsafeRawBufferPointer) {
        var verifier = ElementVerifier(maxExamples: 3)
        let report = LineFeed.feed(bytes, into: &verifier)
        for field in ElementField.allCases { _ = verifier.commonPairs(field, limit: 3) }
        consume(ReportRendering.elementsVerify(verifier, [report]))
    }

    private static func elementsTop(_ bytes: UnsafeRawBufferPointer) {
        for byPosition in [false, true] {
            var table = ElementClickTable(byPosition: byPosition, useRecordedIdentifiers: byPosition)
            let report = LineFeed.feed(bytes, into: &table)
            consume(ReportRendering.elementsTop(table, byPosition: byPosition, [report]))
        }
    }

    private static func elementsMatch(_ bytes: UnsafeRawBufferPointer) {
        guard let config = FuzzFixtures.visualizedConfig,
            var counter = try? VisualEventCounter(configJSON: config)
        else {
            preconditionFailure("Samples/visualized.json is refused")
        }
        let report = LineFeed.feed(bytes, into: &counter)
        consume(ReportRendering.elementsMatch(counter, [report]))
    }

    private static func elementsDrift(_ bytes: UnsafeRawBufferPointer) {
        var finder = ElementDriftFinder()
        let report = LineFeed.feed(bytes, into: &finder)
        consume(ReportRendering.elementsDrift(finder, [report]))
    }

    /// Checks that the command's report could be set up at all (its options parse).
    private static func consume(_ texts: [String]) {
        precondition(!texts.isEmpty, "the command's report could not be set up")
    }
}
