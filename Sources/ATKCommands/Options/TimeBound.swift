import ATKCore
import ArgumentParser
import Foundation

/// `--since` and `--until` values: ISO-8601 dates and times, `today`, `yesterday`, or a span
/// back from now (`-7d`, `-12h`).
enum TimeBound {
    /// What the options accept, for help and errors.
    static let help =
        "an ISO-8601 date (2026-09-01) or time (2026-09-01T08:00, with Z or +08:00 for another zone), today, yesterday, or -7d/-12h (back from now)"

    /// `text` as ms since the epoch: a date is its first millisecond in `zone`, a time without
    /// an offset is read in `zone`, `today` and `yesterday` are the first millisecond of that
    /// day in `zone`, `-SPAN` is `now` minus the span.
    ///
    /// - Throws: a usage error naming `option` and the accepted forms.
    static func milliseconds(_ text: String, option: String, zone: TimeZone, now: Date) throws -> Int64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let nowMilliseconds = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        switch text {
        case "today": return milliseconds(calendar.startOfDay(for: now))
        case "yesterday":
            let today = calendar.startOfDay(for: now)
            guard let day = calendar.date(byAdding: .day, value: -1, to: today) else { break }
            return milliseconds(day)
        default: break
        }
        if text.hasPrefix("-") {
            return nowMilliseconds - (try TimeSpan.milliseconds(String(text.dropFirst()), option: option))
        }
        if let local = localTime(text, calendar: calendar) { return local }
        if text.contains("T"), let instant = TimeSyntax.instant(text) { return instant }
        throw ValidationError("\(option) takes \(help), not '\(text)'")
    }

    private static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    /// `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS[.fff]]` without an offset, in the calendar's zone.
    private static func localTime(_ text: String, calendar: Calendar) -> Int64? {
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        let date = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        guard date.count == 3, date[0].count == 4, date[1].count == 2, date[2].count == 2,
            let year = Int(date[0]), let month = Int(date[1]), let day = Int(date[2])
        else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        var fraction: Int64 = 0
        if parts.count == 2 {
            let time = parts[1].split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(time.count), time[0].count == 2, time[1].count == 2,
                let hour = Int(time[0]), let minute = Int(time[1])
            else { return nil }
            components.hour = hour
            components.minute = minute
            if time.count == 3 {
                let seconds = time[2].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
                guard seconds[0].count == 2, let second = Int(seconds[0]) else { return nil }
                components.second = second
                if seconds.count == 2 {
                    let digits = seconds[1].prefix(3)
                    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int64(digits),
                        seconds[1].allSatisfy(\.isNumber)
                    else { return nil }
                    fraction = value * [100, 10, 1][digits.count - 1]
                }
            }
        }
        guard (1...12).contains(month), (1...31).contains(day), (components.hour ?? 0) < 24,
            (components.minute ?? 0) < 60, (components.second ?? 0) < 60,
            let instant = calendar.date(from: components),
            calendar.component(.day, from: instant) == day
        else { return nil }
        return milliseconds(instant) + fraction
    }
}
