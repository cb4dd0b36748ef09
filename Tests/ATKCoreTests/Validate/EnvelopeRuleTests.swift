import Testing

@testable import ATKCore

@Suite("Envelope and time rules on hand-written lines")
struct EnvelopeRuleTests {
    @Test("a clean track line and a clean profile line find nothing")
    func clean() throws {
        let run = try validate([
            eventLine(),
            eventLine(nil, type: "\"profile_set\"", trackId: nil, properties: "{\"City\":\"Beijing\"}"),
            eventLine(nil, type: "\"profile_delete\"", trackId: nil, properties: nil),
        ])
        #expect(run.lines.isEmpty)
        #expect(run.findings.errorLines == 0 && run.findings.warningLines == 0)
    }

    @Test("json.malformed: not JSON, not an object, cut off")
    func malformed() throws {
        let run = try validate(["<html>502 Bad Gateway</html>", "[1,2]", String(eventLine().dropLast(5)), eventLine()])
        #expect(run.lines("json.malformed") == [1, 2, 3])
        #expect(run.result.malformedLines == 3)
        #expect(run.examples(.jsonMalformed)[1].message.contains("array"))
    }

    @Test("envelope.type: missing, unknown or not a string; every Sensors type passes")
    func type() throws {
        let valid = [
            "track", "track_signup", "track_id_bind", "track_id_unbind", "profile_set", "profile_set_once",
            "profile_unset", "profile_delete", "profile_append", "profile_increment", "item_set", "item_delete",
        ]
        let run = try validate(
            [
                eventLine(type: nil), eventLine(type: "\"trak\""), eventLine(type: "5"), eventLine(type: "\"Track\""),
            ] + valid.map { eventLine(type: quoted($0), originalId: "\"anon\"") })
        #expect(run.lines("envelope.type") == [1, 2, 3, 4])
        #expect(run.examples(.envelopeType)[1].message == "unknown type 'trak'")
    }

    @Test("envelope.event_name: a track line without event, a bad name, 100 vs 101 characters, reserved")
    func eventName() throws {
        let run = try validate([
            eventLine(nil),
            eventLine(quoted(String(repeating: "a", count: 100))),
            eventLine(quoted(String(repeating: "a", count: 101))),
            eventLine("\"Add To Cart\""), eventLine("\"1stPurchase\""), eventLine("\"user_id\""),
            eventLine("\"EVENT\""),
            eventLine("7"),
            eventLine(nil, type: "\"profile_set\""),
            eventLine("\"$AppClick\"", properties: "{\"$screen_name\":\"A\",\"$element_type\":\"UIButton\"}"),
            eventLine("\"user_group_vip\""),
            eventLine(nil, type: "\"trak\""),
        ])
        #expect(run.lines("envelope.event_name") == [1, 3, 4, 5, 6, 7, 8, 11])
        #expect(run.examples(.envelopeEventName)[1].message == "event name is 101 characters long (at most 100)")
    }

    @Test("envelope.distinct_id: missing, not a string, empty, 255 vs 256 characters (characters, not bytes)")
    func distinctId() throws {
        let run = try validate([
            eventLine(distinctId: nil), eventLine(distinctId: "42"), eventLine(distinctId: "\"\""),
            eventLine(distinctId: quoted(String(repeating: "x", count: 255))),
            eventLine(distinctId: quoted(String(repeating: "x", count: 256))),
            eventLine(distinctId: quoted(String(repeating: "长", count: 255))),
            eventLine(nil, type: "\"profile_set\"", distinctId: nil),
        ])
        #expect(run.lines("envelope.distinct_id") == [1, 2, 3, 5, 7])
    }

    @Test("envelope.original_id: only track_signup needs a valid one")
    func originalId() throws {
        let run = try validate([
            eventLine("\"$SignUp\"", type: "\"track_signup\"", originalId: "\"anon\""),
            eventLine("\"$SignUp\"", type: "\"track_signup\""),
            eventLine("\"$SignUp\"", type: "\"track_signup\"", originalId: "\"\""),
            eventLine("\"$SignUp\"", type: "\"track_signup\"", originalId: quoted(String(repeating: "o", count: 256))),
            eventLine("\"$SignUp\"", type: "\"track_signup\"", originalId: quoted(String(repeating: "o", count: 255))),
            eventLine(),
        ])
        #expect(run.lines("envelope.original_id") == [2, 3, 4])
    }

    @Test("envelope.time: missing, not an integer, not 13 digits, before the floor; 10 digits is only time.seconds")
    func time() throws {
        let run = try validate([
            eventLine(time: nil), eventLine(time: "\"1788220000000\""), eventLine(time: "1788220000000.0"),
            eventLine(time: "1.78822e12"), eventLine(time: "1788220000"), eventLine(time: "178822000000"),
            eventLine(time: "17882200000000"), eventLine(time: "1431656639999"), eventLine(time: "1431656640000"),
            eventLine(time: "-1788220000"), eventLine(time: "0"), eventLine(time: "1788220000000"),
        ])
        #expect(run.lines("envelope.time") == [1, 2, 3, 4, 6, 7, 8, 10, 11])
        #expect(run.lines("time.seconds") == [5])
        #expect(run.lines("time.future").isEmpty && run.lines("time.after_flush").isEmpty)
    }

    @Test("time.future: later than now plus the tolerance; the boundary passes")
    func future() throws {
        let lines = [testNow + 600_000, testNow + 600_001, testNow + 86_400_000].map { eventLine(time: String($0)) }
        #expect(try validate(lines).lines("time.future") == [2, 3])
        let tolerant = try validate(lines) { $0.futureTolerance = 3_600_000 }
        #expect(tolerant.lines("time.future") == [3])
        let later = try validate(lines) { $0.now = testNow + 86_400_000 }
        #expect(later.lines("time.future").isEmpty)
    }

    @Test("time.after_flush: time later than _flush_time; equal passes; a seconds time is not judged")
    func afterFlush() throws {
        let run = try validate([
            eventLine(time: "1788220000000", flushTime: "1788220000000"),
            eventLine(time: "1788220000001", flushTime: "1788220000000"),
            eventLine(time: "1788220000", flushTime: "1788210000000"),
            eventLine(time: "1788220030000", flushTime: "\"soon\""),
        ])
        #expect(run.lines("time.after_flush") == [2])
        #expect(run.lines("time.seconds") == [3])
    }

    @Test("time.flush_out_of_range: an integer _flush_time outside time's range; time.after_flush is not judged then")
    func flushOutOfRange() throws {
        let run = try validate([
            eventLine(time: "1788220000000", flushTime: "-9223372036854775808"),
            eventLine(time: "1788220000000", flushTime: "9223372036854775807"),
            eventLine(time: "1788220000000", flushTime: "99999999999999999999"),
            eventLine(time: "1788220000000", flushTime: "1788210000"),
            eventLine(time: "1788220000000", flushTime: "1431656639999"),
            eventLine(time: "1788220000000", flushTime: "1431656640000"),
            eventLine(time: "1788220000000", flushTime: "1.5"),
            eventLine(time: "1788220000000", flushTime: "\"soon\""),
            eventLine(time: "1788220000", flushTime: "-9223372036854775808"),
        ])
        #expect(run.lines("time.flush_out_of_range") == [1, 2, 3, 4, 5])
        #expect(run.lines("time.after_flush") == [6])
        #expect(run.examples(.timeFlushOutOfRange)[0].value == "-9223372036854775808")
    }

    @Test("time.future with now and a tolerance at the ends of 64 bits: clamped, no overflow")
    func futureAtTheEnds() throws {
        let line = [eventLine(time: "9999999999999")]
        let early = try validate(line) {
            $0.now = .min; $0.futureTolerance = 0
        }
        #expect(early.lines("time.future") == [1])
        #expect(early.examples(.timeFuture)[0].message.hasPrefix("time is 106751991167d 7h after now"))
        let late = try validate(line) {
            $0.now = .max; $0.futureTolerance = .max
        }
        #expect(late.lines("time.future").isEmpty)
        let tolerant = try validate(line) {
            $0.now = testNow; $0.futureTolerance = .max
        }
        #expect(tolerant.lines("time.future").isEmpty)
    }

    @Test("envelope.properties: missing or not an object on a track line only")
    func properties() throws {
        let run = try validate([
            eventLine(properties: nil), eventLine(properties: "[]"), eventLine(properties: "\"x\""),
            eventLine(nil, type: "\"profile_delete\"", properties: nil), eventLine(properties: "{}"),
            eventLine("\"$BindID\"", type: "\"track_id_bind\"", properties: nil),
        ])
        #expect(run.lines("envelope.properties") == [1, 2, 3, 6])
    }
}
