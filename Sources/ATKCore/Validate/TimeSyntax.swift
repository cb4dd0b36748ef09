import Foundation

/// The time values of validate's options: spans (``TimeSpan``) and instants
/// (ISO-8601 or milliseconds since the epoch), and spans written for people.
public enum TimeSyntax {
    /// Milliseconds in a span (``TimeSpan``: `250ms`, `90s`, `10m`, `1.5h`, `7d`); nil when it is not one.
    public static func span(_ text: String) -> Int64? { TimeSpan.milliseconds(text) }

    /// Milliseconds since the epoch of `2026-09-08T12:00:00Z` (fractional seconds and offsets
    /// allowed, `Z` assumed when none), `2026-09-08` (midnight UTC), or a plain integer of ms.
    public static func instant(_ text: String) -> Int64? {
        if let ms = Int64(text) { return ms }
        let full = ISO8601DateFormatter()
        full.formatOptions = [.withInternetDateTime]
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        let candidates = [text, text + "Z"]
        for formatter in [fractional, full, day] {
            for candidate in candidates {
                if let date = formatter.date(from: candidate) { return Int64((date.timeIntervalSince1970 * 1000).rounded()) }
            }
        }
        return nil
    }

    /// `90061000` → `1d 1h` (the two largest units); under a second `250ms`.
    public static func describe(_ milliseconds: Int64) -> String {
        let sign = milliseconds < 0 ? "-" : ""
        var rest = milliseconds.magnitude
        if rest < 1000 { return "\(sign)\(rest)ms" }
        rest /= 1000
        let parts: [(UInt64, String)] = [(rest / 86_400, "d"), (rest % 86_400 / 3600, "h"), (rest % 3600 / 60, "m"), (rest % 60, "s")]
        let shown = parts.drop { $0.0 == 0 }.prefix(2).filter { $0.0 > 0 }
        return sign + shown.map { "\($0.0)\($0.1)" }.joined(separator: " ")
    }
}
