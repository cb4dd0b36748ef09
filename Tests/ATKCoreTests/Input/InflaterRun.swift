import CZlib
import Foundation

@testable import ATKCore

/// Everything a reader makes of some inputs with one gzip inflater: each line visited (input,
/// line number, bytes or reason) and each input's end (error, compressed bytes, members, text).
struct InflaterRun: CustomStringConvertible {
    var lines: [String] = []
    var ends: [String] = []

    /// Segments of multi-member gzip inputs whose blocks the parser was handed (0 when every
    /// input was read as one stream).
    var segmentsUsed = 0
    /// Text bytes in the parsed blocks, over every input.
    var textBytes: Int64 = 0

    /// Reads `paths` with `readers` producer threads using `inflater` and the parser the reader
    /// uses; `segmentText` and `minimumSpan` cut multi-member gzip inputs (``GzipSegments``).
    init(
        _ paths: [String], inflater: BlockProducer.Inflater, blockSize: Int = 1 << 20, maxLineLength: Int = 1 << 20,
        segmentText: Int64? = nil, minimumSpan: Int64? = nil, readers: Int = 1
    ) {
        let channel = BlockChannel(blocks: 4, blockSize: blockSize, inputs: paths.count, readers: readers)
        var producer = BlockProducer(sources: paths.map { .file($0) }, channel: channel, maxLineLength: maxLineLength)
        producer.inflater = inflater
        if let segmentText { producer.segmentText = segmentText }
        if let minimumSpan { producer.minimumSpan = minimumSpan }
        let reader = producer
        for _ in 0..<readers {
            let thread = Thread { reader.run() }
            thread.stackSize = 1 << 20
            thread.start()
        }
        var recorder = Recorder()
        var segments: Set<Int> = []
        var parser = LineParser(maxLineLength: maxLineLength)
        var text: Int64 = 0
        while let block = channel.receive() {
            if block.startsFile { parser.startFile(block.fileIndex) }
            _ = parser.parse(block, into: &recorder)
            if block.segment > 0 { segments.insert(block.segment) }
            text += Int64(block.count)
            textBytes += Int64(block.count)
            if let end = block.end {
                ends.append(
                    "\(String(describing: end.error)) read \(end.inputBytes) gzip \(end.isGzip) members "
                        + "\(end.gzipMembers) text \(text)")
                text = 0
            }
            channel.recycle(block)
        }
        lines = recorder.lines
        segmentsUsed = segments.count
    }

    /// Same lines and ends (however the inputs were cut into segments).
    func same(as other: InflaterRun) -> Bool { lines == other.lines && ends == other.ends }

    var description: String { (ends + lines.prefix(3) + lines.suffix(3)).joined(separator: "\n") }

    /// Records each line as text.
    private struct Recorder: DumpVisitor {
        var lines: [String] = []
        mutating func visit(_ event: Event) {
            lines.append(
                "\(event.location.fileIndex):\(event.location.line) \(String(decoding: event.line, as: UTF8.self))")
        }
        mutating func visitMalformed(_ line: MalformedLine) {
            lines.append(
                "\(line.location.fileIndex):\(line.location.line) \(line.reason) "
                    + String(decoding: line.bytes, as: UTF8.self))
        }
    }

    /// One gzip member of `bytes` deflated by zlib at `level` (0: stored blocks).
    static func member(_ bytes: [UInt8], level: Int32) -> [UInt8] {
        var stream = z_stream()
        guard atk_deflateInit2(&stream, level) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 64)
        var input = bytes
        let produced = input.withUnsafeMutableBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                _ = deflate(&stream, Z_FINISH)
                return target.count - Int(stream.avail_out)
            }
        }
        return Array(out.prefix(produced))
    }

    /// `member` with its 10-byte header replaced by one with a name, a comment, an extra field and
    /// a header CRC (FLG 0x1E).
    static func withFullHeader(_ member: [UInt8]) -> [UInt8] {
        var header: [UInt8] = [0x1F, 0x8B, 8, 0x1E, 1, 2, 3, 4, 0, 3]
        header += [5, 0] + Array("extra".utf8)
        header += Array("name.jsonl".utf8) + [0] + Array("a comment".utf8) + [0]
        let crc = header.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
        header += [UInt8(crc & 0xFF), UInt8(crc >> 8 & 0xFF)]
        return header + member.dropFirst(10)
    }

    /// `count` event lines of varying length, the `k`-th with sequence number `first + k`.
    static func text(_ count: Int, from first: Int = 0) -> [UInt8] {
        var text = ""
        for k in first..<first + count {
            text += #"{"event":"E\#(k % 7)","distinct_id":"u\#(k % 97)","seq":\#(k),"pad":""#
            text += String(repeating: "x", count: k * 37 % 150) + "\"}\n"
        }
        return Array(text.utf8)
    }
}
