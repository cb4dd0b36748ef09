import ATKCore
import Testing

@Suite("sessions give the serial answer for any split of the input")
struct SessionMergeTests {
    /// The totals (every figure the report prints derives from them) and the counters.
    static func projection(_ analysis: SessionAnalysis) -> [String] {
        let totals = analysis.totals()
        let screens = totals.screens.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { key in
            let screen = totals.screens[key] ?? ScreenTotals()
            return "\(key) \(screen.pageViews) \(screen.entries) \(screen.exits) \(screen.totalStayMs) "
                + "\(screen.unended) \(String(describing: screen.medianStayMs)) \(String(describing: screen.p90StayMs))"
        }
        let values = totals.breakdown.keys.map { "\($0 ?? [])" }.sorted()
        let summary = totals.summary
        return [
            "\(analysis.events) \(analysis.skippedEvents) \(summary.sessions) \(summary.users) \(summary.bounces) "
                + "\(summary.pageViews) \(summary.totalDurationMs) \(String(describing: summary.medianDurationMs)) "
                + "\(String(describing: summary.p90DurationMs)) \(totals.unendedPageViews)",
            "\(totals.appEnd.compared) \(String(describing: totals.appEnd.median)) \(totals.pageLeave.compared) "
                + "\(String(describing: totals.pageLeave.p90))",
        ] + screens + values + analysis.malformedExamples.map { "\($0.location)" }
    }

    static let lines = [
        SessionAnalysisTests.view("u", 0, "A"), SessionAnalysisTests.view("w", 10, "B"), "broken",
        SessionAnalysisTests.line("u", "$AppEnd", 400, #""event_duration":0.3"#),
        SessionAnalysisTests.view("x", 20, "A"), SessionAnalysisTests.view("u", 5000, "B"),
    ]
    static func handMadePrototype() -> SessionAnalysis {
        SessionAnalysis(
            configuration: SessionConfiguration(gapMilliseconds: 1000, breakdown: "$screen_name"), maxExamples: 1)
    }

    @Test("hand-made lines")
    func handMade() {
        expectMergesExactly(lines: Self.lines, prototype: Self.handMadePrototype(), Self.projection)
    }

    @Test("generated dumps")
    func generated() throws {
        let prototype = SessionAnalysis(configuration: SessionConfiguration(breakdown: "$app_version"))
        expectMergesExactly(try generatedInputs(files: 3), prototype: prototype, Self.projection)
    }

    @Test("partials written to bytes and read back merge exactly (atk dist)")
    func throughState() throws {
        try expectDistributesExactly(lines: Self.lines, prototype: Self.handMadePrototype(), Self.projection)
        let prototype = SessionAnalysis(configuration: SessionConfiguration(breakdown: "$app_version"))
        try expectDistributesExactly(try generatedInputs(files: 3), prototype: prototype, Self.projection)
    }

    @Test("a damaged state is refused, never trapped on")
    func damagedState() throws {
        var analysis = Self.handMadePrototype()
        _ = LineFeed.feed(Array((Self.lines.joined(separator: "\n") + "\n").utf8), into: &analysis)
        try expectDamagedStatesHandled(analysis, Self.projection)
    }

    /// Sessions broken down by `$app_version`, counting `persons`.
    static func stitchedPrototype(_ persons: IdentityGraph) -> SessionAnalysis {
        SessionAnalysis(configuration: SessionConfiguration(breakdown: "$app_version"), persons: persons)
    }

    @Test("stitched identities: the graph is configuration, the partials distribute exactly")
    func stitchedThroughState() throws {
        let inputs = try StitchedRewriteTests.linkedInputs()
        let graph = StitchedRewriteTests.graph(inputs)
        let prototype = Self.stitchedPrototype(graph)
        try expectDistributesExactly(inputs, prototype: prototype, Self.projection)
    }
}
