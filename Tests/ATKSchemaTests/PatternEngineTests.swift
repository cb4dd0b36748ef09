import Testing

@testable import ATKSchema

/// Cross-checks the one-pass `SimplePattern` engine against `LinearRegex`, and checks which patterns
/// each takes.
@Suite struct PatternEngineTests {
    static let simplePatterns = [
        "^[a-z0-9_]+$", "^SKU-[0-9]{4}$", "^[A-Z]{2,3}$", "^\\d+\\.\\d{2}$", "^\\w*$", "^a?b*c{2,}$",
        "^[a-fA-F0-9-]{36}$", "^$", "^[+\\-.]+$", "^a*?b$", "^[\\w.-]+@[\\w-]+\\.[a-z]{2,}$", "^[0-9]+(:[0-9]+)?$",
        "^DL_[A-Z]+(#[A-Z0-9]+)?$", "^a(b)?(c)?$", "^x(yz$)?", "^[(]a(\\))?$", "^[a-z]+[0-9]+$", "^[0-9]*x$",
        "^[0-9]+\\.[0-9]+\\.[0-9]+$", "^P", "^a*b?c*$", "^[a-z]?[0-9]*-", "[0-9]", "x", "(?:ab)?c", "b[0-9]{2,3}c",
        "@", "[a-z]{100}",
    ]
    /// Simple in form, but one pass cannot decide them: an atom shares bytes with what follows it
    /// (every length would be tried), or the branch is unanchored and reads without bound from a
    /// start (every start would rescan a run).
    static let retryingPatterns = [
        "b+$", "^a+ab$", "^a*a$", "^[a-z_]+_id$", "^a?a", "^a*b?a$", "a?[0-9]+x", "[a-z]{101}", "a[0-9]*",
    ]
    static let subjects = [
        "", "abc", "abc_1", "SKU-0042", "SKU-004", "SKU-00420", "US", "USA", "USAX", "12.50", "12.5", "١٢٣",
        "ab", "bbb", "abcc", "acccc", "aab", "x", "xyz", "+-.", "a.b@c-d.io", "é", "a\nb",
        "DEADBEEF-0000-1111-2222-333344445555", "0:2", "12", "1:", ":3", "DL_HOME", "DL_PDP#P1000", "DL_PDP#",
        "DL_x", "a", "ac", "c", "xy", "xyzz", "(a", "(a)", "(a))", "a1", "abc123", "aaab", "ab1", "12x", "b12c",
        "b1234c", "xb123cx", "2.3.0", "2.3", "10.0.1x", "P1", "user_id", "_id", "aa", "a-", "7-", "q12-",
    ]

    @Test(arguments: simplePatterns)
    func simpleEngineAgreesWithTheLinearEngine(_ pattern: String) throws {
        #expect(SimplePattern(pattern) != nil, "expected \(pattern) to take the simple path")
        let simple = try PatternMatcher(pattern)
        let regex = try PatternMatcher(pattern, allowSimpleEngine: false)
        #expect(simple.simple != nil && regex.simple == nil)
        for subject in Self.subjects {
            var text = subject
            let (a, b) = text.withUTF8 { buffer in
                (simple.matches(UnsafeRawBufferPointer(buffer)), regex.matches(UnsafeRawBufferPointer(buffer)))
            }
            #expect(a == b, "pattern \(pattern) on \(subject.debugDescription)")
        }
    }

    @Test(arguments: retryingPatterns)
    func patternsOnePassCannotDecideUseTheLinearEngine(_ pattern: String) throws {
        #expect(SimplePattern(pattern) == nil)
        #expect(try PatternMatcher(pattern).simple == nil)
    }

    @Test(arguments: [
        "^(a)*$", "^(a|b)?$", "(a(b)?)?", "^(a)??$", "^(a)?+$", "^(a)$", "a)?", "^(a)?(b)?(c)?(d)?$",
        "^(a|b)$", "^.+$", "\\s", "[^a]", "^é$", "a{2", "a**", "a$b", "[]", "\\bfoo",
    ])
    func complexPatternsAreNotSimple(_ pattern: String) {
        #expect(SimplePattern(pattern) == nil)
    }

    /// Before the linear engine took them, the simple engine backtracked through every split of the
    /// run of `a`s (C(69, 9), about 5·10^10, for the first), or rescanned the digits from each start.
    @Test(arguments: [
        ("^a*a*a*a*a*a*a*a*a*a*b", String(repeating: "a", count: 60)),
        ("^[a-z_]*_*[a-z_]*_*[a-z_]*_*_id$", String(repeating: "_", count: 2_000)),
        ("a?[0-9]+x", String(repeating: "7", count: 100_000)),
        ("[0-9]{1,3}[0-9]{1,3}[0-9]{1,3}x", String(repeating: "7", count: 100_000)),
    ])
    func patternsThatUsedToBacktrackRunInLinearTime(pattern: String, subject: String) throws {
        let matcher = try PatternMatcher(pattern)
        var text = subject
        let clock = ContinuousClock()
        var matched = true
        let elapsed = clock.measure {
            matched = text.withUTF8 { matcher.matches(UnsafeRawBufferPointer($0)) }
        }
        #expect(matched == false)
        #expect(elapsed < .seconds(2), "\(pattern) took \(elapsed)")
    }
}
