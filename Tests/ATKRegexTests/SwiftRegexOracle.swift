/// Swift `Regex` configured and fed a translated pattern so that it matches as ECMA-262 does: the
/// oracle the differential tests compare `LinearRegex` with (Swift `Regex` backtracks, so only on
/// small inputs).
///
/// The translation starts from the one ATKSchema's `PatternMatcher` used before `LinearRegex` (`$`
/// becomes `\z`, `\cX` a `\x{…}`) and adds rewrites for what Swift does differently:
/// - `.` excludes only ECMA's four line terminators (Swift's also excludes `\v`, `\f`, U+0085);
/// - `\s` is ECMA's list exactly (Swift's includes U+0085 and lacks U+FEFF);
/// - `\w` and `\d` are spelled out as ASCII classes (Swift's `\w` fails to match `1` before U+2028,
///   or `_` before U+FEFF).
///
/// Swift's `.simple` word boundary does not count digits as word characters, which no rewrite can
/// fix without lookbehind (Swift `Regex` has none), so texts for patterns with `\b` or `\B` hold no digits.
enum SwiftRegexOracle {
    /// ECMA-262's WhiteSpace and LineTerminator, for inside a class (Swift rejects `\x{2000}-\x{200A}` there).
    private static let whiteSpace =
        ([0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680] + Array(0x2000...0x200A)
        + [0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF]).map { "\\x{" + String($0, radix: 16) + "}" }.joined()
    private static let word = "A-Za-z0-9_"

    /// Whether `pattern` matches somewhere in `text`, or `nil` when Swift `Regex` rejects the translation.
    static func matches(_ pattern: String, _ text: String) -> Bool? {
        guard let regex = try? Regex(translate(pattern)) else { return nil }
        let configured = regex.matchingSemantics(.unicodeScalar).asciiOnlyDigits().asciiOnlyWordCharacters()
            .wordBoundaryKind(.simple)
        return (try? configured.firstMatch(in: text)) != nil
    }

    static func translate(_ pattern: String) -> String {
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
                    out += inClass ? whiteSpace : "[" + whiteSpace + "]"
                case "S" where !inClass:
                    out += "[^" + whiteSpace + "]"
                case "w":
                    out += inClass ? word : "[" + word + "]"
                case "W" where !inClass:
                    out += "[^" + word + "]"
                case "d":
                    out += inClass ? "0-9" : "[0-9]"
                case "D" where !inClass:
                    out += "[^0-9]"
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
            case "." where !inClass:
                out += "[^\\n\\r\\x{2028}\\x{2029}]"
            default:
                out.append(character)
            }
        }
        return out
    }
}
