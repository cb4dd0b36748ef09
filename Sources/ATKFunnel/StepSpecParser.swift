/// Recursive-descent parser for step lists; see `StepSpec` for the syntax.
struct StepSpecParser {
    /// What ends a bare (unquoted) token.
    private enum TokenKind {
        case eventName, propertyName, value

        func terminates(at character: Character) -> Bool {
            switch self {
            case .eventName: "[],".contains(character)
            case .propertyName: "[],=!<>~".contains(character)
            case .value: "[],".contains(character)
            }
        }
    }

    /// A scanned token and whether it was quoted.
    private struct Token {
        var text: String
        var isQuoted: Bool
    }

    private let characters: [Character]
    private var index = 0

    init(_ text: String) {
        characters = Array(text)
    }

    /// Parses `step (',' step)*` to the end of input.
    mutating func parseList() throws(StepParseError) -> [StepSpec] {
        var steps = [try parseStep()]
        while peek() == "," {
            index += 1
            steps.append(try parseStep())
        }
        try expectEnd()
        return steps
    }

    /// Parses exactly one step to the end of input.
    mutating func parseSingle() throws(StepParseError) -> StepSpec {
        let step = try parseStep()
        try expectEnd()
        return step
    }

    private mutating func parseStep() throws(StepParseError) -> StepSpec {
        skipWhitespace()
        let start = index
        let name = try scanToken(.eventName)
        if name.text.isEmpty && !name.isQuoted {
            throw StepParseError(position: start, reason: .missingEventName)
        }
        skipWhitespace()
        guard peek() == "[" else {
            return StepSpec(eventName: name.text)
        }
        let open = index
        index += 1
        var filters = [try parseFilter(open: open)]
        skipWhitespace()
        while peek() == "," {
            index += 1
            filters.append(try parseFilter(open: open))
            skipWhitespace()
        }
        guard peek() == "]" else {
            if let character = peek() {
                throw StepParseError(position: index, reason: .unexpectedCharacter(character))
            }
            throw StepParseError(position: open, reason: .unterminatedFilterList)
        }
        index += 1
        skipWhitespace()
        return StepSpec(eventName: name.text, filters: filters)
    }

    private mutating func parseFilter(open: Int) throws(StepParseError) -> StepFilter {
        skipWhitespace()
        let start = index
        let property = try scanToken(.propertyName)
        if property.text.isEmpty && !property.isQuoted {
            if index == characters.count {
                throw StepParseError(position: open, reason: .unterminatedFilterList)
            }
            throw StepParseError(position: start, reason: .missingPropertyName)
        }
        skipWhitespace()
        let opStart = index
        guard let op = scanOperator() else {
            throw StepParseError(position: opStart, reason: .missingOperator)
        }
        skipWhitespace()
        let valueStart = index
        let value = try scanToken(.value)
        if value.text.isEmpty && !value.isQuoted {
            throw StepParseError(position: valueStart, reason: .missingValue)
        }
        do {
            return try StepFilter(
                property: property.text, op: op, value: value.text, isQuoted: value.isQuoted)
        } catch {
            throw StepParseError(position: valueStart, reason: error.reason)
        }
    }

    private mutating func scanOperator() -> StepFilter.Operator? {
        guard let first = peek() else { return nil }
        let second = index + 1 < characters.count ? characters[index + 1] : nil
        let twoCharacter: StepFilter.Operator? =
            switch (first, second) {
            case ("!", "="): .notEqual
            case ("<", "="): .lessOrEqual
            case (">", "="): .greaterOrEqual
            default: nil
            }
        if let twoCharacter {
            index += 2
            return twoCharacter
        }
        let oneCharacter: StepFilter.Operator? =
            switch first {
            case "=": .equal
            case "<": .less
            case ">": .greater
            case "~": .matches
            default: nil
            }
        if oneCharacter != nil { index += 1 }
        return oneCharacter
    }

    /// Scans a quoted or bare token; leaves `index` after it.
    private mutating func scanToken(_ kind: TokenKind) throws(StepParseError) -> Token {
        if peek() == "\"" {
            return Token(text: try scanQuoted(), isQuoted: true)
        }
        var text = ""
        var keptLength = 0
        while let character = peek(), !kind.terminates(at: character) {
            if character == "\"" {
                throw StepParseError(position: index, reason: .unexpectedCharacter(character))
            }
            index += 1
            if character == "\\" {
                text.append(contentsOf: try escapeSequence(inQuotes: false))
                keptLength = text.count
            } else {
                text.append(character)
                if !character.isWhitespace { keptLength = text.count }
            }
        }
        return Token(text: String(text.prefix(keptLength)), isQuoted: false)
    }

    /// Scans `"…"` starting at the opening quote.
    private mutating func scanQuoted() throws(StepParseError) -> String {
        let open = index
        index += 1
        var text = ""
        while let character = peek() {
            index += 1
            switch character {
            case "\"": return text
            case "\\": text.append(contentsOf: try escapeSequence(inQuotes: true))
            default: text.append(character)
            }
        }
        throw StepParseError(position: open, reason: .unterminatedQuote)
    }

    /// Characters a backslash escapes in a bare token; whitespace too.
    static let bareEscapable: Set<Character> = ["\\", "\"", ",", "[", "]", "=", "!", "<", ">", "~"]
    /// Characters a backslash escapes inside quotes.
    static let quotedEscapable: Set<Character> = ["\\", "\""]

    /// The text for a consumed backslash: the next character alone when it is
    /// escapable, otherwise the backslash is kept too (so regexes like `\d`
    /// need no doubling).
    private mutating func escapeSequence(inQuotes: Bool) throws(StepParseError) -> String {
        guard let character = peek() else {
            throw StepParseError(position: index - 1, reason: .danglingEscape)
        }
        index += 1
        let escapable = inQuotes ? StepSpecParser.quotedEscapable : StepSpecParser.bareEscapable
        if escapable.contains(character) || (!inQuotes && character.isWhitespace) {
            return String(character)
        }
        return "\\" + String(character)
    }

    private mutating func expectEnd() throws(StepParseError) {
        skipWhitespace()
        if let character = peek() {
            throw StepParseError(position: index, reason: .unexpectedCharacter(character))
        }
    }

    private mutating func skipWhitespace() {
        while let character = peek(), character.isWhitespace { index += 1 }
    }

    private func peek() -> Character? {
        index < characters.count ? characters[index] : nil
    }
}
