import ATKRegex
import Testing

/// `LinearRegex` against Swift `Regex` (as an ECMA-262 oracle, see `SwiftRegexOracle`) on random
/// patterns from a grammar without backreferences or lookaround, and random short texts.
@Suite struct LinearRegexDifferentialTests {
    /// Builds random patterns: alternations of sequences of assertions and quantified atoms
    /// (literals, `.`, escapes, classes, groups), nested a few levels.
    struct PatternGenerator {
        var random: SplitMix64
        private static let literals = ["a", "b", "c", "1", "_", " ", "é", "\\.", "-"]
        private static let escapes = ["\\d", "\\w", "\\s", "\\D", "\\W", "\\S"]
        private static let classMembers = ["a", "b", "c", "a-c", "\\d", "\\w", "\\s", "é", "1", "_", "\\n", "\\u00e9"]
        private static let assertions = ["^", "$", "\\b", "\\B"]
        private static let quantifiers = ["*", "+", "?", "{2}", "{0,1}", "{1,}", "{1,3}", "{0}"]

        mutating func pattern() -> String {
            alternation(depth: 0)
        }

        private mutating func pick(_ choices: [String]) -> String {
            choices[Int.random(in: 0..<choices.count, using: &random)]
        }

        private mutating func chance(_ percent: Int) -> Bool {
            Int.random(in: 0..<100, using: &random) < percent
        }

        private mutating func alternation(depth: Int) -> String {
            let count = chance(25) ? Int.random(in: 2...3, using: &random) : 1
            return (0..<count).map { _ in sequence(depth: depth) }.joined(separator: "|")
        }

        private mutating func sequence(depth: Int) -> String {
            let count = Int.random(in: 0...4, using: &random)
            return (0..<count).map { _ in term(depth: depth) }.joined()
        }

        private mutating func term(depth: Int) -> String {
            if chance(12) { return pick(Self.assertions) }
            var text = atom(depth: depth)
            if chance(45) {
                text += pick(Self.quantifiers)
                if chance(20) { text += "?" }
            }
            return text
        }

        private mutating func atom(depth: Int) -> String {
            switch Int.random(in: 0..<10, using: &random) {
            case 0...3: return pick(Self.literals)
            case 4: return "."
            case 5: return pick(Self.escapes)
            case 6:
                let count = Int.random(in: 1...3, using: &random)
                return "[" + (chance(30) ? "^" : "") + (0..<count).map { _ in pick(Self.classMembers) }.joined() + "]"
            default:
                guard depth < 3 else { return pick(Self.literals) }
                return (chance(50) ? "(" : "(?:") + alternation(depth: depth + 1) + ")"
            }
        }
    }

    private static let alphabet: [String] = [
        "a", "b", "c", "1", "_", " ", "é", ".", "-", "\n", "\u{85}", "\u{0B}",
        "\u{2028}", "\u{FEFF}", "!",
    ]

    /// `text` with every non-ASCII code point escaped, so a failure prints on one line.
    private static func escaped(_ text: String) -> String {
        text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : "\\u{\(String($0.value, radix: 16))}" }
            .joined()
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func agreesWithSwiftRegexOnRandomPatterns(seed: UInt64) throws {
        var generator = PatternGenerator(random: SplitMix64(seed: seed))
        var random = SplitMix64(seed: seed &* 7_919)
        var compared = 0
        var rejectedByOracle = 0
        for _ in 0..<1_500 {
            let pattern = generator.pattern()
            let regex: LinearRegex
            do {
                regex = try LinearRegex(pattern)
            } catch {
                Issue.record("refused \(pattern.debugDescription): \(error)")
                continue
            }
            // Swift's `.simple` word boundary does not count digits as word characters (ECMA-262 does).
            let alphabet =
                pattern.contains("\\b") || pattern.contains("\\B")
                ? Self.alphabet.filter { $0 != "1" }
                : Self.alphabet
            for _ in 0..<12 {
                let length = Int.random(in: 0...7, using: &random)
                let text = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
                    .joined()
                guard let expected = SwiftRegexOracle.matches(pattern, text) else {
                    rejectedByOracle += 1
                    break
                }
                #expect(regex.matches(text) == expected, "\(pattern.debugDescription) on \(Self.escaped(text))")
                compared += 1
            }
        }
        // The grammar stays within what both engines accept.
        #expect(rejectedByOracle < 15, "Swift Regex rejected \(rejectedByOracle) patterns")
        #expect(compared > 15_000)
    }
}
