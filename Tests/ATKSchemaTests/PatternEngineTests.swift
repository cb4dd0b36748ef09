@testable import ATKSchema
import Testing

/// Cross-checks the allocation-free `SimplePattern` engine against Swift `Regex`.
@Suite struct PatternEngineTests {
    static let patterns = [
        "^[a-z0-9_]+$", "^SKU-[0-9]{4}$", "^[A-Z]{2,3}$", "[0-9]", "^\\d+\\.\\d{2}$", "^\\w*$", "b+$",
        "^a?b*c{2,}$", "^[a-fA-F0-9-]{36}$", "^$", "x", "^[+\\-.]+$", "^a*?b$", "^[\\w.-]+@[\\w-]+\\.[a-z]{2,}$",
        "^[0-9]+(:[0-9]+)?$", "^DL_[A-Z]+(#[A-Z0-9]+)?$", "^a(b)?(c)?$", "(?:ab)?c", "^x(yz$)?", "^[(]a(\\))?$",
        "^[a-z]+[0-9]+$", "^a+ab$", "^[0-9]*x$", "^a*a$", "b[0-9]{2,3}c", "^[0-9]+\\.[0-9]+\\.[0-9]+$",
    ]
    static let subjects = [
        "", "abc", "abc_1", "SKU-0042", "SKU-004", "SKU-00420", "US", "USA", "USAX", "12.50", "12.5", "١٢٣",
        "ab", "bbb", "abcc", "acccc", "aab", "x", "xyz", "+-.", "a.b@c-d.io", "é", "a\nb", "DEADBEEF-0000-1111-2222-333344445555",
        "0:2", "12", "1:", ":3", "DL_HOME", "DL_PDP#P1000", "DL_PDP#", "DL_x", "a", "ac", "c", "xy", "xyzz",
        "(a", "(a)", "(a))", "a1", "abc123", "aaab", "ab1", "12x", "b12c", "b1234c", "xb123cx", "2.3.0", "2.3", "10.0.1x",
    ]

    @Test(arguments: patterns)
    func simpleEngineAgreesWithRegex(_ pattern: String) throws {
        #expect(SimplePattern(pattern) != nil, "expected \(pattern) to take the simple path")
        let simple = try #require(PatternMatcher(pattern))
        let regex = try #require(PatternMatcher(pattern, allowSimpleEngine: false))
        for subject in Self.subjects {
            var text = subject
            let (a, b) = text.withUTF8 { buffer in
                (simple.matches(UnsafeRawBufferPointer(buffer)), regex.matches(UnsafeRawBufferPointer(buffer)))
            }
            #expect(a == b, "pattern \(pattern) on \(subject.debugDescription)")
        }
    }

    @Test(arguments: ["^(a)*$", "^(a|b)?$", "^(?=a)b$", "(a(b)?)?", "^(a)??$", "^(*a)?$", "^(a)?+$", "^(a)$", "a)?",
                      "^(a)?(b)?(c)?(d)?$", "^(a|b)$", "^.+$", "\\s", "[^a]", "^é$", "a{2", "a**", "a$b", "[]", "\\bfoo"])
    func complexPatternsUseRegex(_ pattern: String) {
        #expect(SimplePattern(pattern) == nil)
    }
}
