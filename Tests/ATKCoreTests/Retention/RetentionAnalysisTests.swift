import ATKCore
import ATKFunnel
import Foundation
import Testing

@Suite("retention: cohorts by start period, retained at period + k, days or Monday weeks in a zone")
struct RetentionAnalysisTests {
    /// Milliseconds of a UTC time written `2026-10-04T15:00:00Z`.
    static func ms(_ text: String) -> Int64 {
        Int64((ISO8601DateFormatter().date(from: text)?.timeIntervalSince1970 ?? 0) * 1000)
    }

    static func line(_ user: String, _ event: String, _ time: String, _ properties: String = "") -> String {
        #"{"type":"track","event":"\#(event)","distinct_id":"\#(user)","time":\#(ms(time)),"properties":{\#(properties)}}"#
    }

    static func analysis(
        _ lines: [String], period: RetentionPeriod = .day, zone: String = "UTC", periods: Int = 2,
        start: String = "S", returning: String = "R"
    ) throws -> RetentionAnalysis {
        let calendar = RetentionCalendar(period: period, timeZone: try #require(TimeZone(identifier: zone)))
        let configuration = RetentionConfiguration(
            start: try StepSpec.parse(start), returning: try StepSpec.parse(returning), calendar: calendar,
            periods: periods)
        var analysis = try RetentionAnalysis(configuration: configuration)
        _ = LineFeed.feed(Array((lines.joined(separator: "\n") + "\n").utf8), into: &analysis)
        return analysis
    }

    static func summary(_ analysis: RetentionAnalysis) -> [String] {
        analysis.cohorts().map { "\(analysis.configuration.calendar.name(of: $0.period)) \($0.size) \($0.retained)" }
    }

    @Test("offset 0 counts a return anywhere in the period, before the start too; N + 1 numbers")
    func days() throws {
        let analysis = try Self.analysis([
            Self.line("a", "R", "2026-10-01T01:00:00Z"), Self.line("a", "S", "2026-10-01T09:00:00Z"),
            Self.line("a", "R", "2026-10-03T23:59:59Z"), Self.line("b", "S", "2026-10-01T23:59:59Z"),
            Self.line("b", "R", "2026-10-02T00:00:00Z"), Self.line("b", "R", "2026-10-04T00:00:00Z"),
            Self.line("c", "R", "2026-10-05T00:00:00Z"),
        ])
        #expect(Self.summary(analysis) == ["2026-10-01 2 [1, 1, 1]"])
    }

    @Test("a user is in the cohort of every period with a start; periods without one are not listed")
    func everyStartPeriod() throws {
        let analysis = try Self.analysis([
            Self.line("a", "S", "2026-10-01T10:00:00Z"), Self.line("a", "S", "2026-10-03T10:00:00Z"),
            Self.line("a", "S", "2026-10-03T11:00:00Z"), Self.line("a", "R", "2026-10-04T10:00:00Z"),
        ])
        #expect(Self.summary(analysis) == ["2026-10-01 1 [0, 0, 0]", "2026-10-03 1 [0, 1, 0]"])
    }

    @Test("weeks start on Monday in the zone: Sunday 23:00 and Monday 01:00 in Shanghai")
    func weekBoundaryInZone() throws {
        // 2026-10-04T15:00Z is Sunday 23:00 in Shanghai; 17:00Z is Monday 01:00 (both Sunday in UTC).
        let lines = [Self.line("a", "S", "2026-10-04T15:00:00Z"), Self.line("a", "R", "2026-10-04T17:00:00Z")]
        let shanghai = try Self.analysis(lines, period: .week, zone: "Asia/Shanghai", periods: 1)
        #expect(Self.summary(shanghai) == ["2026-09-28 1 [0, 1]"])
        let utc = try Self.analysis(lines, period: .week, zone: "UTC", periods: 1)
        #expect(Self.summary(utc) == ["2026-09-28 1 [1, 0]"])
        let dayInZone = try Self.analysis(lines, period: .day, zone: "Asia/Shanghai", periods: 1)
        #expect(Self.summary(dayInZone) == ["2026-10-04 1 [0, 1]"])
    }

    @Test("steps use the funnel filter syntax; the same event may start and return")
    func filtersAndSameEvent() throws {
        let lines = [
            Self.line("a", "E", "2026-10-01T10:00:00Z", #""p":"x""#), Self.line("a", "E", "2026-10-02T10:00:00Z"),
            Self.line("b", "E", "2026-10-01T10:00:00Z", #""p":"y""#),
        ]
        let filtered = try Self.analysis(lines, start: "E[p=x]", returning: "E")
        #expect(Self.summary(filtered) == ["2026-10-01 1 [1, 1, 0]"])
        let same = try Self.analysis(lines, start: "E", returning: "E")
        #expect(Self.summary(same) == ["2026-10-01 2 [2, 1, 0]", "2026-10-02 1 [1, 0, 0]"])
    }

    @Test("only track lines with a user and an integer time; calendar names before 1970 and leap days")
    func skipped() throws {
        let analysis = try Self.analysis([
            #"{"type":"track_signup","event":"S","distinct_id":"a","time":1790000000000,"properties":{}}"#,
            #"{"type":"track","event":"S","time":1790000000000,"properties":{}}"#,
            #"{"type":"track","event":"S","distinct_id":"a","time":"x","properties":{}}"#,
        ])
        #expect(analysis.cohorts().isEmpty)
        #expect(analysis.skippedEvents == 2)
        let calendar = RetentionCalendar(period: .day, timeZone: try #require(TimeZone(identifier: "UTC")))
        #expect(calendar.name(of: -1) == "1969-12-31")
        #expect(calendar.name(of: Self.ms("2024-02-29T12:00:00Z") / 86_400_000) == "2024-02-29")
        #expect(calendar.period(ofMilliseconds: -1) == -1)
    }
}
