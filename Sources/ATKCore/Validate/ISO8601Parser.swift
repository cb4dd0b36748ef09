/// A strict reader of the ISO-8601 forms ``TimeSyntax/instant(_:)`` takes: `YYYY-MM-DD`, or
/// `YYYY-MM-DDTHH:MM:SS` with an optional fraction (1 to 9 digits) and an optional zone (`Z`,
/// `+HH:MM`, `+HHMM`).
///
/// Foundation's `ISO8601DateFormatter` rolls `2026-02-30` over to March 2 and `25:00` over to the
/// next day; an option that names no real instant must be refused, so every field is checked.
struct ISO8601Parser {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Milliseconds since the epoch, the fraction rounded to the nearest ms; nil for anything else.
    mutating func parse() -> Int64? {
        guard let year = digits(4), literal("-"), let month = digits(2), literal("-"), let day = digits(2),
            (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let days = Self.daysSinceEpoch(year: year, month: month, day: day)
        guard position < bytes.count else { return days * 86_400_000 }
        guard literal("T") || literal("t"), let hour = digits(2), literal(":"), let minute = digits(2), literal(":"),
            let second = digits(2), hour < 24, minute < 60, second < 60
        else { return nil }
        var nanoseconds: Int64 = 0
        if literal(".") {
            var count = 0
            while position < bytes.count, let digit = Self.digit(bytes[position]) {
                guard count < 9 else { return nil }
                nanoseconds = nanoseconds * 10 + digit
                count += 1
                position += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<9 { nanoseconds *= 10 }
        }
        var offsetMinutes: Int64 = 0
        if position < bytes.count {
            if literal("Z") || literal("z") {
                // UTC
            } else if bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                let sign: Int64 = bytes[position] == UInt8(ascii: "-") ? -1 : 1
                position += 1
                guard let hours = digits(2) else { return nil }
                _ = literal(":")
                guard let minutes = digits(2), hours < 24, minutes < 60 else { return nil }
                offsetMinutes = sign * (hours * 60 + minutes)
            } else {
                return nil
            }
        }
        guard position == bytes.count else { return nil }
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60
        return seconds * 1000 + (nanoseconds + 500_000) / 1_000_000
    }

    /// The next `count` bytes as a decimal number, when they are all digits.
    private mutating func digits(_ count: Int) -> Int64? {
        guard position + count <= bytes.count else { return nil }
        var value: Int64 = 0
        for k in position..<position + count {
            guard let digit = Self.digit(bytes[k]) else { return nil }
            value = value * 10 + digit
        }
        position += count
        return value
    }

    /// Consumes `character` when it is next.
    private mutating func literal(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    private static func digit(_ byte: UInt8) -> Int64? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int64(byte - UInt8(ascii: "0")) : nil
    }

    /// Days in a month of the proleptic Gregorian calendar.
    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (years 0-9999).
    ///
    /// Howard Hinnant's `days_from_civil`: years counted from March, so February's leap day is
    /// the last day of its year.
    static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
