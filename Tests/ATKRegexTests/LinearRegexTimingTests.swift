import ATKRegex
import Testing

/// Patterns that take a backtracking engine exponential or polynomial time finish in linear time.
///
/// Each runs on at least 10,000 characters that do not match, the worst case for a backtracker
/// (`^(a+)+$` on 21 characters took Swift `Regex` 74 s). The bound is for a debug build on a
/// shared machine; a release build takes well under a millisecond for most (see Docs/plan.md).
@Suite struct LinearRegexTimingTests {
    static let cases: [(pattern: String, text: String)] = [
        ("^(a+)+$", String(repeating: "a", count: 10_000) + "!"),
        ("(a|aa)*b", String(repeating: "a", count: 10_000)),
        ("(a*)*b", String(repeating: "a", count: 10_000)),
        ("(x+x+)+y", String(repeating: "x", count: 10_000)),
        ("(.*a){20}", String(repeating: "a", count: 19) + String(repeating: "b", count: 10_000)),
        ("^(\\w+\\s?)*$", String(repeating: "word ", count: 2_000) + "!"),
        ("^(a|a?)+$", String(repeating: "a", count: 10_000) + "b"),
        ("^([a-z0-9]+[._-]?)+@", String(repeating: "a.", count: 5_000)),
        ("^(?:a?){30}a{30}$", String(repeating: "a", count: 29)),
    ]

    @Test(arguments: cases)
    func pathologicalPatternRunsInLinearTime(pattern: String, text: String) throws {
        let regex = try LinearRegex(pattern)
        let clock = ContinuousClock()
        var matched = true
        let elapsed = clock.measure { matched = regex.matches(text) }
        #expect(matched == false)
        #expect(elapsed < .seconds(1), "\(pattern) took \(elapsed)")
    }

    @Test func timeGrowsLinearlyWithTheText() throws {
        let regex = try LinearRegex("^(a+)+$")
        let clock = ContinuousClock()
        func time(_ count: Int) -> Duration {
            let text = String(repeating: "a", count: count) + "!"
            // The best of three, against a shared machine's noise.
            return (0..<3).map { _ in clock.measure { _ = regex.matches(text) } }.min() ?? .zero
        }
        let short = time(10_000)
        let long = time(100_000)
        // Ten times the text: linear is about 10x, quadratic would be 100x; the margin is for a shared machine.
        #expect(long < short * 40, "10,000: \(short), 100,000: \(long)")
    }
}
