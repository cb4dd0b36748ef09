/// The instants of atk's options (ISO-8601 or milliseconds since the epoch), and spans
/// (``TimeSpan``) written for people.
public enum TimeSyntax {
    /// The instants an option may name, in ms since the epoch.
    ///
    /// From 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z, the years ISO-8601 writes with
    /// four digits. Any of them plus any
    /// ``TimeSpan`` fits in 64 bits, and so does their difference with any valid `time`.
    public static let instantRange: ClosedRange<Int64> = 0...253_402_300_799_999

    /// ``instantRange`` for messages.
    public static let instantRangeHelp =
        "from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z (0 to 253402300799999 ms)"

    /// Milliseconds since the epoch of `2026-09-08T12:00:00Z` (fractional seconds and offsets
    /// allowed, `Z` assumed when none), `2026-09-08` (midnight UTC), or a plain integer of ms;
    /// nil when `text` is none of these, names no real date or time (`2026-02-30`, `25:00:00`),
    /// or lies outside ``instantRange``.
    public static func instant(_ text: String) -> Int64? {
        let value: Int64?
        if let ms = Int64(text) {
            value = ms
        } else {
            var parser = ISO8601Parser(Array(text.utf8))
            value = parser.parse()
        }
        guard let value, instantRange.contains(value) else { return nil }
        return value
    }

    /// `90061000` → `1d 1h` (the two largest units); under a second `250ms`.
    public static func describe<T: BinaryInteger>(_ milliseconds: T) -> String {
        let sign = milliseconds < 0 ? "-" : ""
        // The magnitude, not `-milliseconds`: Int64.min has no negation.
        var rest = UInt64(milliseconds.magnitude)
        if rest < 1000 { return "\(sign)\(rest)ms" }
        rest /= 1000
        let parts: [(UInt64, String)] = [
            (rest / 86_400, "d"), (rest % 86_400 / 3600, "h"), (rest % 3600 / 60, "m"), (rest % 60, "s"),
        ]
        let shown = parts.drop { $0.0 == 0 }.prefix(2).filter { $0.0 > 0 }
        return sign + shown.map { "\($0.0)\($0.1)" }.joined(separator: " ")
    }
}
