import ATKRegex
import Testing

/// Patterns `LinearRegex` refuses, and what the refusal says.
@Suite struct LinearRegexRefusalTests {
    private func refusal(_ pattern: String) -> RegexError? {
        do {
            _ = try LinearRegex(pattern)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("(a)\\1", "backreference '\\1'", 3),
        ("(a)(b)\\12", "backreference '\\12'", 6),
        ("(?<tag>a)\\k<tag>", "backreference '\\k<tag>'", 9),
        ("x(?=y)", "lookahead '(?='", 1),
        ("(?!y)x", "negative lookahead '(?!'", 0),
        ("a(?<=b)", "lookbehind '(?<='", 1),
        ("[a-z](?<!q)", "negative lookbehind '(?<!'", 5),
    ])
    func backtrackingConstructsAreRefusedWithTheirOffset(pattern: String, construct: String, offset: Int) throws {
        let error = try #require(refusal(pattern))
        #expect(error == RegexError(.needsBacktracking(construct), at: offset))
        #expect(error.description.hasPrefix("\(construct) at offset \(offset) needs a backtracking engine"))
    }

    @Test(arguments: [
        "a{100000}", "(a{1000}){100}", "((a{1000}){1000}){1000}", "(?:[a-z]{50000}){2}",
        "a{99999999999999999999}", "(a|b|c|d){25000}",
    ])
    func programsBeyondTheLimitAreRefused(pattern: String) throws {
        let error = try #require(refusal(pattern))
        #expect(error.kind == .tooLarge)
        #expect(error.description.contains("more than 100000 instructions"))
    }

    @Test func theLimitItselfIsAccepted() throws {
        // 99,997 copies, two anchors and the final match instruction. Anchored, so one thread runs.
        let regex = try LinearRegex("^a{99997}$")
        #expect(regex.matches(String(repeating: "a", count: 99_997)))
        #expect(regex.matches(String(repeating: "a", count: 99_996)) == false)
        #expect(throws: RegexError(.tooLarge, at: 0)) { try LinearRegex("^a{99998}$") }
        // Repeating nothing costs nothing, however often.
        #expect(try LinearRegex("(?:){1000000000}x").matches("x"))
    }

    @Test(arguments: [
        ("(ab", 0, "missing ')'"), ("ab)", 2, "unmatched ')'"), ("[ab", 0, "missing ']'"),
        ("[z-a]", 1, "range out of order"), ("a**", 2, "nothing to repeat"), ("*a", 0, "nothing to repeat"),
        ("a{2}{3}", 4, "nothing to repeat"), ("{2}", 0, "nothing to repeat"), ("a{3,2}", 1, "out of order"),
        ("^*", 0, "assertion cannot be repeated"), ("\\b+", 0, "assertion cannot be repeated"),
        ("\\a", 0, "unknown escape '\\a'"), ("\\z", 0, "unknown escape"), ("\\x4", 0, "two hexadecimal digits"),
        ("\\u12", 0, "four hexadecimal digits"), ("\\u{110000}", 0, "beyond U+10FFFF"), ("\\c1", 0, "ASCII letter"),
        ("\\01", 0, "octal"), ("a\\", 1, "end of the pattern"), ("(?i)a", 0, "unsupported group '(?i'"),
        ("(?<1a>x)", 0, "invalid group name"), ("\\p{Foo}", 0, "unknown Unicode property 'Foo'"),
        ("\\p{gc=Foo}", 0, "unknown General_Category"), ("\\pL", 0, "property in braces"), ("[\\B]", 1, "class"),
        ("[\\1]", 1, "class"), ("\\k", 0, "must name a group"),
    ])
    func syntaxErrorsSayWhatAndWhere(pattern: String, offset: Int, message: String) throws {
        let error = try #require(refusal(pattern))
        guard case .syntax(let reason) = error.kind else {
            Issue.record("expected a syntax error for \(pattern), got \(error)")
            return
        }
        #expect(reason.contains(message), "\(pattern): \(reason)")
        #expect(error.offset == offset, "\(pattern): \(error)")
    }

    @Test(arguments: ["\\p{Script=Greek}", "\\p{sc=Latn}", "[\\p{scx=Grek}]", "\\p{Extended_Pictographic}"])
    func unsupportedPropertiesAreRefused(pattern: String) throws {
        let error = try #require(refusal(pattern))
        guard case .unsupported(let construct) = error.kind else {
            Issue.record("expected unsupported for \(pattern), got \(error)")
            return
        }
        #expect(construct.contains("\\p{"))
    }

    @Test func deepNestingIsRefusedBeforeItCanExhaustTheStack() throws {
        let deep = String(repeating: "(", count: 10_000) + "a" + String(repeating: ")", count: 10_000)
        let error = try #require(refusal(deep))
        #expect(error.kind == .unsupported("nesting groups more than 250 deep"))
        let fine = String(repeating: "(", count: 250) + "a" + String(repeating: ")", count: 250)
        #expect(try LinearRegex(fine).matches("a"))
    }
}
