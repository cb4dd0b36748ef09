/// Recursive-descent parser of ECMA-262 pattern syntax (as evaluated with the `u` flag) into a `RegexNode`.
///
/// Where the `u` flag is strict about text that has an obvious meaning, the parser takes that meaning
/// as ECMA-262's Annex B does without the flag, because tracking plans are written that way: a `{`,
/// `}` or `]` that cannot be syntax is a literal, an escaped ASCII character that is not a letter or a
/// digit stands for itself (`\-`, `\_`, `\@`), and in a class a `-` next to `\d`, `\w`, `\s` (or their
/// complements, or a property) is a literal (`[\w-.]`). Escapes of letters with no ECMA-262 meaning
/// (`\a`, `\z`, `\A`, `\h`) are refused rather than guessed at, since other regex flavours give them one.
struct RegexParser {
    /// Deepest nesting of groups accepted, so that parsing and compiling recurse a bounded depth.
    static let maxNesting = 250

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var depth = 0

    /// A parser of `pattern`.
    init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    /// Parses the whole pattern.
    mutating func parse() throws(RegexError) -> RegexNode {
        let node = try parseDisjunction()
        if index < scalars.count {
            // Only an unmatched `)` stops a disjunction before the end.
            throw RegexError(.syntax("unmatched ')'"), at: index)
        }
        return node
    }

    // MARK: - Structure

    private mutating func parseDisjunction() throws(RegexError) -> RegexNode {
        var alternatives = [try parseAlternative()]
        while peek == "|" {
            index += 1
            alternatives.append(try parseAlternative())
        }
        return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
    }

    private mutating func parseAlternative() throws(RegexError) -> RegexNode {
        var terms: [RegexNode] = []
        while let scalar = peek, scalar != "|", scalar != ")" {
            terms.append(try parseTerm())
        }
        switch terms.count {
        case 0: return .empty
        case 1: return terms[0]
        default: return .sequence(terms)
        }
    }

    private mutating func parseTerm() throws(RegexError) -> RegexNode {
        let start = index
        let atom: RegexNode
        switch scalars[index] {
        case "^":
            index += 1
            return try unquantified(.assertion(.start), start: start)
        case "$":
            index += 1
            return try unquantified(.assertion(.end), start: start)
        case "(":
            atom = try parseGroup()
        case ".":
            index += 1
            atom = .set(.dot)
        case "[":
            atom = .set(try parseClass())
        case "\\" where index + 1 < scalars.count && (scalars[index + 1] == "b" || scalars[index + 1] == "B"):
            index += 2
            let assertion: RegexNode.Assertion = scalars[index - 1] == "b" ? .wordBoundary : .notWordBoundary
            return try unquantified(.assertion(assertion), start: start)
        case "\\":
            atom = try parseAtomEscape()
        case "*", "+", "?":
            throw RegexError(.syntax("nothing to repeat before '\(scalars[index])'"), at: index)
        case "{" where quantifierBounds(at: index) != nil:
            throw RegexError(.syntax("nothing to repeat before '{'"), at: index)
        default:
            atom = .codePoint(scalars[index].value)
            index += 1
        }
        guard let (min, max) = try parseQuantifier() else { return atom }
        return .repetition(atom, min: min, max: max)
    }

    /// `assertion`, checking that no quantifier follows it (a group holding one may be quantified).
    private mutating func unquantified(_ assertion: RegexNode, start: Int) throws(RegexError) -> RegexNode {
        if startsQuantifier { throw RegexError(.syntax("an assertion cannot be repeated"), at: start) }
        return assertion
    }

    /// Reads `(...)`, `(?:...)` or `(?<name>...)`; refuses lookarounds and other `(?` forms.
    private mutating func parseGroup() throws(RegexError) -> RegexNode {
        let open = index
        index += 1
        if peek == "?" {
            let kind = scalars[(index + 1)...].prefix(2).map(Character.init)
            switch kind.first {
            case ":":
                index += 2
            case "=":
                throw RegexError(.needsBacktracking("lookahead '(?='"), at: open)
            case "!":
                throw RegexError(.needsBacktracking("negative lookahead '(?!'"), at: open)
            case "<" where kind.count == 2 && kind[1] == "=":
                throw RegexError(.needsBacktracking("lookbehind '(?<='"), at: open)
            case "<" where kind.count == 2 && kind[1] == "!":
                throw RegexError(.needsBacktracking("negative lookbehind '(?<!'"), at: open)
            case "<":
                index += 2
                try skipGroupName(open: open)
            default:
                throw RegexError(.syntax("unsupported group '(?" + String(kind.prefix(1)) + "'"), at: open)
            }
        }
        depth += 1
        defer { depth -= 1 }
        guard depth <= RegexParser.maxNesting else {
            throw RegexError(.unsupported("nesting groups more than \(RegexParser.maxNesting) deep"), at: open)
        }
        let body = try parseDisjunction()
        guard peek == ")" else { throw RegexError(.syntax("missing ')' for the group"), at: open) }
        index += 1
        return body
    }

    /// Skips a group name and its `>`; the name only labels a capture, which matching does not need.
    private mutating func skipGroupName(open: Int) throws(RegexError) {
        let nameStart = index
        while let scalar = peek, scalar != ">" {
            let allowed =
                index == nameStart
                ? scalar.properties.isIDStart || scalar == "$" || scalar == "_"
                : scalar.properties.isIDContinue || scalar == "$" || scalar == "\u{200C}" || scalar == "\u{200D}"
            guard allowed else { throw RegexError(.syntax("invalid group name"), at: open) }
            index += 1
        }
        guard peek == ">", index > nameStart else { throw RegexError(.syntax("invalid group name"), at: open) }
        index += 1
    }

    // MARK: - Quantifiers

    /// Reads an optional quantifier (and its lazy `?`, which cannot change whether a search matches).
    private mutating func parseQuantifier() throws(RegexError) -> (Int, Int?)? {
        guard let scalar = peek else { return nil }
        var bounds: (Int, Int?)
        switch scalar {
        case "*": bounds = (0, nil); index += 1
        case "+": bounds = (1, nil); index += 1
        case "?": bounds = (0, 1); index += 1
        case "{":
            guard let braces = quantifierBounds(at: index) else { return nil }
            let (min, max, end) = braces
            if let max, max < min {
                throw RegexError(.syntax("numbers out of order in {\(min),\(max)} quantifier"), at: index)
            }
            bounds = (min, max)
            index = end
        default:
            return nil
        }
        if peek == "?" { index += 1 }
        if let next = peek, startsQuantifier {
            throw RegexError(.syntax("nothing to repeat before '\(next)'"), at: index)
        }
        return bounds
    }

    /// Whether a quantifier starts at `index`.
    private var startsQuantifier: Bool {
        guard let scalar = peek else { return false }
        return scalar == "*" || scalar == "+" || scalar == "?" || (scalar == "{" && quantifierBounds(at: index) != nil)
    }

    /// The bounds of a `{n}`, `{n,}` or `{n,m}` at `start`, and the index after it; `nil` when the
    /// text there is not one (then the `{` is a literal).
    ///
    /// Numbers too large for `Int` saturate (and are then refused as too large to compile).
    private func quantifierBounds(at start: Int) -> (Int, Int?, Int)? {
        var i = start + 1
        func number() -> Int? {
            var value: Int?
            while i < scalars.count, let digit = asciiDigit(scalars[i]) {
                let current = value ?? 0
                value = current > (Int.max - digit) / 10 ? .max : current * 10 + digit
                i += 1
            }
            return value
        }
        guard let min = number() else { return nil }
        var max: Int? = min
        if i < scalars.count, scalars[i] == "," {
            i += 1
            max = number()
        }
        guard i < scalars.count, scalars[i] == "}" else { return nil }
        return (min, max, i + 1)
    }

    // MARK: - Escapes

    /// Reads an escape outside a class other than `\b` and `\B`: a class escape or one code point.
    private mutating func parseAtomEscape() throws(RegexError) -> RegexNode {
        let start = index
        index += 1
        guard let scalar = peek else { throw RegexError(.syntax("'\\' at the end of the pattern"), at: start) }
        switch scalar {
        case "1"..."9":
            var digits = ""
            while let digit = peek, asciiDigit(digit) != nil {
                digits.unicodeScalars.append(digit)
                index += 1
            }
            throw RegexError(.needsBacktracking("backreference '\\\(digits)'"), at: start)
        case "k":
            if index + 1 < scalars.count, scalars[index + 1] == "<" {
                let end = scalars[index...].firstIndex(of: ">") ?? scalars.count - 1
                let text = String(String.UnicodeScalarView(scalars[index...end]))
                throw RegexError(.needsBacktracking("backreference '\\\(text)'"), at: start)
            }
            throw RegexError(.syntax("'\\k' must name a group"), at: start)
        default:
            if let set = try parseClassEscape(start: start) { return .set(set) }
            return .codePoint(try parseCharacterEscape(start: start, inClass: false))
        }
    }

    /// Reads `\d \D \w \W \s \S \p{…} \P{…}` (after the `\`), or returns `nil` for another escape.
    private mutating func parseClassEscape(start: Int) throws(RegexError) -> CodePointSet? {
        guard let scalar = peek else { return nil }
        switch scalar {
        case "d": index += 1; return .digits
        case "D": index += 1; return .complement(of: .digits)
        case "w": index += 1; return .wordCharacters
        case "W": index += 1; return .complement(of: .wordCharacters)
        case "s": index += 1; return .whiteSpace
        case "S": index += 1; return .complement(of: .whiteSpace)
        case "p", "P":
            index += 1
            guard peek == "{", let close = scalars[index...].firstIndex(of: "}") else {
                throw RegexError(.syntax("'\\\(scalar)' must be followed by a property in braces"), at: start)
            }
            let name = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            index = close + 1
            var set = CodePointSet()
            set.insert(try UnicodeProperty.named(name, at: start), inverted: scalar == "P")
            return set
        default:
            return nil
        }
    }

    /// Reads an escape that stands for one code point (after the `\`).
    private mutating func parseCharacterEscape(start: Int, inClass: Bool) throws(RegexError) -> UInt32 {
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "t": return 0x09
        case "n": return 0x0A
        case "v": return 0x0B
        case "f": return 0x0C
        case "r": return 0x0D
        case "0":
            if let next = peek, asciiDigit(next) != nil {
                throw RegexError(.syntax("octal escapes are not allowed"), at: start)
            }
            return 0
        case "c":
            guard let letter = peek, letter.isASCII, letter.properties.isAlphabetic else {
                throw RegexError(.syntax("'\\c' must be followed by an ASCII letter"), at: start)
            }
            index += 1
            return letter.value % 32
        case "x":
            guard let value = hexNumber(digits: 2) else {
                throw RegexError(.syntax("'\\x' must be followed by two hexadecimal digits"), at: start)
            }
            return value
        case "u":
            return try parseUnicodeEscape(start: start)
        case "-" where inClass:
            return 0x2D
        default:
            if scalar.isASCII, scalar.properties.isAlphabetic || asciiDigit(scalar) != nil {
                throw RegexError(.syntax("unknown escape '\\\(scalar)'"), at: start)
            }
            return scalar.value
        }
    }

    /// Reads `\uHHHH` (joining a surrogate pair written as two escapes) or `\u{H…}` after the `u`.
    private mutating func parseUnicodeEscape(start: Int) throws(RegexError) -> UInt32 {
        if peek == "{" {
            index += 1
            var value: UInt32 = 0
            var digits = 0
            while let scalar = peek, let digit = hexDigit(scalar) {
                value = value * 16 + digit
                digits += 1
                index += 1
                guard value <= 0x10FFFF else { throw RegexError(.syntax("'\\u{…}' beyond U+10FFFF"), at: start) }
            }
            guard digits > 0, peek == "}" else {
                throw RegexError(.syntax("'\\u{' must be followed by hexadecimal digits and '}'"), at: start)
            }
            index += 1
            return value
        }
        guard let value = hexNumber(digits: 4) else {
            throw RegexError(.syntax("'\\u' must be followed by four hexadecimal digits"), at: start)
        }
        // With the `u` flag, a lead surrogate escape followed by a trail surrogate escape is one code point.
        if (0xD800...0xDBFF).contains(value), index + 1 < scalars.count, scalars[index] == "\\",
            scalars[index + 1] == "u"
        {
            let saved = index
            index += 2
            if let trail = hexNumber(digits: 4), (0xDC00...0xDFFF).contains(trail) {
                return 0x10000 + ((value - 0xD800) << 10) + (trail - 0xDC00)
            }
            index = saved
        }
        return value
    }

    // MARK: - Classes

    /// Reads `[...]` or `[^...]`.
    private mutating func parseClass() throws(RegexError) -> CodePointSet {
        let open = index
        index += 1
        let negated = peek == "^"
        if negated { index += 1 }
        var set = CodePointSet()
        while true {
            guard let scalar = peek else { throw RegexError(.syntax("missing ']' for the class"), at: open) }
            if scalar == "]" {
                index += 1
                break
            }
            let atomStart = index
            let first = try parseClassAtom()
            guard peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" else {
                add(first, to: &set)
                continue
            }
            index += 1
            let last = try parseClassAtom()
            switch (first, last) {
            case (.codePoint(let low), .codePoint(let high)):
                guard low <= high else { throw RegexError(.syntax("range out of order in class"), at: atomStart) }
                set.insert(low...high)
            default:
                // A class escape cannot bound a range; as in Annex B the `-` is then a literal.
                add(first, to: &set)
                set.insert(0x2D...0x2D)
                add(last, to: &set)
            }
        }
        if negated { set.negate() }
        return set.normalized()
    }

    private func add(_ atom: RegexNode, to set: inout CodePointSet) {
        switch atom {
        case .codePoint(let value): set.insert(value...value)
        case .set(let members): set.formUnion(members)
        default: break
        }
    }

    /// Reads one member of a class: a code point (`.codePoint`) or a class escape (`.set`).
    private mutating func parseClassAtom() throws(RegexError) -> RegexNode {
        let scalar = scalars[index]
        guard scalar == "\\" else {
            index += 1
            return .codePoint(scalar.value)
        }
        let start = index
        index += 1
        guard let escaped = peek else { throw RegexError(.syntax("'\\' at the end of the pattern"), at: start) }
        switch escaped {
        case "b":
            index += 1
            return .codePoint(0x08)
        case "B":
            throw RegexError(.syntax("'\\B' is not allowed in a class"), at: start)
        case "1"..."9":
            throw RegexError(.syntax("'\\\(escaped)' is not allowed in a class"), at: start)
        default:
            if let set = try parseClassEscape(start: start) { return .set(set) }
            return .codePoint(try parseCharacterEscape(start: start, inClass: true))
        }
    }

    // MARK: - Scanning

    private var peek: Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    private func asciiDigit(_ scalar: Unicode.Scalar) -> Int? {
        ("0"..."9").contains(scalar) ? Int(scalar.value - 0x30) : nil
    }

    private func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }

    /// Reads exactly `digits` hexadecimal digits, or reads nothing and returns `nil`.
    private mutating func hexNumber(digits: Int) -> UInt32? {
        guard index + digits <= scalars.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<digits {
            guard let digit = hexDigit(scalars[index + offset]) else { return nil }
            value = value * 16 + digit
        }
        index += digits
        return value
    }
}
