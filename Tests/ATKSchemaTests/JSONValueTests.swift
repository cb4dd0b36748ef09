import ATKSchema
import Testing

@Suite struct JSONValueTests {
    @Test func numbersKeepExactness() throws {
        let value = try JSONValue.parse(#"[1, 1.0, 1e2, 1.5, true, -0, 9223372036854775807, 9223372036854775808]"#)
        let items = try #require(value.arrayValue)
        #expect(items[0].int64Value == 1)
        #expect(items[1].int64Value == 1)
        #expect(items[2].int64Value == 100)
        #expect(items[3].int64Value == nil)
        #expect(items[3].doubleValue == 1.5)
        #expect(items[4].kind == .bool)
        #expect(items[5].int64Value == 0)
        #expect(items[6].int64Value == Int64.max)
        #expect(items[7].int64Value == nil)
        #expect(items[0] == items[1])
        #expect(items[0] != items[4])
    }

    @Test func stringsAreUnescaped() throws {
        let value = try JSONValue.parse(#""a\"b\\c\/d\n\u00e9\ud83d\ude00""#)
        #expect(value.stringValue == "a\"b\\c/d\né😀")
    }

    @Test func objectsKeepOrderAndLastDuplicateWins() throws {
        let value = try JSONValue.parse(#"{"b": 1, "a": 2, "b": 3}"#)
        let members = try #require(value.objectValue)
        #expect(members.map(\.key) == ["b", "a"])
        #expect(value["b"] == .integer(3))
    }

    @Test func objectEqualityIgnoresOrder() throws {
        #expect(try JSONValue.parse(#"{"a": 1, "b": [1, 2]}"#) == JSONValue.parse(#"{"b": [1.0, 2], "a": 1}"#))
        #expect(try JSONValue.parse("[1, 2]") != JSONValue.parse("[2, 1]"))
    }

    @Test(arguments: ["", "[1,]", "{\"a\" 1}", "01", "1.", "\"\\x\"", "[1] 2", "tru", "\"a\u{01}\""])
    func rejectsInvalidJSON(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
    }

    @Test func memberLookupUsesUTF8Keys() throws {
        let value = try JSONValue.parse(#"{"é": 1}"#)
        let found = Array("é".utf8).withUnsafeBytes { value.member($0) }
        #expect(found == .integer(1))
    }

    @Test func kindNamesForMessages() throws {
        let kinds = try #require(try JSONValue.parse(#"[{}, [], "s", 1, true, null]"#).arrayValue).map(\.kind)
        #expect(kinds.map(\.description) == ["object", "array", "string", "number", "boolean", "null"])
        #expect(kinds.map(\.withArticle) == ["an object", "an array", "a string", "a number", "a boolean", "a null"])
    }
}
