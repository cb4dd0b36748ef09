import Foundation
import Testing

@testable import ATKCore

@Suite("Dump reader")
struct DumpReaderTests {
    let line1 = #"{"type":"track","event":"A","distinct_id":"u1","time":1795311977890,"properties":{}}"#
    let line2 = #"{"type":"track","event":"B","distinct_id":"u2","time":1795311977891,"properties":{"k":"v"}}"#

    @Test("CRLF line ends, a BOM, blank lines and a last line without a line end")
    func lineEnds() throws {
        let directory = try TemporaryDirectory()
        let text = "\u{FEFF}" + line1 + "\r\n\r\n   \n\t\r\n" + line2
        let path = try directory.write("crlf.jsonl", text)
        let (visitor, reports) = read([.file(path)])
        #expect(visitor.events.map(\.event) == ["A", "B"])
        #expect(visitor.events.map(\.line) == [1, 5])
        #expect(visitor.malformed.isEmpty)
        #expect(reports[0].lines == 2)
        #expect(reports[0].bytes == Int64(text.utf8.count))
    }

    @Test("a BOM is only removed at the start of an input")
    func bomInTheMiddle() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("bom.jsonl", line1 + "\n\u{FEFF}" + line2 + "\n")
        let (visitor, reports) = read([.file(path)])
        #expect(visitor.events.map(\.line) == [1])
        #expect(visitor.malformed.map(\.line) == [2])
        #expect(reports[0].malformedLines == 1)
    }

    @Test("an empty input and an input of blank lines hold no lines")
    func emptyInputs() throws {
        let directory = try TemporaryDirectory()
        let empty = try directory.write("empty.jsonl", "")
        let blank = try directory.write("blank.jsonl", "\n\n \r\n")
        let (visitor, reports) = read([.file(empty), .file(blank)])
        #expect(visitor.events.isEmpty && visitor.malformed.isEmpty)
        #expect(reports.map(\.lines) == [0, 0])
        #expect(reports.allSatisfy { $0.error == nil })
    }

    @Test("malformed lines are counted with their line numbers and reading goes on")
    func malformed() throws {
        let directory = try TemporaryDirectory()
        let cut = String(line2.prefix(40))
        let path = try directory.write(
            "bad.jsonl", [line1, cut, "[1,2]", "not json", "\"str\"", line2].joined(separator: "\n"))
        let (visitor, reports) = read([.file(path)])
        #expect(visitor.events.map(\.line) == [1, 6])
        #expect(visitor.malformed.map(\.line) == [2, 3, 4, 5])
        #expect(visitor.malformed[1].reason == .notAnObject(.array))
        #expect(visitor.malformed[3].reason == .notAnObject(.string))
        if case .syntax(let error) = visitor.malformed[0].reason {
            #expect(error.reason == .unexpectedEnd)
        } else {
            Issue.record("a cut line must be a syntax error")
        }
        #expect(reports[0].lines == 6 && reports[0].malformedLines == 4)
    }

    @Test("lines longer than a block, and many lines across small blocks, keep their numbers")
    func blockBoundaries() throws {
        let directory = try TemporaryDirectory()
        let long = #"{"event":"L","properties":{"v":""# + String(repeating: "x", count: 300_000) + #""}}"#
        var lines: [String] = []
        for k in 0..<2000 { lines.append(k == 700 ? long : #"{"event":"E\#(k)"}"#) }
        let text = lines.joined(separator: "\n") + "\n"
        let path = try directory.write("blocks.jsonl", text)
        let gz = try directory.write("blocks.jsonl.gz", gzip(Array(text.utf8), in: directory, name: "tmp.gz"))
        for source in [path, gz] {
            let (visitor, reports) = read([.file(source)], blockSize: 4096)
            #expect(visitor.events.count == 2000)
            #expect(visitor.malformed.isEmpty)
            #expect(visitor.events[700].event == "L")
            #expect(visitor.events.enumerated().allSatisfy { $0.element.line == $0.offset + 1 })
            #expect(reports[0].bytes == Int64(text.utf8.count))
        }
    }

    @Test("gzip is detected by content, whatever the name; multi-member gzip is read to the end")
    func gzipMembers() throws {
        let directory = try TemporaryDirectory()
        let a = try gzip(Array((line1 + "\n").utf8), in: directory, name: "a.gz")
        let b = try gzip(Array((line2 + "\n").utf8), in: directory, name: "b.gz")
        let path = try directory.write("rotated.log", a + b + a)
        let (visitor, reports) = read([.file(path)])
        #expect(visitor.events.map(\.event) == ["A", "B", "A"])
        #expect(reports[0].isGzip && reports[0].gzipMembers == 3)
        #expect(reports[0].error == nil)
        #expect(reports[0].inputBytes == Int64(a.count * 2 + b.count))
    }

    @Test("zero padding after the last member is accepted; other trailing bytes are reported")
    func trailingBytes() throws {
        let directory = try TemporaryDirectory()
        let a = try gzip(Array((line1 + "\n").utf8), in: directory, name: "a.gz")
        let padded = try directory.write("padded.gz", a + [UInt8](repeating: 0, count: 1024))
        let garbage = try directory.write("garbage.gz", a + Array("junk".utf8))
        let (visitor, reports) = read([.file(padded), .file(garbage)])
        #expect(visitor.events.count == 2)
        #expect(reports[0].error == nil)
        #expect(reports[1].error == .trailingGarbage(path: garbage, offset: Int64(a.count)))
        // Padding longer than a read, then a byte: reported where that byte is.
        let late = try directory.write("late.gz", a + [UInt8](repeating: 0, count: 300_000) + [0x78])
        #expect(read([.file(late)]).1[0].error == .trailingGarbage(path: late, offset: Int64(a.count + 300_000)))
    }

    @Test("a truncated gzip keeps every line before the damage and reports the offset")
    func truncatedGzip() throws {
        let directory = try TemporaryDirectory()
        var text = ""
        for k in 0..<5000 { text += #"{"event":"E","distinct_id":"u\#(k)","seq":\#(k)}"# + "\n" }
        let full = try gzip(Array(text.utf8), in: directory, name: "full.gz")
        let cutAt = full.count * 2 / 3
        let path = try directory.write("cut.gz", Array(full[..<cutAt]))
        let (visitor, reports) = read([.file(path)])
        #expect(reports[0].error == .truncatedGzip(path: path, offset: Int64(cutAt)))
        #expect(visitor.events.count > 1000 && visitor.events.count < 5000)
        #expect(visitor.events.enumerated().allSatisfy { $0.element.distinctId == "u\($0.offset)" })
        // Only the last, cut-off line may be malformed.
        #expect(visitor.malformed.count <= 1)
        #expect(reports[0].lines == visitor.events.count + visitor.malformed.count)
    }

    @Test("corrupt gzip data is reported with its offset; later inputs are still read")
    func corruptGzip() throws {
        let directory = try TemporaryDirectory()
        var bytes = try gzip(Array(String(repeating: line1 + "\n", count: 200).utf8), in: directory, name: "c.gz")
        for k in 20..<40 { bytes[k] ^= 0xFF }
        let corrupt = try directory.write("corrupt.gz", bytes)
        let good = try directory.write("good.jsonl", line2 + "\n")
        let (visitor, reports) = read([.file(corrupt), .file(good)])
        guard case .corruptGzip(let path, let offset, _) = reports[0].error else {
            Issue.record("expected a corrupt-gzip error, got \(String(describing: reports[0].error))")
            return
        }
        #expect(path == corrupt && offset >= 10 && offset <= Int64(bytes.count))
        #expect(visitor.events.last?.event == "B")
        #expect(reports[1].error == nil && reports[1].lines == 1)
    }

    @Test("a missing file is an error that does not stop the other inputs")
    func missingFile() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("good.jsonl", line1)
        let missing = directory.path("nope.jsonl")
        let (visitor, reports) = read([.file(missing), .file(good)])
        #expect(reports[0].error == .cannotOpen(path: missing, errno: ENOENT))
        #expect(visitor.events.count == 1)
        #expect(visitor.fileIndexes == [1])
    }

    @Test("directories expand to their dump files, sorted by name")
    func directories() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("b.jsonl", line2)
        _ = try directory.write("a.json", line1)
        _ = try directory.write("c.gz", try gzip(Array(line1.utf8), in: directory, name: "tmp.bin"))
        _ = try directory.write("notes.txt", "ignored")
        let resolved = InputSource.resolve([directory.url.path, "-"])
        let (sources, errors) = (resolved.sources, resolved.errors)
        #expect(errors.isEmpty)
        #expect(
            sources == [
                .file(directory.path("a.json")), .file(directory.path("b.jsonl")), .file(directory.path("c.gz")),
                .standardInput,
            ])
        let emptyDirectory = try TemporaryDirectory()
        #expect(
            InputSource.resolve([emptyDirectory.url.path]).errors == [.emptyDirectory(path: emptyDirectory.url.path)])
    }
}
