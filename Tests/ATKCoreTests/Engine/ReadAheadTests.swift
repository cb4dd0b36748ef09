import ATKCore
import ATKFunnel
import Testing

/// What the parallel read loads ahead of a visit (`readsWholeEvents`): a hint for speed, so the
/// results are checked elsewhere (every command at `--jobs 1, 2, 3, 7`); here, that each analysis
/// says what it reads.
@Suite("read ahead: what an analysis says it reads of an event")
struct ReadAheadTests {
    private static func funnel(
        _ steps: String, configure: (inout EventFunnelConfiguration) -> Void = { _ in }
    ) throws -> EventFunnelAnalysis {
        var configuration = EventFunnelConfiguration(
            steps: try FunnelSteps(steps: try StepSpec.parseList(steps)), window: try FunnelWindow(parsing: "1h"))
        configure(&configuration)
        return try EventFunnelAnalysis(configuration: configuration)
    }

    @Test("counting analyses read the envelope; filters, breakdowns and property keys read more")
    func hints() throws {
        #expect(!StatsCollector().readsWholeEvents)
        #expect(!HourlyEventCounter().readsWholeEvents)
        #expect(!(try Self.funnel("A,B,C").readsWholeEvents))
        #expect(try Self.funnel("A,B[v=1],C").readsWholeEvents)
        #expect(try Self.funnel("A,B") { $0.breakdownProperty = "src" }.readsWholeEvents)
        #expect(try Self.funnel("A,B") { $0.userProperty = "uid" }.readsWholeEvents)
        // An analysis that says nothing reads whole events.
        #expect(ImpressionCollector(options: ImpressionOptions()).readsWholeEvents)
        // A selection with a filter reads properties; a time window alone does not.
        let filtered = EventSelection(since: nil, until: nil, filters: try StepSpec.parse("x[v=1]").filters)
        #expect(SelectedAnalysis(StatsCollector(), selection: filtered).readsWholeEvents)
        let windowed = EventSelection(since: 1000, until: 2000, filters: [])
        #expect(!SelectedAnalysis(StatsCollector(), selection: windowed).readsWholeEvents)
        // A pair reads what either reads.
        #expect(!AnalysisPair(StatsCollector(), HourlyEventCounter()).readsWholeEvents)
        #expect(AnalysisPair(StatsCollector(), ImpressionCollector(options: ImpressionOptions())).readsWholeEvents)
    }
}
