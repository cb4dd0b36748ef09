import ATKGenerate
import Foundation
import Testing

@testable import ATKCore

@Suite("Line length limit: long lines are malformed and never buffered")
struct LineLimitTests {
    /// Reads `bytes` (plain or gzip) with a limit and a block size; returns every event's line
    /// and every too-long line's number and length.
    func read(_ bytes: [UInt8], limit: Int, blockSize: Int, gzip compress: Bool) throws
        -> (events: [Int], tooLong: [Int: Int64], otherMalformed: [Int], textBytes: Int64)
    {
        let directory = try TemporaryDirectory()
        let content = compress ? try gzip(bytes, in: directory, name: "tmp.gz") : bytes
        let path = try directory.write(compress ? "in.gz" : "in.jsonl", content)
        struct Capture: DumpVisitor {
            var events: [Int] = []
            var tooLong: [Int: Int64] = [:]
            var other: [Int] = []
            mutating func visit(_ event: Event) { events.append(event.location.line) }
            mutating func visitMalformed(_ line: MalformedLine) {
                if case .tooLong(let length, _) = line.reason {
                    tooLong[line.location.line] = length
                } else {
                    other.append(line.location.line)
                }
            }
        }
        var capture = Capture()
        let reports = DumpReader(sources: [.file(path)], maxLineLength: limit, blockSize: blockSize).read(
            into: &capture)
        return (capture.events, capture.tooLong, capture.other, reports[0].bytes)
    }

    /// What every reader must find: lines split at LF, a CR before it not counted.
    func expected(_ lines: [[UInt8]], limit: Int) -> (events: [Int], tooLong: [Int: Int64]) {
        var events: [Int] = []
        var tooLong: [Int: Int64] = [:]
        for (index, line) in lines.enumerated() {
            var length = line.count
            if line.last == 0x0D { length -= 1 }
            if length > limit {
                tooLong[index + 1] = Int64(length)
            } else if length > 0 {
                events.append(index + 1)
            }
        }
        return (events, tooLong)
    }

    @Test("random lines around the limit, any block size, plain and gzip, give the same answer")
    func randomLines() throws {
        var generator = SplitMix64(seed: 11)
        for round in 0..<6 {
            let limit = [40, 100, 300][round % 3]
            var lines: [[UInt8]] = []
            for _ in 0..<200 {
                let padding = Int(generator.next() % UInt64(limit * 3))
                var line =
                    Array(#"{"event":"A","p":""#.utf8) + Array(repeating: 0x78, count: padding) + Array(#""}"#.utf8)
                if generator.next() % 5 == 0 { line.append(0x0D) }
                if generator.next() % 9 == 0 { line = [] }
                lines.append(line)
            }
            var bytes = lines.joined(separator: [0x0A]).map { $0 }
            if round % 2 == 0 { bytes.append(0x0A) }
            let truth = expected(lines, limit: limit)
            for blockSize in [64, 256, 4096] {
                for compress in [false, true] {
                    let got = try read(bytes, limit: limit, blockSize: blockSize, gzip: compress)
                    #expect(got.events == truth.events, "limit \(limit) block \(blockSize) gzip \(compress)")
                    #expect(got.tooLong == truth.tooLong, "limit \(limit) block \(blockSize) gzip \(compress)")
                    #expect(got.otherMalformed.isEmpty)
                    // The text's size counts the skipped lines too, whatever the block size.
                    #expect(got.textBytes == Int64(bytes.count), "limit \(limit) block \(blockSize) gzip \(compress)")
                }
            }
        }
    }

    @Test("a line of exactly the limit is read; one byte more is too long")
    func boundary() throws {
        let event = Array(#"{"event":"A"}"#.utf8)
        let bytes = event + [0x0A] + event + [0x20, 0x0A] + event + [0x0D, 0x0A]
        let got = try read(bytes, limit: event.count, blockSize: 1 << 20, gzip: false)
        #expect(got.events == [1, 3])
        #expect(got.tooLong == [2: Int64(event.count + 1)])
    }

    @Test("an endless line (a long run of zero bytes) is one too-long line, kept in bounded blocks")
    func endless() throws {
        let bytes =
            Array(#"{"event":"A"}"#.utf8) + [0x0A] + [UInt8](repeating: 0, count: 5_000_000) + [0x0A]
            + Array(#"{"event":"B"}"#.utf8)
        let got = try read(bytes, limit: 1000, blockSize: 4096, gzip: true)
        #expect(got.events == [1, 3])
        #expect(got.tooLong == [2: 5_000_000])
    }
}
