import ATKCore
import Testing

/// Events per UTC hour, counted by hand.
@Suite("events per hour")
struct HourlyEventCounterTests {
    /// 2026-09-01T00:00:00Z in ms.
    static let midnight: Int64 = 1_788_220_800_000

    static let lines = [
        track("u1", midnight, "A"), track("u2", midnight + 3_599_999, "A"), track("u1", midnight + 3_600_000, "B"),
        track("u3", midnight + 5 * 3_600_000 + 1, "C"),
        #"{"type":"track","distinct_id":"u4","event":"A","properties":{}}"#,
        track("u5", 12, "A"), "not json",
    ]

    @Test("two events in the first hour, one in the second, one five hours on; untimed and early times apart")
    func handCounted() {
        var counter = HourlyEventCounter()
        _ = LineFeed.feed(Array((Self.lines.joined(separator: "\n") + "\n").utf8), fileIndex: 0, into: &counter)
        #expect(
            counter.rows.map(\.hourStart) == [Self.midnight, Self.midnight + 3_600_000, Self.midnight + 5 * 3_600_000])
        #expect(counter.rows.map(\.events) == [2, 1, 1])
        #expect(counter.untimed == 2)
    }

    @Test("merges exactly")
    func merges() throws {
        expectMergesExactly(lines: Self.lines, prototype: HourlyEventCounter()) { "\($0.rows) \($0.untimed)" }
        expectMergesExactly(try generatedInputs(files: 2), prototype: HourlyEventCounter()) {
            "\($0.rows) \($0.untimed)"
        }
        try expectDistributesExactly(try generatedInputs(files: 2), prototype: HourlyEventCounter()) {
            "\($0.rows) \($0.untimed)"
        }
    }
}
