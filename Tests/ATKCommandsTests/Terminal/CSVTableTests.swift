import Testing

@testable import ATKCommands

@Suite("CSV tables")
struct CSVTableTests {
    @Test("fields are quoted only when they need it (RFC 4180)")
    func quoting() {
        #expect(CSVTable.field("plain") == "plain")
        #expect(CSVTable.field("a,b") == "\"a,b\"")
        #expect(CSVTable.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVTable.field("two\nlines") == "\"two\nlines\"")
    }

    @Test(
        "formula triggers get a quote in front (OWASP); numbers stay numbers",
        arguments: [
            ("=1+1", "'=1+1"), ("+cmd", "'+cmd"), ("-2+3", "'-2+3"), ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "'\tx"),
            ("\rx", "\"'\rx\""), ("=a,b", "\"'=a,b\""), ("-", "'-"), ("-3", "-3"), ("+4.5", "+4.5"), ("-1e-3", "-1e-3"),
            ("-.5", "-.5"), ("-1e", "'-1e"), ("a=b", "a=b"), ("", ""),
        ])
    func neutralising(_ value: String, _ expected: String) {
        #expect(CSVTable.field(value) == expected)
    }
}
