import Testing

@testable import ATKCore

@Suite("Time spans in options")
struct TimeSpanTests {
    @Test(
        "number and unit",
        arguments: [
            ("250ms", Int64(250)), ("0ms", 0), ("90s", 90_000), ("10m", 600_000), ("1h", 3_600_000),
            ("1.5h", 5_400_000),
            ("7d", 604_800_000), ("2w", 1_209_600_000), (".5s", 500),
        ])
    func valid(_ text: String, _ expected: Int64) {
        #expect(TimeSpan.milliseconds(text) == expected)
    }

    @Test("up to 9·10¹⁸ ms, in any unit")
    func maximum() {
        #expect(TimeSpan.milliseconds("9000000000000000000ms") == TimeSpan.maximum)
        #expect(TimeSpan.milliseconds("9000000000000000s") == TimeSpan.maximum)
        #expect(TimeSpan.milliseconds("9000000000000002048ms") == nil)
        #expect(TimeSpan.milliseconds("14880952380953w") == nil)
        #expect(TimeSpan.help.contains("9000000000000000000ms"))
    }

    @Test(
        "no unit, a sign, spaces, an unknown unit or an overflow is not a span",
        arguments: [
            "5", "", "s", "-1s", "+1s", "1 s", " 1s", "1x", "1sec", "1e3s", "99999999999999999w", "1.2.3s",
            "9223372036854775807ms", "9223372036854775808ms", "106751991167d",
            "1\(String(repeating: "0", count: 400))h",
        ])
    func invalid(_ text: String) {
        #expect(TimeSpan.milliseconds(text) == nil)
    }
}
