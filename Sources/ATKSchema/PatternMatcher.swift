import ATKRegex

/// A compiled `pattern` / `patternProperties` regular expression with ECMA-262 flavour.
///
/// Patterns are unanchored searches, in time linear in the subject whatever the pattern. Simple
/// patterns (anchored ASCII sets with quantifiers, see `SimplePattern`) are matched in one pass over
/// the bytes. Everything else goes to `LinearRegex`, a Thompson-NFA engine matching on the code
/// points of the UTF-8 subject, which also judges the syntax of every pattern; constructs that only
/// a backtracking engine can run (backreferences, lookaround) are refused when the plan is loaded.
struct PatternMatcher: Sendable {
    /// Exactly one of the two engines is set.
    let simple: SimplePattern?
    private let regex: LinearRegex?
    /// The pattern as written in the schema.
    let source: String

    /// Compiles `source`.
    /// - Parameter allowSimpleEngine: whether simple patterns may bypass `LinearRegex`
    ///   (`false` only to cross-check the two engines).
    /// - Throws: `RegexError` when `LinearRegex` refuses the pattern.
    init(_ source: String, allowSimpleEngine: Bool = true) throws(RegexError) {
        // Compiled even when the simple engine will match: one parser decides what is accepted.
        let regex = try LinearRegex(source)
        self.source = source
        if allowSimpleEngine, let simple = SimplePattern(source) {
            self.simple = simple
            self.regex = nil
        } else {
            simple = nil
            self.regex = regex
        }
    }

    /// Whether the pattern matches somewhere in the UTF-8 string `utf8`.
    ///
    /// - Complexity: O(n) for n bytes with a simple pattern; O(n·m) for a program of m instructions otherwise.
    func matches(_ utf8: UnsafeRawBufferPointer) -> Bool {
        // Optional chaining matches in place, without copying the pattern out.
        if let matched = simple?.matches(utf8) { return matched }
        return regex?.matches(utf8) ?? false
    }
}
