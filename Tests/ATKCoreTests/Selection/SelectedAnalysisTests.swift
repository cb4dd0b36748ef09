import ATKCore
import ATKFunnel
import Testing

/// The selection's edges by hand, and its counts merged exactly.
@Suite("selected analysis")
struct SelectedAnalysisTests {
    static let lines = [
        track("u1", 999, "A", #""v":"1""#), track("u1", 1000, "A", #""v":"1""#), track("u2", 1999, "A", #""v":"2""#),
        track("u2", 2000, "A", #""v":"1""#), #"{"type":"track","distinct_id":"u3","event":"A","properties":{}}"#,
        track("u3", 1500, "B"), "not json",
    ]

    private static func selection() throws -> EventSelection {
        EventSelection(since: 1000, until: 2000, filters: try StepSpec.parse("x[v=1]").filters)
    }

    @Test("since is inclusive, until exclusive, no time is outside, a missing property is filtered out")
    func edges() throws {
        var selected = SelectedAnalysis(StatsCollector(maxExamples: 1), selection: try Self.selection())
        _ = LineFeed.feed(Array((Self.lines.joined(separator: "\n") + "\n").utf8), fileIndex: 0, into: &selected)
        #expect(selected.inner.events == 1)
        #expect(selected.outsideWindow == 3)
        #expect(selected.filteredOut == 2)
        #expect(selected.inner.malformedExamples.count == 1)
    }

    @Test("counts and the inner analysis merge exactly")
    func merges() throws {
        let prototype = SelectedAnalysis(StatsCollector(maxExamples: 1), selection: try Self.selection())
        let summary = { (s: SelectedAnalysis<StatsCollector>) in
            "\(s.outsideWindow) \(s.filteredOut) \(s.inner.events) \(s.inner.eventRows)"
        }
        expectMergesExactly(lines: Self.lines, prototype: prototype, summary)
        let wide = SelectedAnalysis(
            StatsCollector(maxExamples: 1),
            selection: EventSelection(
                since: 1_788_300_000_000, filters: try StepSpec.parse("x[$app_version=2.4.0]").filters))
        expectMergesExactly(try generatedInputs(files: 2), prototype: wide, summary)
    }
}
