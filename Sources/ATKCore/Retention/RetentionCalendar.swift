import Foundation

/// Numbers the days or Monday-weeks of event times in one time zone, and names them.
///
/// Period numbers count from 1970-01-01 (day 0) or the week of Monday 1969-12-29 (week 0) in local
/// time; consecutive periods have consecutive numbers, so "period + k" is plain addition.
public struct RetentionCalendar: Sendable {
    /// Days or weeks.
    public let period: RetentionPeriod
    /// The zone whose calendar cuts the periods (its offset at each event's instant, DST included).
    public let timeZone: TimeZone
    /// The zone's name as the user gave it (`UTC` stays `UTC`, where Foundation says `GMT`).
    public let zoneName: String

    /// A calendar of `period`s in `timeZone`, named `zoneName` in reports (default: the zone's
    /// identifier).
    public init(period: RetentionPeriod, timeZone: TimeZone, zoneName: String? = nil) {
        self.period = period
        self.timeZone = timeZone
        self.zoneName = zoneName ?? timeZone.identifier
    }

    /// The period of an event time (ms since the epoch, UTC).
    ///
    /// - Complexity: O(1), one time-zone offset lookup.
    public func period(ofMilliseconds time: Int64) -> Int64 {
        let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(time) / 1000))) * 1000
        let day = time.addingClamped(offset).floorDivided(by: 86_400_000)
        switch period {
        case .day: return day
        // 1970-01-01 was a Thursday: day + 3 counts from Monday 1969-12-29.
        case .week: return (day + 3).floorDivided(by: 7)
        }
    }

    /// The first day of `period` as `YYYY-MM-DD` (a week's Monday).
    public func name(of period: Int64) -> String {
        let day = self.period == .day ? period : period * 7 - 3
        return Self.civilDate(day: day)
    }

    /// `YYYY-MM-DD` of a day number (days since 1970-01-01, proleptic Gregorian).
    static func civilDate(day: Int64) -> String {
        // Howard Hinnant's days-to-civil algorithm.
        let z = day + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let dayOfMonth = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(dayOfMonth))"
    }
}
