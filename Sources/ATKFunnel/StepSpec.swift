/// A funnel step: an event name plus filters that must all hold.
///
/// Text syntax (see README "Step syntax"):
/// `Name`, `Name[prop OP value, …]`, with `OP` one of `=`, `!=`, `<`, `<=`,
/// `>`, `>=`, `~`. Names and values may be `"quoted"`. Outside quotes a
/// backslash escapes `\ " , [ ] = ! < > ~` and whitespace; inside quotes it
/// escapes `\` and `"`; before any other character it is kept, so regexes
/// such as `\d` need no doubling. Unescaped whitespace around tokens is
/// ignored.
public struct StepSpec: Sendable, CustomStringConvertible {
    /// The event name, compared exactly (UTF-8 bytes).
    public let eventName: String
    /// Conditions that must all be true.
    public let filters: [StepFilter]

    /// Creates a step from its parts.
    public init(eventName: String, filters: [StepFilter] = []) {
        self.eventName = eventName
        self.filters = filters
    }

    /// This step in storage of its own (``StepFilter/unshared()``).
    public func unshared() -> StepSpec {
        StepSpec(eventName: StepFilter.fresh(eventName), filters: filters.map { $0.unshared() })
    }

    /// Parses one step, as given to a repeated `--step` option.
    ///
    /// Commas are only allowed inside `[…]` or quotes.
    /// - Throws: `StepParseError` with the offending position.
    public static func parse(_ text: String) throws(StepParseError) -> StepSpec {
        var parser = StepSpecParser(text)
        return try parser.parseSingle()
    }

    /// Parses a comma-separated step list, as given to `--steps`.
    ///
    /// Commas inside `[…]` separate filters, not steps.
    /// - Throws: `StepParseError` with the offending position.
    public static func parseList(_ text: String) throws(StepParseError) -> [StepSpec] {
        var parser = StepSpecParser(text)
        return try parser.parseList()
    }

    /// Whether an event with this name and properties matches the step.
    ///
    /// Complexity: O(f) filter evaluations, skipped when the name differs.
    public func matches(eventName name: String, properties: some FunnelPropertySource) -> Bool {
        matches(eventNameUTF8: name.utf8, properties: properties)
    }

    /// Whether an event whose name has these UTF-8 bytes matches the step;
    /// the zero-copy form of `matches(eventName:properties:)`.
    ///
    /// Complexity: O(name length) plus O(f) filter evaluations.
    public func matches(eventNameUTF8 name: some Sequence<UInt8>, properties: some FunnelPropertySource) -> Bool {
        guard name.elementsEqual(eventName.utf8) else { return false }
        for filter in filters where !filter.evaluate(properties) {
            return false
        }
        return true
    }

    /// The step in the text syntax; `parse(_:)` reads it back.
    public var description: String {
        let name = StepSpec.quotedIfNeeded(eventName)
        if filters.isEmpty { return name }
        return name + "[" + filters.map(\.description).joined(separator: ",") + "]"
    }

    /// `text` unchanged when it parses back as a bare token, else quoted.
    static func quotedIfNeeded(_ text: String) -> String {
        let special: Set<Character> = ["[", "]", ",", "\"", "\\", "=", "!", "<", ">", "~"]
        let needsQuotes =
            text.isEmpty || text.contains(where: special.contains)
            || text.first?.isWhitespace == true || text.last?.isWhitespace == true
        guard needsQuotes else { return text }
        var quoted = "\""
        for character in text {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        quoted.append("\"")
        return quoted
    }
}
