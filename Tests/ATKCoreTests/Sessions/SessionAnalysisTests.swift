import ATKCore
import Testing

@Suite("sessions: cut by gap, $AppStart and $AppEnd; stays end at the next page view or $AppEnd")
struct SessionAnalysisTests {
    /// A `track` line of user `user` at `time` ms.
    static func line(_ user: String, _ event: String, _ time: Int64, _ properties: String = "") -> String {
        #"{"type":"track","event":"\#(event)","distinct_id":"\#(user)","time":\#(time),"properties":{\#(properties)}}"#
    }

    static func view(_ user: String, _ time: Int64, _ screen: String, _ extra: String = "") -> String {
        line(user, "$AppViewScreen", time, #""$screen_name":"\#(screen)""# + extra)
    }

    static func totals(_ lines: [String], gap: Int64 = 1000, breakdown: String? = nil) -> SessionTotals {
        var analysis = SessionAnalysis(configuration: SessionConfiguration(gapMilliseconds: gap, breakdown: breakdown))
        _ = LineFeed.feed(Array((lines.joined(separator: "\n") + "\n").utf8), into: &analysis)
        return analysis.totals()
    }

    private func screen(_ totals: SessionTotals, _ name: String) -> ScreenTotals? { totals.screens[Array(name.utf8)] }

    @Test("a gap of exactly the limit stays in the session; one millisecond more starts another")
    func gapAtLimit() {
        let same = Self.totals([Self.line("u", "E", 0), Self.line("u", "E", 1000)])
        #expect(same.summary.sessions == 1)
        #expect(same.summary.totalDurationMs == 1000)
        let split = Self.totals([Self.line("u", "E", 0), Self.line("u", "E", 1001)])
        #expect(split.summary.sessions == 2)
        #expect(split.summary.totalDurationMs == 0)
        #expect(split.summary.users == 1)
    }

    @Test("$AppEnd ends its session and the stay; the next event starts a session even within the gap")
    func appEndThenEvents() {
        let totals = Self.totals([
            Self.line("u", "$AppStart", 0), Self.view("u", 100, "A"), Self.line("u", "$AppEnd", 400),
            Self.line("u", "E", 500), Self.view("u", 600, "B"),
        ])
        #expect(totals.summary.sessions == 2)
        #expect(totals.summary.totalDurationMs == 400 + 100)
        #expect(screen(totals, "A")?.stays == [300])
        #expect(screen(totals, "B")?.unended == 1)
        #expect(totals.unendedPageViews == 1)
        #expect(totals.summary.bounces == 2)
    }

    @Test("$AppStart starts a session within the gap; the page open before it is unended")
    func appStart() {
        let totals = Self.totals([Self.view("u", 0, "A"), Self.line("u", "$AppStart", 10), Self.view("u", 20, "B")])
        #expect(totals.summary.sessions == 2)
        #expect(screen(totals, "A")?.unended == 1)
        #expect(screen(totals, "A")?.entries == 1)
        #expect(screen(totals, "B")?.exits == 1)
    }

    @Test("equal times keep input order; events out of order are sorted by time")
    func ties() {
        let totals = Self.totals([
            Self.line("u", "$AppEnd", 900), Self.view("u", 300, "A"), Self.view("u", 300, "B"),
        ])
        #expect(screen(totals, "A")?.stays == [0])
        #expect(screen(totals, "B")?.stays == [600])
        #expect(screen(totals, "A")?.entries == 1)
        #expect(screen(totals, "B")?.exits == 1)
        #expect(totals.summary.sessions == 1)
        #expect(totals.summary.bounces == 0)
    }

    @Test("$AppPageLeave ends nothing; its event_duration is compared with the stay")
    func pageLeave() {
        let totals = Self.totals(
            [
                Self.view("u", 0, "A"), Self.line("u", "$AppPageLeave", 2000, #""event_duration":2.1"#),
                Self.view("u", 5000, "B"), Self.line("u", "$AppEnd", 6000, #""event_duration":6.5"#),
            ], gap: 10_000)
        #expect(screen(totals, "A")?.stays == [5000])
        #expect(screen(totals, "A")?.totalStayMs == 5000)
        #expect(screen(totals, "B")?.stays == [1000])
        #expect(totals.pageLeave.compared == 1)
        #expect(totals.pageLeave.max == 2900)
        #expect(totals.appEnd.compared == 1)
        #expect(totals.appEnd.median == 500)
        #expect(totals.summary.pageViews == 2)
        #expect(totals.summary.bounces == 0)
    }

    @Test("users separately; only track lines with a user and an integer time; breakdown by the first event")
    func usersAndBreakdown() {
        let totals = Self.totals(
            [
                Self.line("u", "E", 0, #""v":"1""#), Self.line("u", "E", 500, #""v":"2""#),
                Self.line("w", "E", 0, #""v":"2""#), Self.line("w", "E", 5000),
                #"{"type":"track_signup","event":"$SignUp","distinct_id":"u","time":100,"properties":{}}"#,
                #"{"type":"track","event":"E","time":100,"properties":{}}"#,
                #"{"type":"track","event":"E","distinct_id":"u","time":"x","properties":{}}"#,
            ], breakdown: "v")
        #expect(totals.summary.sessions == 3)
        #expect(totals.summary.users == 2)
        #expect(totals.summary.medianDurationMs == 0)
        #expect(totals.summary.p90DurationMs == 400)
        #expect(totals.breakdown[Array("1".utf8)]?.sessions == 1)
        #expect(totals.breakdown[Array("2".utf8)]?.sessions == 1)
        #expect(totals.breakdown[Array("2".utf8)]?.users == 1)
        #expect(totals.breakdown[nil]?.sessions == 1)
    }
}
