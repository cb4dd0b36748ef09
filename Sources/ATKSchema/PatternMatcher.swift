/// A compiled `pattern` / `patternProperties` regular expression with ECMA-262 flavour.
///
/// Patterns are unanchored searches. Simple patterns (ASCII sets with quantifiers, see
/// `SimplePattern`) are matched on the bytes without allocating. Everything else uses
/// Swift `Regex`, matched on Unicode scalars (not grapheme clusters), with ASCII-only
/// `\d`, `\w` and `\b` as in ECMA-262, and an unescaped `$` outside a character class
/// rewritten to `\z` (ECMA `$` does not match before a final newline); that path copies
/// the subject into a `String` and `Regex` allocates while matching.
struct PatternMatcher: Sendable {
    /// Swift `Regex`, boxed: its layout is not known at compile time, and an enum holding it
    /// made every match (simple ones too) copy the engine through value witnesses and a
    /// metadata lookup.
    // `Regex` is not declared `Sendable`, but it is an immutable value whose matching does
    // not mutate shared state; it is only read after `init`, so sharing it is safe.
    private final class RegexEngine: @unchecked Sendable {
        let regex: Regex<AnyRegexOutput>

        init(_ regex: Regex<AnyRegexOutput>) {
            self.regex = regex
        }
    }

    /// Exactly one of the two engines is set.
    let simple: SimplePattern?
    private let regex: RegexEngine?
    /// The pattern as written in the schema.
    let source: String

    /// Compiles `source`, or returns `nil` when Swift `Regex` rejects it.
    /// - Parameter allowSimpleEngine: whether simple patterns may bypass `Regex`
    ///   (`false` only to cross-check the two engines).
    init?(_ source: String, allowSimpleEngine: Bool = true) {
        self.source = source
        if allowSimpleEngine, let simple = SimplePattern(source) {
            self.simple = simple
            regex = nil
            return
        }
        guard let regex = try? Regex(PatternMatcher.translate(source)) else { return nil }
        simple = nil
        self.regex = RegexEngine(regex
            .matchingSemantics(.unicodeScalar)
            .asciiOnlyDigits()
            .asciiOnlyWordCharacters()
            .wordBoundaryKind(.simple))
    }

    /// Whether the pattern matches somewhere in the UTF-8 string `utf8`.
    func matches(_ utf8: UnsafeRawBufferPointer) -> Bool {
        // Optional chaining matches in place, without copying the pattern out.
        if let matched = simple?.matches(utf8) { return matched }
        return matchesRegex(utf8)
    }

    /// The `Regex` path, kept out of line: inlined, its dynamically sized match value made
    /// every caller (the per-member loop of `properties` too) look up metadata and grow its
    /// stack on each call.
    @inline(never)
    private func matchesRegex(_ utf8: UnsafeRawBufferPointer) -> Bool {
        guard let regex else { return false }
        let subject = String(decoding: utf8, as: UTF8.self)
        return (try? regex.regex.firstMatch(in: subject)) != nil
    }

    /// Rewrites the ECMA-262 constructs whose meaning differs in Swift `Regex`: `$`, the
    /// `\cX` control escape, and `\s`/`\S`, which in ECMA-262 also cover U+FEFF.
    private static func translate(_ pattern: String) -> String {
        let characters = Array(pattern)
        var out = ""
        var inClass = false
        var i = 0
        while i < characters.count {
            let character = characters[i]
            i += 1
            switch character {
            case "\\" where i < characters.count:
                let escaped = characters[i]
                i += 1
                switch escaped {
                case "c" where i < characters.count && characters[i].isASCII && characters[i].isLetter:
                    let code = (characters[i].asciiValue ?? 0) % 32
                    out += "\\x{" + String(code, radix: 16) + "}"
                    i += 1
                case "s":
                    out += inClass ? "\\s\\x{FEFF}" : "[\\s\\x{FEFF}]"
                case "S" where !inClass:
                    out += "[^\\s\\x{FEFF}]"
                default:
                    out += "\\" + String(escaped)
                }
            case "[":
                inClass = true
                out.append(character)
            case "]":
                inClass = false
                out.append(character)
            case "$" where !inClass:
                out += "\\z"
            default:
                out.append(character)
            }
        }
        return out
    }
}
