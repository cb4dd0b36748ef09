import ATKSchema
import Testing

@Suite struct JSONStringEscapesTests {
    private func unescaped(_ body: String) -> String {
        Array(body.utf8).withUnsafeBytes { String(decoding: JSONStringEscapes.unescape($0), as: UTF8.self) }
    }

    @Test func decodesEveryEscape() {
        #expect(unescaped(#"a\"b\\c\/d\be\ff\ng\rh\ti"#) == "a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti")
        #expect(unescaped(#"caf\u00e9 \u00E9"#) == "café é")
        #expect(unescaped("plain é") == "plain é")
    }

    @Test func joinsSurrogatePairsAndReplacesLoneOnes() {
        #expect(unescaped(#"\uD83D\uDE00"#) == "😀")
        #expect(unescaped(#"\uD83Dx"#) == "\u{FFFD}x")
        #expect(unescaped(#"\uDE00"#) == "\u{FFFD}")
        #expect(unescaped(#"\uD83D\u0041"#) == "\u{FFFD}A")
    }

    @Test func hexDigits() {
        #expect(JSONStringEscapes.hexDigit(UInt8(ascii: "7")) == 7)
        #expect(JSONStringEscapes.hexDigit(UInt8(ascii: "b")) == 11)
        #expect(JSONStringEscapes.hexDigit(UInt8(ascii: "F")) == 15)
        #expect(JSONStringEscapes.hexDigit(UInt8(ascii: "g")) == nil)
    }

    /// The parse error of `text`, or nil when it parses.
    private func parseError(_ text: String) -> JSONParseError? {
        do {
            _ = try JSONValue.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func theParserChecksEscapesBeforeDecoding() throws {
        #expect(try JSONValue.parse(#"["\u00e9\uD83D\uDE00\n"]"#) == .array([.string("é😀\n")]))
        #expect(parseError(#"["\x"]"#).map { "\($0)" } == "invalid JSON at byte 4: invalid escape")
        #expect(parseError(#"["\u0g00"]"#).map { "\($0)" } == "invalid JSON at byte 5: invalid \\u escape")
        #expect(parseError("[\"\n\"]").map { "\($0)" } == "invalid JSON at byte 2: control character in string")
        #expect(parseError(#"["\"#).map { "\($0)" } == "invalid JSON at byte 3: unterminated escape")
    }
}
