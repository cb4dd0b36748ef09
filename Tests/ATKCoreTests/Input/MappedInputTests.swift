import CScan
import Foundation
import Testing

@testable import ATKCore

#if canImport(Glibc)
    import Glibc
#endif

/// Plain regular files are read from mapped windows (``MappedInput``), not copied with read(2).
@Suite("Mapped plain files", .serialized)
struct MappedInputTests {
    static func lines(_ count: Int, from first: Int = 0) -> String {
        (first..<first + count).map { #"{"event":"E\#($0)","distinct_id":"u\#($0 % 7)"}"# + "\n" }.joined()
    }

    /// Opens `path` as the reader does: the first bytes read to recognise its format, then the
    /// cursor; `receive` hands out its blocks.
    static func open(_ path: String, blockSize: Int, maxLineLength: Int = 1 << 20, blocks: Int = 4)
        -> (channel: BlockChannel, fd: Int32)?
    {
        let fd = Glibc.open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        var head = [UInt8](repeating: 0, count: 6)
        let first = Glibc.read(fd, &head, 6)
        let channel = BlockChannel(blocks: blocks, blockSize: blockSize, inputs: 1)
        guard case .input(0) = channel.nextWork() else { return nil }
        let block = channel.takeEmpty(for: 0)
        block.reset(fileIndex: 0, startsFile: true)
        guard first > 0,
            let mapped = MappedInput(
                source: .file(path), fd: fd, origin: 0, firstBlock: block, maxLineLength: maxLineLength)
        else { return nil }
        channel.handOver(mapped, for: 0)
        channel.finish()
        return (channel, fd)
    }

    @Test("a plain file's blocks borrow mapped windows, end at line ends, and let go of them when recycled")
    func blocksAreMapped() throws {
        let directory = try TemporaryDirectory()
        let text = Self.lines(5000)
        let path = try directory.write("plain.jsonl", text)
        let (channel, _) = try #require(Self.open(path, blockSize: 16 * 1024))
        var bytes: [UInt8] = []
        var blocks = 0
        var end: LineBlock.End?
        while let block = channel.receive() {
            if block.count > 0 {
                #expect(block.window >= 0)
                #expect(block.storage.load(fromByteOffset: block.count - 1, as: UInt8.self) == 0x0A)
                #expect(block.count <= 16 * 1024)
                blocks += 1
            }
            bytes += UnsafeRawBufferPointer(start: block.storage, count: block.count)
            end = block.end ?? end
            channel.recycle(block)
            #expect(block.window == -1)
        }
        #expect(blocks > 10)
        #expect(bytes == Array(text.utf8))
        #expect(end?.error == nil && end?.inputBytes == Int64(text.utf8.count))
        var reports = [FileReport(source: .file(path))]
        channel.markLostInputs(in: &reports)
        #expect(reports[0].error == nil)
    }

    /// How many mappings of `path` this process has (`/proc/self/maps`, read to its end: its
    /// size reads as 0, so a read by size would see none of it).
    static func mappings(of path: String) throws -> Int {
        let fd = Glibc.open("/proc/self/maps", O_RDONLY)
        guard fd >= 0 else { throw POSIXError(.ENOENT) }
        defer { Glibc.close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = Glibc.read(fd, &chunk, chunk.count)
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            .filter { $0.hasSuffix(" " + real) || $0.hasSuffix(" " + path) }.count
    }

    @Test("a window spans several blocks and is unmapped when its last block is recycled")
    func windowsAreShared() throws {
        let directory = try TemporaryDirectory()
        let text = Self.lines(10000)
        let path = try directory.write("shared.jsonl", text)
        let blockSize = 16 * 1024
        // 16 blocks a window (Docs/architecture.md); the test's channel has as many blocks.
        let span = MappedInput.mappingBlocks
        #expect(span == 16)
        #expect(text.utf8.count > (span + 1) * blockSize)
        let (channel, _) = try #require(Self.open(path, blockSize: blockSize, blocks: span))
        var held: [LineBlock] = []
        while held.count < span, let block = channel.receive() { held.append(block) }
        #expect(held.count == span)
        #expect(Set(held.map(\.window)).count == 1 && held[0].window >= 0)
        #expect(try Self.mappings(of: path) == 1)
        // Recycling all but one block of the window keeps it mapped and its bytes readable.
        for block in held.prefix(span - 1) { channel.recycle(block) }
        let last = held[span - 1]
        #expect(try Self.mappings(of: path) == 1)
        // The next block needs bytes past the window: a window of its own.
        let next = try #require(channel.receive())
        #expect(next.window >= 0 && next.window != last.window)
        #expect(try Self.mappings(of: path) == 2)
        #expect(last.storage.load(fromByteOffset: last.count - 1, as: UInt8.self) == 0x0A)
        channel.recycle(last)
        #expect(try Self.mappings(of: path) == 1)
        channel.recycle(next)
        // The rest of the file: once every block is recycled and the input has ended, nothing of
        // the file stays mapped.
        while let block = channel.receive() { channel.recycle(block) }
        #expect(try Self.mappings(of: path) == 0)
    }

    @Test("a mapped file and its gzip give the same lines: long lines, too-long lines, CRLF, no last line end")
    func sameAsInflated() throws {
        let directory = try TemporaryDirectory()
        var text = ""
        for k in 0..<600 {
            switch k % 97 {
            case 13: text += #"{"event":"long","v":""# + String(repeating: "y", count: 5000 + k) + "\"}\r\n"
            case 50: text += String(repeating: "z", count: 9000) + "\r\n"
            default: text += #"{"event":"E\#(k)"}"# + (k % 3 == 0 ? "\r\n" : "\n")
            }
        }
        text += #"{"event":"last"}"#
        let plain = try directory.write("mixed.jsonl", text)
        let gz = try directory.write("mixed.jsonl.gz", gzip(Array(text.utf8), in: directory, name: "t.gz"))
        for blockSize in [4096, 6000, 1 << 20] {
            var a = RecordingVisitor()
            var b = RecordingVisitor()
            let ra = DumpReader(sources: [.file(plain)], maxLineLength: 7000, blockSize: blockSize).read(into: &a)
            let rb = DumpReader(sources: [.file(gz)], maxLineLength: 7000, blockSize: blockSize).read(into: &b)
            #expect(a.events == b.events)
            #expect(a.malformed.map(\.line) == b.malformed.map(\.line))
            #expect(a.malformed.map(\.reason) == b.malformed.map(\.reason))
            #expect(a.malformed.count == 6)  // the six 9000-byte lines, too long
            #expect(a.events.last?.event == "last")
            #expect(ra[0].bytes == rb[0].bytes, "block size \(blockSize)")
            #expect(ra[0].lines == rb[0].lines && ra[0].error == nil)
            #expect(ra[0].inputBytes == Int64(text.utf8.count))
        }
    }

    @Test("lines appended while the file is read are read")
    func appended() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("growing.jsonl", Self.lines(10))
        let (channel, _) = try #require(Self.open(path, blockSize: 1 << 20))
        let first = try #require(channel.receive())
        #expect(first.count == Self.lines(10).utf8.count)
        channel.recycle(first)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(Self.lines(5, from: 10).utf8))
        try handle.close()
        let second = try #require(channel.receive())
        #expect(
            Array(UnsafeRawBufferPointer(start: second.storage, count: second.count))
                == Array(Self.lines(5, from: 10).utf8))
        channel.recycle(second)
        let last = try #require(channel.receive())
        #expect(last.end != nil && last.end?.error == nil && last.count == 0)
        #expect(last.end?.inputBytes == Int64((Self.lines(10) + Self.lines(5, from: 10)).utf8.count))
        channel.recycle(last)
        #expect(channel.receive() == nil)
    }

    @Test("a file truncated while mapped reads as zeros past its new end, never crashes, and is reported")
    func truncatedWhileMapped() throws {
        let directory = try TemporaryDirectory()
        let text = Self.lines(40_000)
        let path = try directory.write("rotated.jsonl", text)
        let (channel, _) = try #require(Self.open(path, blockSize: 1 << 20))
        let block = try #require(channel.receive())
        #expect(block.window >= 0 && block.count > 200_000)
        // logrotate's copytruncate, between the mapping and the parse.
        #expect(truncate(path, 100_000) == 0)
        var visitor = RecordingVisitor()
        var parser = LineParser()
        parser.startFile(0)
        let (lines, malformed) = parser.parse(block, into: &visitor)
        #expect(lines > 0 && malformed >= 1)
        // Every line that was whole before the cut is read as it was.
        let whole = text.utf8.prefix(100_000).split(separator: 0x0A, omittingEmptySubsequences: false).count - 1
        #expect(visitor.events.count == whole)
        #expect(visitor.events.first?.event == "E0")
        channel.recycle(block)
        var reports = [FileReport(source: .file(path))]
        channel.markLostInputs(in: &reports)
        #expect(reports[0].error == .changedWhileReading(path: path))
        // The cursor sees the smaller file too, and ends the input with the same error.
        let last = try #require(channel.receive())
        #expect(last.end?.error == .changedWhileReading(path: path))
        channel.recycle(last)
        #expect(reports[0].error?.description.contains("shrank while it was read") == true)
    }

    @Test("the SIGBUS handler zeroes only the window that lost its pages")
    func handlerZeroesTheWindow() throws {
        let directory = try TemporaryDirectory()
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let path = try directory.write("pages.bin", [UInt8](repeating: 0x41, count: 4 * page))
        let fd = Glibc.open(path, O_RDONLY)
        defer { Glibc.close(fd) }
        var kept: Int32 = -1
        var lost: Int32 = -1
        let keptText = try #require(atk_window_map(fd, 0, page, &kept))
        let text = try #require(atk_window_map(fd, Int64(page), 3 * page, &lost))
        let writer = Glibc.open(path, O_RDWR)
        #expect(ftruncate(writer, off_t(2 * page)) == 0)
        Glibc.close(writer)
        #expect(text[0] == 0x41)  // still in the file
        #expect(text[page] == 0)  // past the new end: SIGBUS, caught
        #expect(text[3 * page - 1] == 0)
        #expect(atk_window_lost(lost) == 1)
        #expect(atk_window_lost(kept) == 0 && keptText[0] == 0x41)
        #expect(atk_window_unmap(lost) == 1)
        #expect(atk_window_unmap(kept) == 0)
    }

    @Test("with every window slot taken, a plain file is read with pread(2), with the same lines")
    func slotsExhausted() throws {
        let directory = try TemporaryDirectory()
        let text = Self.lines(3000) + #"{"event":"last"}"#
        let path = try directory.write("plain.jsonl", text)
        let (channel, _) = try #require(Self.open(path, blockSize: 8192))
        // Take every slot the handler knows of (1,024), as a thousand reads at once would.
        let fd = Glibc.open(path, O_RDONLY)
        defer { Glibc.close(fd) }
        var taken: [Int32] = []
        while true {
            var slot: Int32 = -1
            guard atk_window_map(fd, 0, 1, &slot) != nil else { break }
            taken.append(slot)
        }
        #expect(taken.count > 1000)
        var bytes: [UInt8] = []
        var copied = 0
        var end: LineBlock.End?
        while let block = channel.receive() {
            if block.count > 0 && block.window < 0 { copied += 1 }
            bytes += UnsafeRawBufferPointer(start: block.storage, count: block.count)
            end = block.end ?? end
            channel.recycle(block)
        }
        for slot in taken { _ = atk_window_unmap(slot) }
        #expect(copied > 10)
        #expect(bytes == Array(text.utf8))
        #expect(end?.error == nil && end?.inputBytes == Int64(text.utf8.count))
    }

    @Test("a changed-while-reading error survives the distributed state encoding")
    func errorEncoding() throws {
        var writer = StateWriter()
        InputError.changedWhileReading(path: "a.jsonl").encode(to: &writer)
        var reader = StateReader(writer.bytes)
        #expect(try InputError(from: &reader) == .changedWhileReading(path: "a.jsonl"))
    }
}
