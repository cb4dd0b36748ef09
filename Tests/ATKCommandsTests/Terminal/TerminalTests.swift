import ATKCore
import Testing

@testable import ATKCommands

@Suite("Terminal formatting")
struct TerminalFormattingTests {
    @Test("timestamps at the ends of 64 bits are formatted, not trapped on")
    func extremeTimestamps() {
        #expect(Terminal.timestamp(0) == "1970-01-01 00:00:00.000 UTC")
        #expect(Terminal.timestamp(-1) == "1969-12-31 23:59:59.999 UTC")
        #expect(Terminal.timestamp(Int64.min).hasSuffix(".192 UTC"))
        #expect(Terminal.timestamp(Int64.max).hasSuffix(".807 UTC"))
    }

    @Test("the file table appears only for several inputs or an unreadable one")
    func fileTable() {
        let one = [FileReport(source: .file("a.jsonl"))]
        #expect(Terminal.fileTable(one) == "")
        var broken = FileReport(source: .file("b.jsonl"))
        broken.error = .truncatedGzip(path: "b.jsonl", offset: 10)
        let table = Terminal.fileTable(one + [broken])
        #expect(table.hasPrefix("\nfile"))
        #expect(table.contains("a.jsonl") && table.contains("ok"))
        #expect(table.contains("b.jsonl") && table.hasSuffix("error\n"))
    }
}
