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

@Suite("Sizes on the command line")
struct ByteSizeTests {
    @Test("units are binary; out of range or malformed is refused")
    func parsing() {
        #expect(ByteSize(argument: "65536")?.bytes == 65536)
        #expect(ByteSize(argument: "512K")?.bytes == 512 << 10)
        #expect(ByteSize(argument: "64MiB")?.bytes == 64 << 20)
        #expect(ByteSize(argument: "1g")?.bytes == 1 << 30)
        for bad in ["0", "-1", "2G", "1.5M", "M", "", "9999999999999999999999", "1T"] {
            #expect(ByteSize(argument: bad) == nil, "\(bad)")
        }
        #expect(ByteSize(16 << 20).description == "16M")
    }
}

@Suite("Terminal formatting")
struct TerminalFormattingTests {
    @Test("timestamps at the ends of 64 bits are formatted, not trapped on")
    func extremeTimestamps() {
        #expect(Terminal.timestamp(0) == "1970-01-01 00:00:00.000 UTC")
        #expect(Terminal.timestamp(-1) == "1969-12-31 23:59:59.999 UTC")
        #expect(Terminal.timestamp(Int64.min).hasSuffix(".192 UTC"))
        #expect(Terminal.timestamp(Int64.max).hasSuffix(".807 UTC"))
    }
}
