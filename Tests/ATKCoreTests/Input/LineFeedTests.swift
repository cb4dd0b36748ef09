import Foundation
import Testing

@testable import ATKCore

@Suite("Lines fed from memory")
struct LineFeedTests {
    let line1 = #"{"type":"track","event":"A","distinct_id":"u1","time":1795311977890,"properties":{}}"#
    let line2 = #"{"type":"track","event":"B","distinct_id":"u2","time":1795311977891,"properties":{"k":"v"}}"#

    @Test("the same events, malformed lines, line numbers and counts as the reader on the same text")
    func sameAsReader() throws {
        let text =
            "\u{FEFF}" + line1 + "\r\n\r\n   \n" + String(line2.prefix(30)) + "\n[1]\n\u{FEFF}" + line1 + "\n" + line2
        let directory = try TemporaryDirectory()
        let path = try directory.write("dump.jsonl", text)
        let (viaReader, reports) = read([.file(path)])
        var fed = RecordingVisitor()
        let report = LineFeed.feed(Array(text.utf8), as: .file("memory"), fileIndex: 2, into: &fed)
        #expect(fed.events == viaReader.events)
        #expect(fed.malformed.map(\.line) == viaReader.malformed.map(\.line) && fed.malformed.map(\.line) == [4, 5, 6])
        #expect(fed.fileIndexes == [2, 2])
        #expect(report.lines == reports[0].lines && report.malformedLines == reports[0].malformedLines)
        #expect(report.bytes == Int64(text.utf8.count) && report.source == .file("memory"))
    }

    @Test("nothing, blank lines, and a line without a line end")
    func edges() {
        var visitor = RecordingVisitor()
        #expect(LineFeed.feed([UInt8](), into: &visitor).lines == 0)
        #expect(LineFeed.feed(Array("\n \r\n\t".utf8), into: &visitor).lines == 0)
        let report = LineFeed.feed(Array(line1.utf8), into: &visitor)
        #expect(report.lines == 1 && visitor.events.map(\.line) == [1])
    }
}
