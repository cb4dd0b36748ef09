import Testing

@testable import ATKCore

@Suite("Rules over the whole dump: type conflicts and duplicates")
struct DumpWideRuleTests {
    @Test("property.type_conflict reports the lines of the minority type, with the mix")
    func conflict() throws {
        let run = try validate([
            eventLine(properties: "{\"price\":1.5}"),
            eventLine(properties: "{\"price\":\"2.5\"}"),
            eventLine(properties: "{\"price\":3}"),
            eventLine(properties: "{\"price\":null}"),
            eventLine(properties: "{\"price\":{\"v\":1}}"),
            eventLine(properties: "{\"price\":4.5}"),
            eventLine(properties: "{\"tags\":[\"a\"]}"),
            eventLine(properties: "{\"tags\":[\"b\"]}"),
            eventLine(properties: "{\"tags\":true}"),
        ])
        #expect(run.lines("property.type_conflict") == [2, 9])
        #expect(
            run.examples(.propertyTypeConflict)[0].message
                == "price is a string here; across the dump price is number 75.0% / string 25.0%")
        #expect(run.examples(.propertyTypeConflict)[0].value == "2.5")
    }

    @Test("a first type that ends up in the minority is still reported, in line order")
    func minorityFirst() throws {
        let properties = [
            "{\"q\":\"1\"}", "{\"q\":1}", "{\"q\":\"2\",\"p\":true}", "{\"q\":2,\"p\":\"yes\"}",
            "{\"q\":3,\"p\":false}",
        ]
        let run = try validate(
            properties.enumerated().map { eventLine(trackId: String($0.offset), properties: $0.element) })
        #expect(run.lines("property.type_conflict") == [1, 3, 4])
        #expect(run.findings.warningLines == 3)
    }

    @Test("only the first lines of the first type are kept: the count stays exact")
    func unkeptLines() throws {
        let lines = (0..<15).map { eventLine(trackId: String($0), properties: $0 < 6 ? "{\"q\":\"s\"}" : "{\"q\":1}") }
        let run = try validate(lines) { $0.maxExamples = 2 }
        #expect(run.findings.counts[BuiltInRule.propertyTypeConflict.index] == 6)
        #expect(run.examples(.propertyTypeConflict).map(\.location.line) == [1, 2])
        #expect(run.findings.warningLines == 6)
    }

    @Test("keys repeated in the same order (checked by the guessed-key loop) are judged like any others")
    func repeatedKeys() throws {
        let long = String(repeating: "x", count: 8_192)
        func view(_ properties: String, _ n: Int) -> String {
            eventLine("\"$AppViewScreen\"", trackId: String(n), properties: properties)
        }
        var lines = (1...12).map { view("{\"$screen_name\":\"Home\",\"n\":\($0),\"s\":\"x\"}", $0) }
        lines.append(view("{\"n\":1,\"s\":\"x\"}", 13))  // line 13: no $screen_name
        lines.append(view("{\"$screen_name\":\"Home\",\"n\":\"14\",\"s\":\"x\"}", 14))  // line 14: n a string
        lines += (15...17).map { view("{\"$screen_name\":\"Home\",\"bad key\":1,\"s\":\"x\"}", $0) }
        lines += (18...19).map { view("{\"$screen_name\":\"Home\",\"n\":\($0),\"s\":\"\(long)\"}", $0) }
        lines += (20...21).map { view("{\"$screen_name\":\"Home\",\"n\":\($0),\"s\":\"x\"}", $0) }
        // A duration is read on every $AppEnd, repeated keys or not.
        lines += (22...26).map {
            eventLine(
                "\"$AppEnd\"", trackId: String($0), properties: "{\"$screen_name\":\"Home\",\"event_duration\":-1}")
        }
        let run = try validate(lines) { $0.maxExamples = 2 }
        #expect(run.findings.counts[BuiltInRule.lifecycleNegativeDuration.index] == 5)
        #expect(run.lines("preset.missing_property") == [13])
        #expect(run.lines("property.type_conflict") == [14])
        // n: 12 + 1 + 2 + 2 numbers, one string; s: 19 strings, no conflict.
        #expect(
            run.examples(.propertyTypeConflict)[0].message
                == "n is a string here; across the dump n is number 94.4% / string 5.6%")
        #expect(run.findings.counts[BuiltInRule.propertyName.index] == 3)
        #expect(run.lines("property.name") == [15, 16])  // two examples kept
        #expect(run.lines("property.too_long") == [18, 19])
        #expect(run.findings.warningLines + run.findings.errorLines == 12)
    }

    @Test("lists repeated in the guessed place (the guessed loop takes lists of short strings) are judged alike")
    func repeatedLists() throws {
        let long = String(repeating: "y", count: 8_192)
        func click(_ list: String, _ n: Int) -> String {
            eventLine(
                "\"$AppClick\"", trackId: String(n), properties: "{\"a\":1,\"chain\":\(list),\"b\":\"x\"}")
        }
        var lines = (1...10).map { click("[\"V|\($0)\",\"W\",\"\\u0058\"]", $0) }
        lines.append(click("[]", 11))  // empty: a list
        lines.append(click("[\"V\",2]", 12))  // a list holding a number
        lines.append(click("[\"V\",\"\(long)\"]", 13))  // a string longer than the limit
        lines.append(click("[\"V\",[\"W\"]]", 14))  // a list holding a list
        lines.append(click("\"V\"", 15))  // a string, not a list
        lines += (16...17).map { click("[\"V\",\"W\"]", $0) }
        let run = try validate(lines) { $0.maxExamples = 5 }
        #expect(run.lines("property.type") == [12, 14])
        #expect(run.lines("property.too_long") == [13])
        #expect(run.lines("property.type_conflict") == [15])
        // chain: 10 + 1 + 1 + 2 lists (13 is a list too, of strings), one string.
        #expect(
            run.examples(.propertyTypeConflict)[0].message
                == "chain is a string here; across the dump chain is list 93.3% / string 6.7%")
        // The same lines with the members in another order on every other line, so that no
        // guess holds and the general loop judges every list: the same findings.
        let reordered = lines.enumerated().map { index, line in
            index % 2 == 0
                ? line
                : line.replacingOccurrences(of: "{\"a\":1,\"chain\":", with: "{\"chain\":")
                    .replacingOccurrences(of: ",\"b\":\"x\"}", with: ",\"a\":1,\"b\":\"x\"}")
        }
        #expect(reordered[1] != lines[1] && reordered[0] == lines[0])
        let general = try validate(reordered) { $0.maxExamples = 5 }
        #expect(general.findings.counts == run.findings.counts)
        #expect(general.findings.warningLines == run.findings.warningLines)
        for rule in [BuiltInRule.propertyType, .propertyTooLong, .propertyTypeConflict] {
            #expect(general.examples(rule).map(\.location.line) == run.examples(rule).map(\.location.line))
            #expect(general.examples(rule).map(\.message) == run.examples(rule).map(\.message))
        }
    }

    @Test("keys longer than 32 bytes and escaped keys, repeated, are judged like any others")
    func longAndEscapedKeys() throws {
        let long = String(repeating: "k", count: 40)
        let similar = String(repeating: "k", count: 39) + "j"  // as long, one byte apart
        func click(_ properties: String, _ n: Int) -> String {
            eventLine("\"$AppClick\"", trackId: String(n), properties: properties)
        }
        var lines = (1...4).map { click("{\"a\":1,\"\(long)\":\($0),\"b\":\"x\"}", $0) }
        lines.append(click("{\"a\":1,\"\(similar)\":\"5\",\"b\":\"x\"}", 5))  // a new key, a string
        lines.append(click("{\"a\":1,\"\(long)\":\"6\",\"b\":\"x\"}", 6))  // the long key, a string
        lines += (7...8).map { click("{\"\\u0061\":1,\"\(long)\":\($0),\"b\":2}", $0) }  // "a" escaped; b a number
        lines.append(click("{\"a\":\"9\",\"\(long)\":9,\"b\":\"x\"}", 9))  // a a string
        let run = try validate(lines) { $0.maxExamples = 5 }
        #expect(run.lines("property.type_conflict") == [6, 7, 8, 9])
        #expect(run.findings.counts[BuiltInRule.propertyTypeConflict.index] == 4)
    }

    @Test("a key in a guessed place is compared byte by byte, not by its length")
    func sameLengthKeys() throws {
        func view(_ properties: String, _ n: Int) -> String {
            eventLine("\"$AppViewScreen\"", trackId: String(n), properties: properties)
        }
        // Past the kept example lines of each key, the guessed-key loop takes the members.
        var lines = (1...10).map { view("{\"good\":1,\"$screen_name\":\"Home\"}", $0) }
        lines.append(view("{\"bad \":1,\"$screen_name\":\"Home\"}", 11))  // as long as "good", not a valid name
        lines.append(view("{\"gold\":\"x\",\"$screen_namf\":\"Home\"}", 12))  // one byte apart, each
        lines += (13...14).map { view("{\"good\":\($0),\"$screen_name\":\"Home\"}", $0) }
        let run = try validate(lines) { $0.maxExamples = 2 }
        #expect(run.lines("property.name") == [11])
        #expect(run.lines("preset.missing_property") == [12])  // $screen_namf is not $screen_name
        #expect(run.lines("property.type_conflict").isEmpty)  // "gold" is a key of its own
    }

    @Test("profile lines do not take part in type conflicts")
    func profiles() throws {
        let run = try validate([
            eventLine(properties: "{\"level\":1}"),
            eventLine(nil, type: "\"profile_set\"", properties: "{\"level\":\"gold\"}"),
        ])
        #expect(run.lines("property.type_conflict").isEmpty)
    }

    @Test("duplicate.event: the later of two lines with the same _track_id, distinct_id, event and time")
    func duplicates() throws {
        let run = try validate([
            eventLine(trackId: "7"),
            eventLine(trackId: "8"),
            eventLine(trackId: "7", properties: "{\"other\":1}"),
            eventLine(distinctId: "\"u2\"", trackId: "7"),
            eventLine("\"AddToCart\"", trackId: "7"),
            eventLine(time: "1788220000001", trackId: "7"),
            eventLine(trackId: nil),
            eventLine(trackId: nil),
            eventLine(trackId: "7"),
        ])
        #expect(run.lines("duplicate.event") == [3, 9])
    }

    @Test("a duplicate key changes with any byte of its four values, and with where a value ends")
    func duplicateKeys() {
        func key(_ trackId: String, _ distinctId: String, _ event: String, _ time: String) -> UInt64? {
            let line =
                #"{"_track_id":\#(trackId),"distinct_id":\#(distinctId),"event":\#(event),"time":\#(time),"type":"track"}"#
            return withEvent(line) { event -> UInt64? in
                guard let t = event.trackId, let d = event.distinctId, let e = event.event, let m = event.time else {
                    return nil
                }
                return DuplicateDetector.key(trackId: t, distinctId: d, event: e, time: m)
            }.flatMap { $0 }
        }
        let base = ("123456789", "\"user-0001\"", "\"$AppClick\"", "1788220000001")
        var keys: Set<UInt64> = []
        var made = 0
        func add(_ value: UInt64?) {
            made += 1
            if let value { keys.insert(value) }
        }
        add(key(base.0, base.1, base.2, base.3))
        // One digit or letter changed at each place of each value.
        for place in 0..<9 {
            var digits = Array(base.0)
            digits[place] = digits[place] == "9" ? "8" : "9"
            add(key(String(digits), base.1, base.2, base.3))
        }
        for place in 1..<10 {
            var user = Array(base.1)
            user[place] = user[place] == "x" ? "y" : "x"
            add(key(base.0, String(user), base.2, base.3))
        }
        for place in 1..<9 {
            var name = Array(base.2)
            name[place] = name[place] == "x" ? "y" : "x"
            add(key(base.0, base.1, String(name), base.3))
        }
        for place in 0..<13 {
            var time = Array(base.3)
            time[place] = time[place] == "9" ? "8" : "9"
            add(key(base.0, base.1, base.2, String(time)))
        }
        // The same bytes split differently between two values; a string and a number.
        add(key("12", "\"3\"", base.2, base.3))
        add(key("1", "\"23\"", base.2, base.3))
        add(key(base.0, "123", base.2, base.3))
        add(key(base.0, "\"123\"", base.2, base.3))
        #expect(keys.count == made)
    }

    @Test("the duplicate tables keep every key as they grow, one table per hour")
    func manyKeys() {
        var detector = DuplicateDetector(capacity: 4)
        let keys = (UInt64(1)...5000).map { $0 &* 0x9E37_79B9_7F4A_7C15 }
        let hours: [Int64?] = [nil, 1_788_220_800_000, 1_788_224_400_000]
        let first = keys.enumerated().map { detector.seenBefore($0.element, window: hours[$0.offset % 3]) }
        let again = keys.enumerated().map { detector.seenBefore($0.element, window: hours[$0.offset % 3]) }
        let otherHour = keys.enumerated().map { detector.seenBefore($0.element, window: hours[($0.offset + 1) % 3]) }
        #expect(!first.contains(true))
        #expect(!again.contains(false))
        // A key of another hour is another key: its time differs.
        #expect(!otherHour.contains(true))
    }

    @Test("merged detectors know every key of every side, the tables of an hour folded when it comes again")
    func mergedKeys() {
        let hours: [Int64?] = [nil, 1_788_220_800_000, 1_788_224_400_000, 1_788_228_000_000]
        // Three sides: keys of hours 0-2 everywhere, hour 3 only on the last side.
        func side(_ number: UInt64) -> (DuplicateDetector, [(UInt64, Int64?)]) {
            var detector = DuplicateDetector(capacity: 4)
            var keys = (UInt64(1)...900).map { (($0 + number * 1000) &* 0x9E37_79B9_7F4A_7C15, hours[Int($0 % 3)]) }
            if number == 2 { keys += (UInt64(1)...50).map { ($0 &* 0xD6E8_FEB8_6659_FD93, hours[3]) } }
            let seen = keys.map { detector.seenBefore($0.0, window: $0.1) }
            #expect(!seen.contains(true))
            return (detector, keys)
        }
        let (a, keysA) = side(0)
        let (b, keysB) = side(1)
        let (c, keysC) = side(2)
        // b and c first (c's tables stay unfolded in b), then that into a: unfolded tables move too.
        var bc = b
        bc.merge(c)
        var merged = a
        merged.merge(bc)
        let again = (keysA + keysB + keysC).map { merged.seenBefore($0.0, window: $0.1) }
        #expect(!again.contains(false))
        // The same key in another hour is another key.
        let otherHour = keysC.prefix(5).map { merged.seenBefore($0.0, window: hours[3]) }
        #expect(!otherHour.contains(true))
        let new = merged.seenBefore(42, window: hours[1])
        let repeated = merged.seenBefore(42, window: hours[1])
        #expect(!new && repeated)
    }
}
