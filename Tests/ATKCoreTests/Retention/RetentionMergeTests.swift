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

    @Test("hand-made lines and generated dumps, by day in a zone and by week")
    func merges() throws {
        let lines = [
            RetentionAnalysisTests.line("a", "S", "2026-10-01T10:00:00Z"), "broken",
            RetentionAnalysisTests.line("b", "S", "2026-10-01T10:00:00Z"),
            RetentionAnalysisTests.line("a", "R", "2026-10-02T10:00:00Z"),
            RetentionAnalysisTests.line("c", "S", "2026-10-02T10:00:00Z"),
            RetentionAnalysisTests.line("b", "R", "2026-10-03T10:00:00Z"),
        ]
        let daily = try RetentionAnalysisTests.analysis([], zone: "Asia/Shanghai")
        expectMergesExactly(lines: lines, prototype: daily, Self.projection)
        let weekly = try RetentionAnalysisTests.analysis(
            [], period: .week, periods: 3, start: "$AppStart", returning: "$AppViewScreen")
        expectMergesExactly(try generatedInputs(files: 3), prototype: weekly, Self.projection)
        let generatedDaily = try RetentionAnalysisTests.analysis([], start: "$AppStart", returning: "$AppStart")
        expectMergesExactly(try generatedInputs(files: 2), prototype: generatedDaily, Self.projection)
    }
}
