import CZstd
import Foundation
import Testing

@testable import ATKCore

/// zstd inputs: detected by their magic bytes, every frame read, and gzip's damage rules.
@Suite("zstd input")
struct ZstdReaderTests {
    /// `count` lines with sequence numbers `first...`, each a track event of user `u<k>`.
    static func lines(_ count: Int, from first: Int = 0) -> [UInt8] {
        var text = ""
        for k in first..<first + count { text += #"{"event":"E","distinct_id":"u\#(k)","seq":\#(k)}"# + "\n" }
        return Array(text.utf8)
    }

    /// One zstd frame of `bytes`, with a content checksum when asked.
    static func frame(_ bytes: [UInt8], checksum: Bool = true) -> [UInt8] {
        guard let context = ZSTD_createCCtx() else { return [] }
        defer { ZSTD_freeCCtx(context) }
        ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, checksum ? 1 : 0)
        var out = [UInt8](repeating: 0, count: ZSTD_compressBound(bytes.count))
        let size = out.withUnsafeMutableBytes { dst in
            bytes.withUnsafeBytes { src in
                ZSTD_compress2(context, dst.baseAddress, dst.count, src.baseAddress, src.count)
            }
        }
        #expect(ZSTD_isError(size) == 0)
        return Array(out.prefix(size))
    }

    /// A skippable frame (magic 0x184D2A50) holding `count` bytes that are not data.
    static func skippable(_ count: Int) -> [UInt8] {
        [0x50, 0x2A, 0x4D, 0x18, UInt8(count & 0xFF), UInt8(count >> 8 & 0xFF), 0, 0]
            + [UInt8](repeating: 0xAB, count: count)
    }

    /// Every event's user, in order, is `u0`, `u1`, ...
    static func inOrder(_ visitor: RecordingVisitor) -> Bool {
        visitor.events.enumerated().allSatisfy { $0.element.distinctId == "u\($0.offset)" }
    }

    @Test("a zstd file is read whatever its name; frames, skippable frames and lines across frames")
    func frames() throws {
        let directory = try TemporaryDirectory()
        let text = Self.lines(3000)
        // The cut falls inside a line: the line continues in the next frame.
        let cut = text.count / 2 + 7
        let bytes =
            Self.skippable(16) + Self.frame(Array(text[..<cut])) + Self.skippable(3)
            + Self.frame(Array(text[cut...]), checksum: false)
        let path = try directory.write("rotated.log", bytes)
        for blockSize in [1 << 20, 4096] {
            let (visitor, reports) = read([.file(path)], blockSize: blockSize)
            #expect(visitor.events.count == 3000 && visitor.malformed.isEmpty)
            #expect(Self.inOrder(visitor))
            #expect(reports[0].isZstd && !reports[0].isGzip && reports[0].zstdFrames == 4)
            #expect(reports[0].error == nil)
            #expect(reports[0].inputBytes == Int64(bytes.count) && reports[0].bytes == Int64(text.count))
        }
    }

    @Test("zero padding after the last frame is accepted; other trailing bytes are reported at their offset")
    func trailingBytes() throws {
        let directory = try TemporaryDirectory()
        let frame = Self.frame(Self.lines(10))
        let padded = try directory.write("padded.zst", frame + [UInt8](repeating: 0, count: 4096))
        let garbage = try directory.write("garbage.zst", frame + Array("junk".utf8))
        let (visitor, reports) = read([.file(padded), .file(garbage)])
        #expect(visitor.events.count == 20)
        #expect(reports[0].error == nil)
        #expect(reports[1].error == .trailingZstdGarbage(path: garbage, offset: Int64(frame.count)))
        #expect(reports[1].error?.description.contains("after the last zstd frame at byte \(frame.count)") == true)
        // Padding longer than a read, then a byte: reported where that byte is.
        let late = try directory.write("late.zst", frame + [UInt8](repeating: 0, count: 300_000) + [0x78])
        #expect(
            read([.file(late)]).1[0].error == .trailingZstdGarbage(path: late, offset: Int64(frame.count + 300_000)))
    }

    @Test("a truncated zstd file keeps every line before the cut and reports the offset")
    func truncated() throws {
        let directory = try TemporaryDirectory()
        let full = Self.frame(Self.lines(20000))
        let cutAt = full.count * 2 / 3
        let path = try directory.write("cut.zst", Array(full[..<cutAt]))
        let (visitor, reports) = read([.file(path)])
        #expect(reports[0].error == .truncatedZstd(path: path, offset: Int64(cutAt)))
        #expect(visitor.events.count > 1000 && visitor.events.count < 20000)
        #expect(Self.inOrder(visitor))
        #expect(visitor.malformed.count <= 1)
    }

    @Test("corrupt data and a checksum that does not match are reported; later inputs are still read")
    func corrupt() throws {
        let directory = try TemporaryDirectory()
        var damaged = Self.frame(Self.lines(20000))
        let damageAt = damaged.count / 2
        for k in damageAt..<damageAt + 16 { damaged[k] ^= 0x5A }
        var checksum = Self.frame(Self.lines(50))
        checksum[checksum.count - 1] ^= 0xFF  // the last 4 bytes are the content checksum
        let paths = [
            try directory.write("damaged.zst", damaged), try directory.write("checksum.zst", checksum),
            try directory.write("good.jsonl", "{\"event\":\"B\"}\n"),
        ]
        let (visitor, reports) = read(paths.map { .file($0) })
        for (index, report) in reports.prefix(2).enumerated() {
            guard case .corruptZstd(let path, let offset, let message) = report.error else {
                Issue.record("expected a corrupt-zstd error, got \(String(describing: report.error))")
                continue
            }
            #expect(path == paths[index], "\(path)")
            // The decoder's position when it found the damage: never after the damaged bytes.
            #expect(offset >= 0 && offset <= [damageAt, checksum.count][index], "\(offset) of \(report.inputBytes)")
            #expect(!message.isEmpty)
        }
        #expect(reports[1].error?.description.contains("checksum") == true)
        #expect(visitor.events.last?.event == "B" && reports[2].error == nil)
    }

    @Test("directories take *.zst files")
    func directories() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("day.zst", Self.frame(Self.lines(5)))
        _ = try directory.write("notes.txt", "not a dump")
        let resolved = InputSource.resolve([directory.url.path])
        #expect(resolved.sources.count == 1)
        let (visitor, _) = read(resolved.sources)
        #expect(visitor.events.count == 5)
    }
}
