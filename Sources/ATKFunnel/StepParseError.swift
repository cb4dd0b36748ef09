/// A step or filter specification that could not be parsed.
///
/// `position` is the 0-based offset, in `Character`s, into the text that was
/// parsed (the whole `--steps` list, or the single `--step` value).
public struct StepParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why parsing failed.
    public enum Reason: Equatable, Sendable {
        /// A step has no event name (e.g. `A,,B`, `[x=1]`, or an empty list).
        case missingEventName
        /// A filter has no property name (e.g. `Buy[=1]`, `Buy[]`).
        case missingPropertyName
        /// A property name is not followed by one of `=`, `!=`, `<`, `<=`, `>`, `>=`, `~`.
        case missingOperator
        /// An operator is not followed by a value; use `""` for the empty string.
        case missingValue
        /// A `"` opens a quoted token that is never closed.
        case unterminatedQuote
        /// A `[` opens a filter list that is never closed by `]`.
        case unterminatedFilterList
        /// A `\` is the last character of the input.
        case danglingEscape
        /// A character that is not allowed where it appears.
        case unexpectedCharacter(Character)
        /// The value of a `~` filter is not a regular expression `LinearRegex` accepts
        /// (the text says why and at which offset of the pattern).
        case invalidRegex(String)
    }

    /// 0-based `Character` offset of the problem in the parsed text.
    public let position: Int
    /// What went wrong.
    public let reason: Reason

    /// Creates an error at `position` for `reason`.
    public init(position: Int, reason: Reason) {
        self.position = position
        self.reason = reason
    }

    /// `column N: reason`, with a 1-based column.
    public var description: String {
        let what: String
        switch reason {
        case .missingEventName: what = "missing event name"
        case .missingPropertyName: what = "missing property name"
        case .missingOperator: what = "expected one of = != < <= > >= ~"
        case .missingValue: what = "missing value (use \"\" for an empty string)"
        case .unterminatedQuote: what = "unterminated quoted text"
        case .unterminatedFilterList: what = "'[' is never closed by ']'"
        case .danglingEscape: what = "'\\' at end of input"
        case .unexpectedCharacter(let character): what = "unexpected '\(character)'"
        case .invalidRegex(let message): what = "invalid regular expression: \(message)"
        }
        return "column \(position + 1): \(what)"
    }
}
