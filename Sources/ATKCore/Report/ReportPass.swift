/// Every analysis an `atk report` runs, fed by one read: each sees every line, and partials
/// merge member by member.
///
/// One read routes every line by one key, so one pass holds the analyses that share
/// ``partitionKey``: `distinct_id` for every analysis but an event funnel counted by a property
/// (`by:`), which goes into a pass of its own, one per property. A missing member costs one
/// branch per line.
public struct ReportPass: MergeableAnalysis {
    /// Counts for a first look (`atk stats`).
    public var stats: StatsCollector?
    /// The validation run (`atk validate`).
    public var validator: DumpValidator?
    /// Event funnels (`atk funnel --steps`), in configuration order.
    public var eventFunnels: [EventFunnelAnalysis]
    /// Action-path funnels (`atk funnel --path`), in configuration order.
    public var pathFunnels: [PathFunnelAnalysis]
    /// Impressions (`atk impressions`).
    public var impressions: ImpressionCollector?
    /// Identifier checks (`atk elements verify`).
    public var verifier: ElementVerifier?
    /// Visual events (`atk elements match`).
    public var matcher: VisualEventCounter?
    /// Events per hour (the report's own chart).
    public var hourly: HourlyEventCounter?
    /// Navigation replays (`atk paths verify`, path funnels over rebuilt paths), in configuration
    /// order.
    public var navigations: [NavigationAnalysis]
    /// The key every member routes by.
    public let partitionKey: PartitionKey

    /// An empty pass that routes by `partitionKey`; set the members to run before reading.
    public init(partitionKey: PartitionKey = .distinctId) {
        self.partitionKey = partitionKey
        eventFunnels = []
        pathFunnels = []
        navigations = []
    }

    /// Whether the pass holds no analysis (nothing to read for).
    public var isEmpty: Bool {
        stats == nil && validator == nil && eventFunnels.isEmpty && pathFunnels.isEmpty && impressions == nil
            && verifier == nil && matcher == nil && hourly == nil && navigations.isEmpty
    }

    /// Every member's empty partial.
    public func makePartial() -> ReportPass {
        var partial = ReportPass(partitionKey: partitionKey)
        partial.stats = stats?.makePartial()
        partial.validator = validator?.makePartial()
        partial.eventFunnels = eventFunnels.map { $0.makePartial() }
        partial.pathFunnels = pathFunnels.map { $0.makePartial() }
        partial.impressions = impressions?.makePartial()
        partial.verifier = verifier?.makePartial()
        partial.matcher = matcher?.makePartial()
        partial.hourly = hourly?.makePartial()
        partial.navigations = navigations.map { $0.makePartial() }
        return partial
    }

    /// Merges each member with its counterpart in `other` (a partial of the same pass).
    public mutating func merge(_ other: consuming ReportPass) {
        // Each member is moved out of `other` (`take()`), so its merge may reuse its storage.
        Self.merge(&stats, other.stats.take())
        Self.merge(&validator, other.validator.take())
        Self.merge(&impressions, other.impressions.take())
        Self.merge(&verifier, other.verifier.take())
        Self.merge(&matcher, other.matcher.take())
        Self.merge(&hourly, other.hourly.take())
        Self.merge(&eventFunnels, &other.eventFunnels)
        Self.merge(&pathFunnels, &other.pathFunnels)
        Self.merge(&navigations, &other.navigations)
    }

    /// Merges each of `theirs` into its counterpart in `mine`, moving it out of `theirs` (which
    /// ends empty), so each merge holds the only reference to its storage.
    private static func merge<A: MergeableAnalysis>(_ mine: inout [A], _ theirs: inout [A]) {
        while let last = theirs.popLast() { mine[theirs.count].merge(consume last) }
    }

    /// Prepares every member.
    public mutating func prepareForMerge() {
        stats?.prepareForMerge()
        validator?.prepareForMerge()
        impressions?.prepareForMerge()
        verifier?.prepareForMerge()
        matcher?.prepareForMerge()
        hourly?.prepareForMerge()
        for index in eventFunnels.indices { eventFunnels[index].prepareForMerge() }
        for index in pathFunnels.indices { pathFunnels[index].prepareForMerge() }
        for index in navigations.indices { navigations[index].prepareForMerge() }
    }

    /// Merges `other` into `analysis` when both are there; `other` is consumed, so the merge
    /// holds the only reference to its storage and can take it over without copying it.
    private static func merge<A: MergeableAnalysis>(_ analysis: inout A?, _ other: consuming A?) {
        guard let theirs = other.take() else { return }
        analysis?.merge(consume theirs)
    }

    /// Hands the event to every member.
    ///
    /// - Complexity: the sum of the members' costs.
    public mutating func visit(_ event: Event) {
        stats?.visit(event)
        validator?.visit(event)
        for index in eventFunnels.indices { eventFunnels[index].visit(event) }
        for index in pathFunnels.indices { pathFunnels[index].visit(event) }
        // The element analyses share what they find of the event: properties, chain, identifiers.
        if impressions != nil || verifier != nil || matcher != nil {
            var facts = ElementFacts(event)
            impressions?.visit(&facts)
            verifier?.visit(&facts)
            matcher?.visit(&facts)
        }
        hourly?.visit(event)
        for index in navigations.indices { navigations[index].visit(event) }
    }

    /// Hands the malformed line to every member.
    public mutating func visitMalformed(_ line: MalformedLine) {
        stats?.visitMalformed(line)
        validator?.visitMalformed(line)
        for index in eventFunnels.indices { eventFunnels[index].visitMalformed(line) }
        for index in pathFunnels.indices { pathFunnels[index].visitMalformed(line) }
        impressions?.visitMalformed(line)
        verifier?.visitMalformed(line)
        matcher?.visitMalformed(line)
        for index in navigations.indices { navigations[index].visitMalformed(line) }
    }
}
