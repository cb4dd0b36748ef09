import Testing

@testable import ATKCore

@Suite("Typed access to parsed values")
struct JSONNodeTests {
    @Test("escaped and non-ASCII strings decode exactly")
    func escapes() {
        let line =
            #"{"event":"Buy","distinct_id":"u1","properties":{"a":"\u5546\u54c1","b":"say \"hi\"\\\/","c":"\ud83d\ude00","d":"\ud800x","e":"商品 ok","f":"\n\t"}}"#
        let values = withEvent(line) { event in
            ["a", "b", "c", "d", "e", "f"].map { event.property($0)?.stringValue }
        }
        #expect(values == ["商品", "say \"hi\"\\/", "😀", "\u{FFFD}x", "商品 ok", "\n\t"])
    }

    @Test("numbers: integers exact, negatives, exponents, big values")
    func numbers() {
        let line =
            #"{"time":1795311977890,"properties":{"i":-42,"e":1.5e3,"f":12.25,"big":9223372036854775807,"huge":92233720368547758070,"min":-9223372036854775808,"z":-0}}"#
        let result = withEvent(line) { event in
            (
                event.timeMilliseconds,
                event.property("i")?.int64Value, event.property("e")?.int64Value, event.property("e")?.doubleValue,
                event.property("f")?.doubleValue, event.property("big")?.int64Value, event.property("huge")?.int64Value,
                event.property("huge")?.doubleValue, event.property("min")?.int64Value, event.property("z")?.int64Value
            )
        }
        #expect(result?.0 == 1_795_311_977_890)
        #expect(result?.1 == -42)
        #expect(result?.2 == nil)
        #expect(result?.3 == 1500)
        #expect(result?.4 == 12.25)
        #expect(result?.5 == Int64.max)
        #expect(result?.6 == nil)
        #expect(result?.7 == 92_233_720_368_547_758_070.0)
        #expect(result?.8 == Int64.min)
        #expect(result?.9 == 0)
    }

    @Test("the fast double parse equals strtod, bit for bit, and leaves what it cannot do exactly to strtod")
    func doubles() {
        var texts = [
            "0", "-0", "0.0", "-0.0", "1", "59.9", "0.1", "0.3", "1.5e3", "1E-5", "-2.5e+2", "123456789012345",
            "1234567890123456", "0.000000000000000000001", "1e22", "1e23", "1e-22", "1e-23", "9007199254740993",
            "4.35", "0.0000001234", "100.000", "1e0", "5e-324", "1.7976931348623157e308", "12.250000000000000001",
        ]
        // Digit strings of many lengths, with the point and an exponent in many places.
        var x: UInt64 = 88_172_645_463_325_252
        for _ in 0..<20_000 {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17
            var digits = String(x % 10_000_000_000_000_000)
            digits = String(digits.prefix(Int(x >> 60) + 1))
            let point = Int((x >> 40) % UInt64(digits.count + 1))
            var text = point == digits.count ? digits : String(digits.prefix(point)) + "." + digits.dropFirst(point)
            if text.hasPrefix(".") { text = "0" + text }
            if (x >> 20) % 3 == 0 { text += "e\(Int((x >> 24) % 61) - 30)" }
            texts.append((x >> 10) % 2 == 0 ? text : "-" + text)
        }
        var fast = 0
        for text in texts {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBytes { raw in
                let expected = JSONDecoding.slowDouble(raw)
                #expect(JSONDecoding.double(raw).bitPattern == expected.bitPattern, "\(text)")
                if let quick = JSONDecoding.fastDouble(raw) {
                    fast += 1
                    #expect(quick.bitPattern == expected.bitPattern, "\(text)")
                }
            }
        }
        #expect(fast > texts.count / 2)
        #expect(
            ["1234567890123456", "1e23", "5e-324", "12.250000000000000001"].allSatisfy { text in
                Array(text.utf8).withUnsafeBytes { JSONDecoding.fastDouble($0) == nil }
            })
    }

    @Test("integers of every length from 1 to 25 digits, signed or not, parse as Swift's Int64 does")
    func integers() {
        var texts = [
            "0", "-0", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
            "-9223372036854775809", "999999999999999999", "-999999999999999999", "1000000000000000000",
            "1788246004566", "00012", "99999999999999999999",
        ]
        var x: UInt64 = 0x2545_F491_4F6C_DD1D
        for length in 1...25 {
            for _ in 0..<400 {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17
                var digits = ""
                var y = x
                for _ in 0..<length {
                    digits.append(Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(y % 10))))
                    y = y / 10 == 0 ? y &* 6_364_136_223_846_793_005 &+ 1 : y / 10
                }
                texts.append(x & 1 == 0 ? digits : "-" + digits)
            }
        }
        for text in texts {
            let parsed = Array(text.utf8).withUnsafeBytes { JSONDecoding.int64($0) }
            #expect(parsed == Int64(text), "\(text)")
        }
        // Not digits: no value, at any length.
        for text in ["1x", "12345678901234567890a", "1.5", "1e3", "--1"] {
            #expect(Array(text.utf8).withUnsafeBytes { JSONDecoding.int64($0) } == nil, "\(text)")
        }
        // Any byte other than a digit, at any place of 1-20 digits (eight at a time included):
        // the bytes next to '0' and '9', and ones whose low nibble is a digit's.
        for length in 1...20 {
            for place in 0..<length {
                for byte: UInt8 in [0x2F, 0x3A, 0x3F, 0x20, 0x40, 0x70, 0xB0, 0x00, 0x2E, 0x65] {
                    var bytes = Array(repeating: UInt8(ascii: "7"), count: length)
                    bytes[place] = byte
                    #expect(bytes.withUnsafeBytes { JSONDecoding.int64($0) } == nil, "\(bytes)")
                }
            }
        }
    }

    @Test("kinds, booleans, null, lists and nested objects")
    func kinds() {
        let line =
            #"{"type":"track","event":"E","properties":{"t":true,"f":false,"n":null,"l":["a","b\"c"],"o":{"x":[1,{"y":2}],"z":"deep"},"after":1}}"#
        let result = withEvent(line) { event -> [String] in
            var out: [String] = []
            out.append(event.property("t")?.boolValue == true ? "true" : "?")
            out.append(event.property("f")?.boolValue == false ? "false" : "?")
            out.append(event.property("n")?.kind.description ?? "?")
            out.append((event.property("l")?.elements.compactMap(\.stringValue) ?? []).joined(separator: "|"))
            out.append(event.property("o")?.member("z")?.stringValue ?? "?")
            out.append(String(event.property("o")?.member("x")?.elements.count ?? -1))
            out.append(String(event.property("after")?.int64Value ?? -1))
            out.append(event.isTrackType ? "track" : "other")
            return out
        }
        #expect(result == ["true", "false", "null", "a|b\"c", "deep", "2", "1", "track"])
    }

    @Test("a walk of an object's members goes on from any member, nested values skipped")
    func membersFrom() {
        let line =
            #"{"event":"E","properties":{"a":1,"l":["x",{"y":[2]}],"o":{"p":{"q":3}},"s":"t","n":null}}"#
        let result = withEvent(line) { event -> [[String]] in
            guard let properties = event.properties else { return [] }
            var keyIndexes: [Int] = []
            properties.forEachMember { key, _ in
                keyIndexes.append(key.index)
                return true
            }
            return keyIndexes.indices.map { first in
                var keys: [String] = []
                properties.forEachMember(fromKeyIndex: keyIndexes[first]) { key, value in
                    keys.append("\(key.stringValue ?? "?")=\(value.kind)")
                    return true
                }
                return keys
            }
        }
        let all = ["a=number", "l=array", "o=object", "s=string", "n=null"]
        #expect(result == (0..<5).map { Array(all[$0...]) })
    }

    @Test("envelope fields are found, the last of a repeated key wins, escaped keys match")
    func envelope() {
        let line =
            #"{"event":"A","event":"B","distinct_id":"u1","_track_id":7,"_flush_time":5,"original_id":"o","lib":{"$lib":"iOS"},"\u0074ime":123}"#
        let result = withEvent(line) { event in
            (
                event.event?.stringValue, event.distinctId?.stringValue, event.trackId?.int64Value,
                event.flushTime?.int64Value, event.originalId?.stringValue, event.lib?.member("$lib")?.stringValue,
                event.timeMilliseconds, event.properties == nil
            )
        }
        #expect(result?.0 == "B")
        #expect(result?.1 == "u1")
        #expect(result?.2 == 7)
        #expect(result?.3 == 5)
        #expect(result?.4 == "o")
        #expect(result?.5 == "iOS")
        #expect(result?.6 == 123)
        #expect(result?.7 == true)
    }

    @Test("containers of 65,535 members or more (the stored count saturates) are counted and walked whole")
    func hugeContainers() {
        for size in [65_534, 65_535, 65_536, 70_000] {
            let array = "[" + (0..<size).map { String($0) }.joined(separator: ",") + "]"
            let object = "{" + (0..<size).map { "\"k\($0)\":[\($0)]" }.joined(separator: ",") + "}"
            // The envelope's event comes after every property, and after the nested containers.
            let line =
                #"{"properties":{"a":\#(array),"o":\#(object),"last":"yes"},"#
                + (0..<size).map { "\"x\($0)\":\($0)" }.joined(separator: ",") + #","event":"E"}"#
            let result = withEvent(line) { event -> [Int] in
                let a = event.property("a")
                let o = event.property("o")
                var members = 0
                var lastValue: Int64 = -1
                o?.forEachMember { _, value in
                    members += 1
                    lastValue = value.elements.first(where: { _ in true })?.int64Value ?? -2
                    return true
                }
                return [
                    a?.count ?? -1, a?.elements.count ?? -1, a?.elements.reduce(0) { n, _ in n + 1 } ?? -1,
                    Int(a?.elements.map { $0.int64Value ?? 0 }.last ?? -1), o?.count ?? -1, members, Int(lastValue),
                    Int(o?.member("k\(size - 1)")?.elements.first(where: { _ in true })?.int64Value ?? -1),
                    event.properties?.count ?? -1, event.property("last")?.stringValue == "yes" ? 1 : 0,
                    event.event?.stringValue == "E" ? 1 : 0,
                ]
            }
            #expect(result == [size, size, size, size - 1, size, size, size - 1, size - 1, 3, 1, 1], "\(size)")
        }
    }

    @Test("a 9,000-character value is read whole, its length counted in characters")
    func longValue() {
        let value = String(repeating: "长", count: 9000)
        let result = withEvent(#"{"properties":{"v":"\#(value)"}}"#) { event in
            (event.property("v")?.stringLength, event.property("v")?.stringValue == value)
        }
        #expect(result?.0 == 9000)
        #expect(result?.1 == true)
    }
}
