import Foundation
import Testing

@testable import ATKCore

/// Multi-member gzip read in segments by several reader threads (``GzipSegments``): the same
/// lines, errors, offsets, members and byte counts as the zlib reader reading every member on
/// one thread, whatever the number of readers.
@Suite("gzip segments: members inflated in parallel read as one stream")
struct GzipSegmentTests {
    /// `members` members of `perMember` lines each, every member ending at a line end (as
    /// `cat a.gz b.gz` and log shippers write them), at levels 6, 1, 0 (stored) and 9 in turn.
    static func lineMembers(_ members: Int, perMember: Int = 40) -> [UInt8] {
        let levels: [Int32] = [6, 1, 0, 9]
        return (0..<members).flatMap { m in
            InflaterRun.member(InflaterRun.text(perMember, from: m * perMember), level: levels[m % levels.count])
        }
    }

    /// The same text cut into members at byte counts that fall inside lines (as `bgzip` cuts).
    static func midLineMembers(_ members: Int, perMember: Int = 40) -> [UInt8] {
        let text = InflaterRun.text(members * perMember)
        let size = text.count / members + 17
        return stride(from: 0, to: text.count, by: size).flatMap { start in
            InflaterRun.member(Array(text[start..<min(text.count, start + size)]), level: 6)
        }
    }

    /// Reads each input with 1 and 3 segment readers (spans of at least `span` compressed bytes)
    /// and with zlib alone, and expects the same; returns the segments the 3-reader run used.
    @discardableResult
    func expectSame(
        _ inputs: [[UInt8]], span: Int64 = 512, blockSize: Int = 16 * 1024, maxLineLength: Int = 1 << 20,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
        let directory = try TemporaryDirectory()
        var used = 0
        for (index, input) in inputs.enumerated() {
            let path = try directory.write("\(index).gz", input)
            let zlib = InflaterRun([path], inflater: .zlib, blockSize: blockSize, maxLineLength: maxLineLength)
            for readers in [1, 3] {
                let run = InflaterRun(
                    [path], inflater: .isal, blockSize: blockSize, maxLineLength: maxLineLength, segmentText: 1,
                    minimumSpan: span, readers: readers)
                if !run.same(as: zlib) {
                    Issue.record(
                        "input \(index), \(readers) readers:\nsegments:\n\(run)\nzlib:\n\(zlib)",
                        sourceLocation: sourceLocation)
                    return used
                }
                if readers == 3 { used += run.segmentsUsed }
            }
        }
        return used
    }

    @Test("members that end at line ends are read in segments, with the text of one reader")
    func lineEndMembers() throws {
        let file = Self.lineMembers(60)
        let used = try expectSame([file, file + [0, 0, 0], file + Array("junk".utf8), Self.lineMembers(3)])
        // Not a vacuous comparison: the sound file was read in many segments.
        #expect(used >= 20)
        let directory = try TemporaryDirectory()
        let path = try directory.write("f.gz", file)
        let run = InflaterRun([path], inflater: .isal, segmentText: 1, minimumSpan: 512, readers: 3)
        let end = "nil read \(file.count) gzip true members 60 text \(run.textBytes)"
        #expect(run.lines.count == 2400 && run.ends == [end])
    }

    @Test("members that end inside lines: segments are passed over, the lines stay whole")
    func midLineMembers() throws {
        let file = Self.midLineMembers(60)
        try expectSame([file, Self.lineMembers(20) + file + Self.lineMembers(20)])
    }

    @Test("gzip headers inside stored members are no member starts")
    func falseCandidates() throws {
        // A stored member whose text holds a whole gzip member and stray header bytes: the
        // spans find candidates inside it that no reading lands on.
        let inner = InflaterRun.member(InflaterRun.text(5), level: 6)
        var text: [UInt8] = []
        for k in 0..<30 {
            text += InflaterRun.text(3, from: k * 3) + inner + [0x0A, 0x1F, 0x8B, 0x08, 0x00, 0x0A]
        }
        let trap = InflaterRun.member(text, level: 0)
        try expectSame([Self.lineMembers(10) + trap + Self.lineMembers(10), trap + trap + Self.lineMembers(30)])
    }

    @Test("cut and damaged at offsets throughout a file read in segments")
    func damaged() throws {
        let file = Self.lineMembers(24)
        var offsets: [Int] = []
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<40 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            offsets.append(1 + Int(seed >> 33) % (file.count - 1))
        }
        let cut = offsets.map { Array(file[..<$0]) }
        let flipped = offsets.map { offset in
            var damaged = file
            damaged[offset] ^= 0x5A
            return damaged
        }
        try expectSame(cut + flipped)
    }

    @Test("long lines across segments, skipped over the limit")
    func longLines() throws {
        let long = Array(repeating: UInt8(ascii: "x"), count: 3000) + [0x0A]
        let file = (0..<30).flatMap { m in
            InflaterRun.member(InflaterRun.text(10, from: m * 10) + (m % 3 == 0 ? long : []), level: 6)
        }
        try expectSame([file], blockSize: 4096, maxLineLength: 1000)
    }
}
