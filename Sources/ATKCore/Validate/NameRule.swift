/// The Sensors name rule for event names and property keys (sensors.md §2): a letter, `_` or
/// `$`, then letters, digits, `_` and `$`; at most 100 characters; not a reserved word
/// (case-insensitive).
public enum NameRule {
    /// Why a name breaks the rule.
    public enum Violation: Sendable, Equatable, CustomStringConvertible {
        case empty, badFirstCharacter, badCharacter, tooLong(Int), reserved

        /// The violation as the end of a sentence: "event name is empty".
        public var description: String {
            switch self {
            case .empty: "is empty"
            case .badFirstCharacter: "must start with a letter, _ or $"
            case .badCharacter: "may hold only letters, digits, _ and $"
            case .tooLong(let n): "is \(n) characters long (at most 100)"
            case .reserved: "is a reserved word"
            }
        }
    }

    /// Reserved whole words, lowercase.
    static let reservedWords: [String] = [
        "distinct_id", "original_id", "time", "properties", "id", "first_id", "second_id", "users", "events",
        "event", "event_id", "device_id", "user_id", "date", "datetime",
    ]
    /// Reserved prefixes, lowercase.
    static let reservedPrefixes: [String] = ["user_group", "user_tag"]

    /// Checks the name in `bytes` (decoded UTF-8).
    /// - Returns: nil when the name is valid.
    /// - Complexity: O(length).
    public static func check(_ bytes: UnsafeRawBufferPointer) -> Violation? {
        guard let first = bytes.first else { return .empty }
        guard isLetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: "$") else {
            return .badFirstCharacter
        }
        for byte in bytes.dropFirst()
        where !(isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")) {
            return .badCharacter
        }
        // Only ASCII passed, so bytes are characters.
        if bytes.count > SDKLimits.nameMaxLength { return .tooLong(bytes.count) }
        let lower = String(decoding: bytes.map { isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        if reservedWords.contains(lower) || reservedPrefixes.contains(where: lower.hasPrefix) { return .reserved }
        return nil
    }

    /// Checks `name`.
    public static func check(_ name: String) -> Violation? {
        var name = name
        return name.withUTF8 { check(UnsafeRawBufferPointer($0)) }
    }

    @inline(__always)
    private static func isLetter(_ c: UInt8) -> Bool {
        (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z")
    }

    @inline(__always)
    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
}
