import ATKRegex
import Testing

/// ECMA-262 semantics of `LinearRegex`, one construct at a time.
@Suite struct LinearRegexSemanticsTests {
    /// A pattern, a text, and whether the pattern matches somewhere in it.
    struct Case: CustomTestStringConvertible, Sendable {
        let pattern: String
        let text: String
        let matches: Bool

        init(_ pattern: String, _ text: String, _ matches: Bool) {
            self.pattern = pattern
            self.text = text
            self.matches = matches
        }

        var testDescription: String {
            "\(pattern.debugDescription) on \(text.debugDescription)"
        }
    }

    static let cases: [Case] = [
        // Unanchored search and anchors; `$` is not satisfied before a final newline.
        Case("b", "abc", true), Case("^b", "abc", false), Case("c$", "abc", true), Case("^abc$", "abc\n", false),
        Case("^$", "", true), Case("", "anything", true), Case("a|^b", "cb", false), Case("x|c$", "abc", true),
        Case("(?:^|,)b", "a,b", true), Case("\\b^a", "a", true),
        // Code points, not bytes or grapheme clusters.
        Case("^.$", "é", true), Case("^.$", "e\u{301}", false), Case("^..$", "e\u{301}", true),
        Case("^.$", "🐲", true), Case("^\u{1F432}+$", "🐲🐲", true), Case("^[é-ë]$", "ê", true),
        // `.` excludes only the four line terminators.
        Case("^.$", "\n", false), Case("^.$", "\r", false), Case("^.$", "\u{2028}", false),
        Case("^.$", "\u{2029}", false), Case("^.$", "\u{0B}", true), Case("^.$", "\u{85}", true),
        // ASCII-only \d \w \b.
        Case("^\\d$", "7", true), Case("^\\d$", "٣", false), Case("^\\D$", "٣", true), Case("^\\w+$", "a_Z9", true),
        Case("^\\w$", "é", false), Case("^\\W$", "é", true), Case("\\bcat\\b", "a cat!", true),
        Case("\\bcat\\b", "concat", false), Case("\\Bcat", "concat", true), Case("é\\b", "é", false),
        Case("\\b", "", false), Case("\\B", "", true), Case("^\\b", "a", true), Case("a\\b$", "a", true),
        // ECMA \s: WhiteSpace (U+FEFF, Zs) and line terminators, not U+0085.
        Case("^\\s$", "\u{FEFF}", true), Case("^\\s$", "\u{2003}", true), Case("^\\s$", "\u{2029}", true),
        Case("^\\s$", "\u{0B}", true), Case("^\\s$", "\u{85}", false), Case("^\\S$", "\u{85}", true),
        Case("^\\S$", "\u{A0}", false), Case("^[\\S]$", "x", true), Case("^[^\\s]$", " ", false),
        // Classes.
        Case("^[a-c]+$", "abcab", true), Case("^[^a-c]$", "d", true), Case("^[^a-c]$", "b", false),
        Case("^[]$", "a", false), Case("^[^]$", "\n", true), Case("^[\\w-.]+$", "a-b.c", true),
        Case("^[a-]$", "-", true), Case("^[-a]$", "-", true), Case("^[\\d-z]$", "-", true),
        Case("^[\\b]$", "\u{08}", true),
        Case("^[\\-]$", "-", true), Case("^[\\D]$", "é", true), Case("^[^\\D]$", "5", true),
        Case("^[^\\W\\d]$", "a", true),
        Case("^[^\\W\\d]$", "1", false), Case("^[.]$", "x", false), Case("^[\\]]$", "]", true),
        Case("^[[]$", "[", true),
        // Escapes.
        Case("^\\t\\n\\v\\f\\r$", "\t\n\u{0B}\u{0C}\r", true), Case("^\\0$", "\u{0}", true),
        Case("^\\cC$", "\u{03}", true),
        Case("^\\cc$", "\u{03}", true), Case("^\\x41$", "A", true), Case("^\\u00e9$", "é", true),
        Case("^\\u{1F432}$", "🐲", true), Case("^\\ud83d\\udc32$", "🐲", true), Case("^[\\ud83d\\udc32]$", "🐲", true),
        Case("^\\ud83d$", "🐲", false),
        Case("^\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\\\/$", ".*+?()[]{}|^$\\/", true),
        Case("^\\-\\_\\@$", "-_@", true),
        // Unicode properties.
        Case("^\\p{Letter}+$", "Héllo", true), Case("^\\p{L}+$", "π", true), Case("^\\p{Letter}+$", "123", false),
        Case("^\\p{Lu}$", "É", true), Case("^\\p{Lu}$", "é", false), Case("^\\p{gc=Nd}+$", "৪২", true),
        Case("^\\p{digit}+$", "42", true), Case("^\\P{L}$", "1", true), Case("^\\P{L}$", "x", false),
        Case("^[\\p{L}\\d]+$", "ab12ü", true), Case("^[^\\p{L}]$", "ü", false), Case("^\\p{Alphabetic}$", "ß", true),
        Case("^\\p{White_Space}$", "\u{85}", true), Case("^\\p{ASCII}+$", "abc", true),
        Case("^\\p{ASCII}$", "é", false),
        Case("^\\p{Any}$", "\u{10FFFF}", true), Case("^\\p{RI}$", "\u{1F1EB}", true), Case("^\\p{Emoji}$", "🐲", true),
        // Groups, alternation, quantifiers (lazy ones match the same texts in a search).
        Case("^(ab)+$", "ababab", true), Case("^(?:ab)+$", "ababa", false),
        Case("^(?<year>\\d{4})-\\d\\d$", "2024-05", true),
        Case("^(a|bc|)$", "", true), Case("^(a|bc)$", "bc", true), Case("^a{3}$", "aaa", true),
        Case("^a{3}$", "aa", false),
        Case("^a{2,}$", "aaaaa", true), Case("^a{2,}$", "a", false), Case("^a{1,2}$", "aaa", false),
        Case("^a{0}$", "", true), Case("^a*?$", "aaa", true), Case("^a+?b$", "aab", true), Case("^a??$", "", true),
        Case("^a{1,2}?$", "aa", true), Case("^(a*)*$", "aaa", true), Case("^(a*)+b$", "b", true),
        Case("^(?:)*$", "", true),
        Case("^(a?){3}a{3}$", "aaa", true), Case("^(\\b)*a$", "a", true), Case("^(?:a|b)*c", "ababc", true),
        // Annex B literals: a `{` that is not a quantifier, a lone `}` or `]`; `{,n}` is not a quantifier.
        Case("^a{$", "a{", true), Case("^a{2$", "a{2", true), Case("^a{,2}$", "a{,2}", true),
        Case("^a{,2}$", "aa", false),
        Case("^}$", "}", true), Case("^]$", "]", true),
    ]

    @Test(arguments: cases)
    func matchesAsECMA262(_ example: Case) throws {
        let regex = try LinearRegex(example.pattern)
        #expect(regex.matches(example.text) == example.matches)
    }

    @Test func invalidUTF8ReadsAsReplacementCharacters() throws {
        // C3 alone is one U+FFFD; E2 82 without its third byte is one U+FFFD (its longest valid prefix),
        // and the ASCII byte after it is read on its own.
        let bytes: [UInt8] = [0xC3, 0x41, 0xE2, 0x82, 0x42]
        let regex = try LinearRegex("^\u{FFFD}A\u{FFFD}B$")
        #expect(bytes.withUnsafeBytes { regex.matches($0) })
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{FFFD}A\u{FFFD}B")
        let dots = try LinearRegex("^.{5}$")
        #expect(bytes.withUnsafeBytes { dots.matches($0) } == false)
    }

    @Test func searchSkipsToBytesThatCanStartAMatch() throws {
        // The skip must stop at non-ASCII and keep \b's view of the character before.
        #expect(try LinearRegex("\\bé").matches("xx é") == false)
        #expect(try LinearRegex("x\\bé").matches("xé"))
        #expect(try LinearRegex("\\bb").matches("ab") == false)
        #expect(try LinearRegex("\\Bb").matches("ab"))
        #expect(try LinearRegex("[éb]c").matches("aaaaébc"))
        #expect(try LinearRegex("ü+$").matches(String(repeating: "a", count: 100) + "üü"))
    }

    @Test func copiesShareTheCompiledProgramAcrossThreads() async throws {
        let regex = try LinearRegex("^(\\w+\\.)*\\w+@\\w+\\.[a-z]{2,}$")
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask { regex.matches(index.isMultiple(of: 2) ? "first.last@example.org" : "first.last@") }
            }
            var results: [Bool] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.filter { $0 }.count == 32)
    }
}
