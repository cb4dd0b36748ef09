import Testing

@testable import ATKCore

@Suite("Lifecycle rules per user in time order")
struct LifecycleRuleTests {
    let t0: Int64 = 1_788_220_000_000

    func start(_ at: Int64, user: String = "u1") -> String {
        eventLine(
            "\"$AppStart\"", time: String(t0 + at), distinctId: quoted(user), trackId: String(at),
            properties: "{\"$is_first_time\":false,\"$resume_from_background\":false}")
    }

    func end(_ at: Int64, duration: String?, user: String = "u1", key: String = "event_duration") -> String {
        eventLine(
            "\"$AppEnd\"", time: String(t0 + at), distinctId: quoted(user), trackId: String(at),
            properties: duration.map { "{\(quoted(key)):\($0)}" } ?? "{}")
    }

    func event(_ name: String, _ at: Int64, user: String = "u1") -> String {
        eventLine(
            quoted(name), time: String(t0 + at), distinctId: quoted(user), trackId: String(at),
            properties: "{\"$screen_name\":\"Home\"}")
    }

    @Test("a clean session in scrambled line order finds nothing")
    func clean() throws {
        let run = try validate([end(60_000, duration: "60.0"), event("$AppViewScreen", 1_000), start(0)])
        #expect(run.lines.isEmpty)
    }

    @Test("missing_app_end: a crashed session (the crash line), and a session followed by $AppStart (that line)")
    func missingEnd() throws {
        let run = try validate([
            start(0), event("AppCrashed", 5_000),
            start(100_000), event("$AppCrashed", 105_000), end(110_000, duration: "10"),
            start(200_000),
            start(300_000),
            start(400_000, user: "u2"), event("AppCrashed", 401_000, user: "u2"),
            event("AppCrashed", 402_000, user: "u2"),
            start(500_000, user: "u3"),
        ])
        // Line 4's crash was followed by $AppEnd: not flagged. Line 7's $AppStart shows the
        // missing end of line 6's session; line 7's own session is open at the end: not flagged.
        #expect(run.lines("lifecycle.missing_app_end") == [2, 7, 9])
        #expect(run.examples(.lifecycleMissingAppEnd)[0].message.contains("line 1"))
    }

    @Test("a crashed session is flagged once, at the crash, even when another $AppStart follows")
    func crashThenStart() throws {
        let run = try validate([start(0), event("AppCrashed", 5_000), start(100_000), end(110_000, duration: "10")])
        #expect(run.lines("lifecycle.missing_app_end") == [2])
    }

    @Test("orphan_app_end: $AppEnd with no open session")
    func orphan() throws {
        let run = try validate([
            end(1_000, duration: "1"),
            start(10_000), end(20_000, duration: "10"), end(23_000, duration: "1"),
        ])
        #expect(run.lines("lifecycle.orphan_app_end") == [1, 4])
        #expect(run.lines("lifecycle.duration_mismatch").isEmpty)
    }

    @Test("negative and too-long durations, at 86,400 s and just over")
    func durationBounds() throws {
        let run = try validate([
            end(1_000, duration: "-0.001"), end(2_000, duration: "0"), end(3_000, duration: "86400"),
            end(4_000, duration: "86400.001"), end(5_000, duration: "-5", key: "$event_duration"),
        ])
        #expect(run.lines("lifecycle.negative_duration") == [1, 5])
        #expect(run.lines("lifecycle.duration_too_long") == [4])
    }

    @Test(
        "duration_out_of_range: beyond 64-bit ms (1e16 s, -1e16 s, 1e999 read as infinity), in place of the other two")
    func durationOutOfRange() throws {
        let run = try validate([
            start(0), end(1_000, duration: "1e16"), end(2_000, duration: "-1e16"), end(3_000, duration: "1e999"),
            end(4_000, duration: "9.2e15"), end(5_000, duration: "9.3e15", key: "$event_duration"),
        ])
        #expect(run.lines("lifecycle.duration_out_of_range") == [2, 3, 4, 6])
        #expect(run.lines("lifecycle.duration_too_long") == [5])
        #expect(run.lines("lifecycle.negative_duration").isEmpty)
        #expect(run.examples(.lifecycleDurationOutOfRange)[0].value == "event_duration 1e+16")
        #expect(
            run.examples(.lifecycleDurationTooLong)[0].message == "event_duration is 106481481481d 11h, over 24 hours")
        // The session's mismatch is still judged, in doubles.
        #expect(run.lines("lifecycle.duration_mismatch") == [2])
    }

    @Test("duration_mismatch: more than the tolerance from the session's length, either way")
    func mismatch() throws {
        let lines = [
            start(0), end(60_000, duration: "65.0"),
            start(100_000), end(160_000, duration: "65.001"),
            start(200_000), end(260_000, duration: "54.999"),
            start(300_000), end(360_000, duration: "-60"),
            start(400_000), end(460_000, duration: nil),
            start(500_000), end(560_000, duration: "60", key: "$event_duration"),
        ]
        #expect(try validate(lines).lines("lifecycle.duration_mismatch") == [4, 6, 8])
        let tolerant = try validate(lines) { $0.durationTolerance = 200_000 }
        #expect(tolerant.lines("lifecycle.duration_mismatch").isEmpty)
    }

    @Test("passive_page_view: $AppViewScreen after $AppStartPassively until the next $AppStart")
    func passive() throws {
        let run = try validate([
            event("$AppStartPassively", 0), event("$AppViewScreen", 300), event("$AppViewScreen", 600),
            start(10_000), event("$AppViewScreen", 10_300), end(20_000, duration: "10"),
            event("$AppViewScreen", 30_000, user: "u2"),
        ])
        #expect(run.lines("lifecycle.passive_page_view") == [2, 3])
    }

    @Test("users are judged apart; events without a valid time or user are left out")
    func perUser() throws {
        let run = try validate([
            start(0, user: "a"), start(1_000, user: "b"), end(5_000, duration: "5", user: "a"),
            end(6_000, duration: "5", user: "b"),
            eventLine("\"$AppEnd\"", time: "1788220000", distinctId: "\"c\"", properties: "{\"event_duration\":1}"),
            eventLine("\"$AppEnd\"", time: String(t0), distinctId: nil, properties: "{\"event_duration\":1}"),
        ])
        #expect(run.lines("lifecycle.orphan_app_end").isEmpty)
        #expect(run.lines("lifecycle.duration_mismatch").isEmpty)
    }

    @Test("lifecycle findings are examples in line order and count as lines with warnings")
    func order() throws {
        let run = try validate([end(9_000, duration: "1", user: "z"), end(1_000, duration: "1", user: "a")])
        #expect(run.lines("lifecycle.orphan_app_end") == [1, 2])
        #expect(run.findings.warningLines == 2)
    }
}
