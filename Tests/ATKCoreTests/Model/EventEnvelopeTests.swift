import Testing

@testable import ATKCore

/// `Event` finds the envelope's keys by comparing words of their bytes: every key is found, and
/// a key one byte off, one byte longer or shorter, is not.
@Suite("Event: the envelope's keys")
struct EventEnvelopeTests {
    /// Each envelope key with the accessor that finds it.
    static let keys: [(String, @Sendable (Event) -> JSONNode?)] = [
        ("type", { $0.type }), ("time", { $0.time }), ("lib", { $0.lib }), ("event", { $0.event }),
        ("_track_id", { $0.trackId }), ("properties", { $0.properties }), ("distinct_id", { $0.distinctId }),
        ("_flush_time", { $0.flushTime }), ("original_id", { $0.originalId }),
    ]

    /// The envelope keys an event has, by name, from `line`.
    private func found(_ line: String) -> [String] {
        withEvent(line) { event in Self.keys.filter { $0.1(event) != nil }.map(\.0) } ?? ["(no event)"]
    }

    @Test("every envelope key is found, and only it")
    func everyKey() {
        for (key, _) in Self.keys {
            #expect(found("{\"\(key)\":1}") == [key], "\(key)")
        }
        #expect(found("{" + Self.keys.map { "\"\($0.0)\":1" }.joined(separator: ",") + "}") == Self.keys.map(\.0))
    }

    @Test("a key one byte off, or one byte longer or shorter, is not an envelope key")
    func nearMisses() {
        for (key, _) in Self.keys {
            let bytes = Array(key.utf8)
            for position in bytes.indices {
                var changed = bytes
                changed[position] = bytes[position] == UInt8(ascii: "#") ? UInt8(ascii: "%") : UInt8(ascii: "#")
                let text = String(decoding: changed, as: UTF8.self)
                #expect(found("{\"\(text)\":1}") == [], "\(text)")
                // The same change in the other case (an ASCII letter's 0x20 bit).
                var cased = bytes
                cased[position] ^= 0x20
                let casedText = String(decoding: cased, as: UTF8.self)
                #expect(found("{\"\(casedText)\":1}") == [], "\(casedText)")
            }
            #expect(found("{\"\(key)s\":1}") == [], "\(key)s")
            #expect(found("{\"\(key.dropLast())\":1}") == [], "\(key.dropLast())")
            #expect(found("{\"_\(key)\":1}") == [], "_\(key)")
        }
    }

    @Test("a key written with escapes is found by its decoded value; the last of a repeated key wins")
    func escapedAndRepeated() {
        #expect(found("{\"dist\\u0069nct_id\":\"u\"}") == ["distinct_id"])
        #expect(found("{\"\\u0074ype\":\"track\",\"ev\\u0065nt\":\"e\"}") == ["type", "event"])
        #expect(withEvent("{\"event\":\"a\",\"event\":\"b\"}") { $0.event?.stringValue } == "b")
        #expect(withEvent("{\"time\":1,\"properties\":{\"time\":2},\"x\":[{\"time\":3}]}") { $0.time?.int64Value } == 1)
    }
}
