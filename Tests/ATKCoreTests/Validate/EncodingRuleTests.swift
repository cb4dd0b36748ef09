import Foundation
import Testing

@testable import ATKCore

@Suite("json.invalid_utf8 and json.lone_surrogate")
struct EncodingRuleTests {
    /// A track line whose `properties` are `{"<key>":"<value>"}`, both given as bytes.
    private func line(value: [UInt8], key: [UInt8] = Array("p".utf8)) -> [UInt8] {
        Array("{\"_track_id\":1,\"time\":1788220000000,\"type\":\"track\",\"distinct_id\":\"u1\",".utf8)
            + Array("\"event\":\"ProductView\",\"properties\":{\"".utf8) + key + Array("\":\"".utf8) + value
            + Array("\"}}".utf8)
    }

    @Test("invalid UTF-8 in a value or a key is an error with its column; valid UTF-8 is not")
    func invalidUTF8() throws {
        let run = try validate(bytes: [
            line(value: Array("商品 é \u{1F600}".utf8)),
            line(value: [0x61, 0xED, 0xA0, 0x80]),
            line(value: [0xC0, 0xAF]),
            line(value: [0x61], key: [0x6B, 0xFF]),
            line(value: [0xE5, 0x95]),
        ])
        #expect(run.lines("json.invalid_utf8") == [2, 3, 4, 5])
        let examples = run.examples(.jsonInvalidUTF8)
        #expect(examples[0].message.hasSuffix("ED A0, a UTF-16 surrogate encoded in UTF-8"))
        #expect(examples[3].message.hasSuffix("E5 95, a sequence cut short"))
        // The column is where the bad bytes start in the line.
        let second = line(value: [0x61, 0xED, 0xA0, 0x80])
        let column = (second.firstIndex(of: 0xED) ?? 0) + 1
        #expect(examples[0].message.hasPrefix("invalid UTF-8 at column \(column):"))
        #expect(run.findings.registry[BuiltInRule.jsonInvalidUTF8.index].severity == .error)
    }

    @Test("lone surrogate escapes are errors; a pair, other escapes and an escaped backslash are not")
    func loneSurrogates() throws {
        let run = try validate(bytes: [
            line(value: Array("\\ud83d\\ude00 \\u00e9 \\n".utf8)),
            line(value: Array("\\ud800x".utf8)),
            line(value: Array("\\udc00".utf8)),
            line(value: Array("\\\\ud800".utf8)),
            line(value: Array("\\ud800".utf8)),
        ])
        #expect(run.lines("json.lone_surrogate") == [2, 3, 5])
        #expect(run.lines("json.invalid_utf8").isEmpty)
        let examples = run.examples(.jsonLoneSurrogate)
        #expect(examples[0].message.hasPrefix("\\ud800 at column "))
        #expect(examples[0].message.hasSuffix("is a high surrogate without a low one after it"))
        #expect(examples[1].message.hasSuffix("is a low surrogate without a high one before it"))
        #expect(examples[0].value == "\\ud800x")
    }

    @Test("such a line is still checked by every other rule, and is not malformed")
    func lineStillProcessed() throws {
        let run = try validate(bytes: [line(value: [0xFF], key: Array("bad key".utf8))])
        #expect(run.lines("json.invalid_utf8") == [1])
        #expect(run.lines("property.name") == [1])
        #expect(run.lines("json.malformed").isEmpty)
        #expect(run.result.events == 1 && run.result.malformedLines == 0)
    }
}
