import ATKCore
import Testing

@Suite("JSON output: members in the order given, stable numbers, escaped strings")
struct JSONOutputTests {
    @Test("compact: members keep their order, no spaces")
    func compact() {
        let value = JSONOutput.object([
            ("b", .int(1)), ("a", .array([.string("x"), .null, .bool(true), .bool(false)])),
        ])
        #expect(value.serialized() == #"{"b":1,"a":["x",null,true,false]}"#)
        #expect(JSONOutput.object([]).serialized() == "{}")
        #expect(JSONOutput.array([]).serialized(indent: 2) == "[]")
    }

    @Test("indented: containers open a line per member, rows of scalars stay on one line")
    func indented() {
        let value = JSONOutput.object([
            ("name", .string("n")),
            ("rows", .array([.object([("k", .int(1)), ("v", .double(2))])])),
            ("ids", .array([.int(1), .int(2)])),
        ])
        let expected = """
            {
              "name": "n",
              "rows": [
                {"k": 1, "v": 2.0}
              ],
              "ids": [1, 2]
            }
            """
        #expect(value.serialized(indent: 2) == expected)
        // An empty container is not a scalar: its object is written across lines. `level` indents
        // a value written inside another one.
        let nested = JSONOutput.array([.object([("a", .array([]))])])
        #expect(nested.serialized(indent: 2, level: 1) == "[\n    {\n      \"a\": []\n    }\n  ]")
    }

    @Test("numbers: whole doubles keep .0, huge ones and non-finite ones are written as Swift and null")
    func numbers() {
        #expect(JSONOutput.double(1.5).serialized() == "1.5")
        #expect(JSONOutput.double(3).serialized() == "3.0")
        #expect(JSONOutput.double(-0.25).serialized() == "-0.25")
        #expect(JSONOutput.double(1e20).serialized() == "1e+20")
        #expect(JSONOutput.double(.nan).serialized() == "null")
        #expect(JSONOutput.double(.infinity).serialized() == "null")
        #expect(JSONOutput.int(Int64.min).serialized() == "-9223372036854775808")
        #expect(JSONOutput.int(nil as Int64?).serialized() == "null")
        #expect(JSONOutput.string(nil as String?).serialized() == "null")
    }

    @Test("strings: quote, backslash and control characters escaped; other text as is")
    func strings() {
        let text = "q\"b\\n\nr\rt\tc\u{1}\u{1F}é😀/"
        #expect(JSONOutput.string(text).serialized() == #""q\"b\\n\nr\rt\tc\u0001\u001fé😀/""#)
        var out = "x="
        JSONOutput.writeString("a\"", to: &out)
        #expect(out == #"x="a\"""#)
        #expect(JSONOutput.object([("k\n", .int(0))]).serialized() == #"{"k\n":0}"#)
    }

    @Test("appending adds a member at the end of an object only; equality compares the text")
    func appendingAndEquality() {
        #expect(JSONOutput.object([("a", .int(1))]).appending(("b", .null)).serialized() == #"{"a":1,"b":null}"#)
        #expect(JSONOutput.int(1).appending(("b", .null)) == .int(1))
        #expect(JSONOutput.int(1) != .double(1))
        #expect(JSONOutput.object([("a", .int(1)), ("b", .int(2))]) != .object([("b", .int(2)), ("a", .int(1))]))
    }
}
