import ATKCore
import ATKFunnel
import Foundation
import Testing

@Suite("retention gives the serial answer for any split of the input")
struct RetentionMergeTests {
    static func projection(_ analysis: RetentionAnalysis) -> [String] {
        ["\(analysis.events) \(analysis.skippedEvents)"] + RetentionAnalysisTests.summary(analysis)
            + analysis.malformedExamples.map { "\($0.location)" }
    }

    static let lines = [
        RetentionAnalysisTests.line("a", "S", "2026-10-01T10:00:00Z"), "broken",
        RetentionAnalysisTests.line("b", "S", "2026-10-01T10:00:00Z"),
        RetentionAnalysisTests.line("a", "R", "2026-10-02T10:00:00Z"),
        RetentionAnalysisTests.line("c", "S", "2026-10-02T10:00:00Z"),
        RetentionAnalysisTests.line("b", "R", "2026-10-03T10:00:00Z"),
    ]

    @Test("hand-made lines and generated dumps, by day in a zone and by week")
    func merges() throws {
        let lines = Self.lines
        let daily = try RetentionAnalysisTests.analysis([], zone: "Asia/Shanghai")
        expectMergesExactly(lines: lines, prototype: daily, Self.projection)
        let weekly = try RetentionAnalysisTests.analysis(
            [], period: .week, periods: 3, start: "$AppStart", returning: "$AppViewScreen")
        expectMergesExactly(try generatedInputs(files: 3), prototype: weekly, Self.projection)
        let generatedDaily = try RetentionAnalysisTests.analysis([], start: "$AppStart", returning: "$AppStart")
        expectMergesExactly(try generatedInputs(files: 2), prototype: generatedDaily, Self.projection)
    }

    @Test("partials written to bytes and read back merge exactly (atk dist)")
    func throughState() throws {
        let daily = try RetentionAnalysisTests.analysis([], zone: "Asia/Shanghai")
        try expectDistributesExactly(lines: Self.lines, prototype: daily, Self.projection)
        let weekly = try RetentionAnalysisTests.analysis(
            [], period: .week, periods: 3, start: "$AppStart", returning: "$AppViewScreen")
        try expectDistributesExactly(try generatedInputs(files: 3), prototype: weekly, Self.projection)
        let generatedDaily = try RetentionAnalysisTests.analysis([], start: "$AppStart", returning: "$AppStart")
        try expectDistributesExactly(try generatedInputs(files: 2), prototype: generatedDaily, Self.projection)
    }

    @Test("a damaged state is refused, never trapped on")
    func damagedState() throws {
        let analysis = try RetentionAnalysisTests.analysis(Self.lines, zone: "Asia/Shanghai")
        try expectDamagedStatesHandled(analysis, Self.projection)
        // Cohorts of another number of periods are another configuration's.
        var writer = StateWriter()
        try RetentionAnalysisTests.analysis(Self.lines, periods: 3).encodeState(to: &writer)
        var reader = StateReader(writer.bytes)
        var partial = try RetentionAnalysisTests.analysis([], periods: 2)
        #expect(throws: StateReader.Failure.self) { try partial.decodeState(from: &reader) }
    }

    /// Daily retention from `$AppStart` to `$AppViewScreen` over 3 days, counting `persons`.
    static func stitchedPrototype(_ persons: IdentityGraph) throws -> RetentionAnalysis {
        try RetentionAnalysis(
            configuration: RetentionConfiguration(
                start: StepSpec(eventName: "$AppStart"), returning: StepSpec(eventName: "$AppViewScreen"),
                calendar: RetentionCalendar(period: .day, timeZone: try #require(TimeZone(identifier: "UTC"))),
                periods: 3),
            persons: persons)
    }

    @Test("stitched identities: the graph is configuration, the partials distribute exactly")
    func stitchedThroughState() throws {
        let inputs = try StitchedRewriteTests.linkedInputs()
        let graph = StitchedRewriteTests.graph(inputs)
        try expectDistributesExactly(inputs, prototype: try Self.stitchedPrototype(graph), Self.projection)
    }
}
