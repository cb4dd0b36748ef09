import ATKCore
import ArgumentParser
import Foundation

/// `atk impressions`: duplicate and missing impressions (exposures) per page view.
struct ImpressionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "impressions",
        abstract: "Find duplicate and missing impressions (exposures) per page view.",
        discussion: """
            A page view is a user's events from one $AppViewScreen to the next (or to $AppEnd or \
            $AppStart), in time order; the dump need not be sorted. An item is keyed by \
            $screen_name, $element_path, $element_position and item_id (when present), with the \
            identifiers rebuilt from $responder_chain when it is valid (--recorded-identifiers: \
            as recorded); --key replaces the key.

            Findings: duplicates (--policy once-per-view: an item exposed again in the same page \
            view; window: again within --window; buffer: again while in the previous exposure \
            batch, seed 000's visible-index-path buffer); clicks without an earlier exposure of \
            the item in the page view (only clicks on elements that are exposed somewhere in the \
            input are judged); index gaps (rows of a list skipped between the lowest and highest \
            exposed row of a page view); items and screens clicked more often than exposed. Each \
            with examples (file, line, user, screen, key). --identity stitched makes a user a \
            person (Docs/identities.md) instead of a distinct_id. See Docs/impressions.md.

            Examples:
              atk impressions dump.jsonl.gz
              atk impressions --policy window --window 500ms --format json dump.jsonl.gz
              atk impressions --key item_id --breakdown '$app_version' logs/
              atk impressions --exposure-event ProductListImpression \\
                  --items-property product_ids --index-property indexes dump.jsonl.gz
              atk impressions --max-duplicate-rate 0.01 --max-missing-rate 0.02 \\
                  dump.jsonl.gz
              atk impressions --identity stitched dump.jsonl.gz

            Exit codes: 0 no rate above its limit (the default: no limits), 1 the duplicate or \
            missing rate is above --max-duplicate-rate or --max-missing-rate, 2 usage error, 3 an \
            input was unreadable (everything readable was still evaluated).
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var outputOptions: OutputOptions<TextOrJSONFormat>
    @OptionGroup var identityOptions: IdentityOptions

    @Option(
        name: .customLong("exposure-event"),
        help: ArgumentHelp("An exposure event name (repeatable; default $AppExposure).", valueName: "name"))
    var exposureEvents: [String] = []

    @Option(help: ArgumentHelp("The click event name.", valueName: "name"))
    var clickEvent = "$AppClick"

    @Option(
        help: ArgumentHelp(
            "Item key properties, comma-separated, replacing $screen_name,$element_path,$element_position,item_id.",
            valueName: "PROP[,PROP...]"))
    var key: String?

    @Flag(
        help:
            "Key on the recorded $screen_name, $element_path, $element_position even where a valid $responder_chain exists."
    )
    var recordedIdentifiers = false

    @Option(
        help: ArgumentHelp(
            "A list property of item ids on exposure events: each item is one exposure.", valueName: "PROP"))
    var itemsProperty: String?

    @Option(
        help: ArgumentHelp(
            "A list of positions parallel to --items-property (the rows for index gaps and the key's position).",
            valueName: "PROP"))
    var indexProperty: String?

    @Option(help: "Duplicate rule: once-per-view, window or buffer.")
    var policy: ImpressionOptions.Policy = .oncePerView

    @Option(
        help: ArgumentHelp(
            "--policy window: the largest gap between two exposures of an item that makes a duplicate (250ms, 1s, 2m; default 1s).",
            valueName: "duration"))
    var window: String?

    @Option(
        help: ArgumentHelp(
            "--policy buffer: single exposures of one element at most this far apart form one batch (250ms, 1s; default 0ms: same timestamp).",
            valueName: "duration"))
    var batchGap: String?

    @Option(
        help: ArgumentHelp("Split the summary by this property's values (e.g. $app_version).", valueName: "PROPERTY"))
    var breakdown: String?

    @Option(help: ArgumentHelp("Exit 1 when duplicates / exposures is above this (0 to 1).", valueName: "rate"))
    var maxDuplicateRate: Double?

    @Option(
        help: ArgumentHelp(
            "Exit 1 when the estimated missing rate is above this (0 to 1; Docs/impressions.md).", valueName: "rate"))
    var maxMissingRate: Double?

    @Option(help: "Examples listed per finding kind (0 to 1,000,000).")
    var maxExamples = 10

    func validate() throws {
        _ = try options()
        try identityOptions.check(input)
    }

    /// The analysis options, or a usage error.
    func options() throws -> ImpressionOptions {
        var options = ImpressionOptions()
        if !exposureEvents.isEmpty { options.exposureEvents = exposureEvents }
        guard !options.exposureEvents.contains(where: \.isEmpty), !clickEvent.isEmpty else {
            throw ValidationError("event names must not be empty")
        }
        let reserved = ["$AppViewScreen", "$AppStart", "$AppEnd"]
        guard !options.exposureEvents.contains(clickEvent) else {
            throw ValidationError("\(clickEvent) cannot be both the click event and an exposure event")
        }
        if let name = (options.exposureEvents + [clickEvent]).first(where: reserved.contains) {
            throw ValidationError("\(name) marks page views and sessions; it cannot be an exposure or click event")
        }
        options.clickEvent = clickEvent
        if let key {
            let properties = key.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard !properties.isEmpty, !properties.contains(where: \.isEmpty) else {
                throw ValidationError(
                    "--key needs property names separated by commas, e.g. --key item_id or --key '$screen_name,item_id'"
                )
            }
            options.keyProperties = properties
        }
        options.useRecordedIdentifiers = recordedIdentifiers
        guard indexProperty == nil || itemsProperty != nil else {
            throw ValidationError("--index-property needs --items-property")
        }
        options.itemsProperty = itemsProperty
        options.indexProperty = indexProperty
        options.policy = policy
        if let window {
            guard policy == .window else { throw ValidationError("--window applies only to --policy window") }
            options.windowMilliseconds = try TimeSpan.milliseconds(window, option: "--window")
        }
        if let batchGap {
            guard policy == .buffer else { throw ValidationError("--batch-gap applies only to --policy buffer") }
            options.batchGapMilliseconds = try TimeSpan.milliseconds(batchGap, option: "--batch-gap")
        }
        options.breakdownProperty = breakdown
        for (name, rate) in [("--max-duplicate-rate", maxDuplicateRate), ("--max-missing-rate", maxMissingRate)] {
            if let rate, !(0...1).contains(rate) { throw ValidationError("\(name) must be between 0 and 1") }
        }
        try OptionRange.check("--max-examples", maxExamples, in: OptionRange.count)
        options.maxExamples = maxExamples
        return options
    }

    func run() throws { try runSingle() }

    /// Whether a rate is above its limit.
    func failed(_ report: ImpressionReport) -> Bool {
        if let limit = maxDuplicateRate, let rate = report.summary.duplicateRate, rate > limit { return true }
        if let limit = maxMissingRate, let rate = report.summary.missingRate, rate > limit { return true }
        return false
    }
}

extension ImpressionsCommand: SingleAnalysisCommand, CountsIdentities, WritesReport {
    func makeAnalysis(persons: IdentityGraph?) throws -> ImpressionCollector {
        var options = try options()
        options.persons = persons
        return ImpressionCollector(options: options)
    }

    func finish(_ collector: ImpressionCollector, reports: [FileReport], unreadable: Bool, to output: ReportOutput)
        throws
    {
        var collector = collector
        let report = collector.report(threads: input.workers)
        try output.emit(
            ImpressionsReport(
                result: report, options: try options(), events: collector.events,
                malformedExamples: collector.malformedExamples, reports: reports
            ).render(outputOptions.format))
        if unreadable { throw CommandExit.unreadableInput }
        if failed(report) { throw CommandExit.findings }
    }
}
