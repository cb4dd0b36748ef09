import ATKSchema
import Foundation

/// Receives what a ``DumpReader`` finds, line by line, in input order.
public protocol DumpVisitor {
    /// A line that parsed as a JSON object.
    mutating func visit(_ event: Event)
    /// A non-blank line that is not a JSON object (not JSON, another JSON value, or cut off).
    mutating func visitMalformed(_ line: MalformedLine)
}

/// A line that is not a JSON object, with the reason.
public struct MalformedLine {
    /// Why the line was rejected.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// The line is not valid JSON.
        case syntax(JSONSyntaxError)
        /// The line is valid JSON but not an object.
        case notAnObject(JSONKind)
        /// The line is longer than the reader's limit; it was skipped without being read.
        case tooLong(length: Int64, limit: Int)

        /// Why the line was rejected, for reports.
        public var description: String {
            switch self {
            case .syntax(let error): "not valid JSON: \(error)"
            case .notAnObject(let kind): "a JSON \(kind), not an object"
            case .tooLong(let length, let limit):
                "line too long: \(length) bytes, over the limit of \(limit) (--max-line-bytes)"
            }
        }
    }

    /// The line's bytes (valid only inside the callback); empty for a line too long to keep.
    public let bytes: UnsafeRawBufferPointer
    /// Where the line is.
    public let location: LineLocation
    /// Why it was rejected.
    public let reason: Reason
}

/// What was read from one input.
public struct FileReport: Sendable {
    /// The input read.
    public var source: InputSource
    /// Non-blank lines.
    public var lines = 0
    /// Non-blank lines that were not a JSON object (``MalformedLine``).
    public var malformedLines = 0
    /// Decompressed bytes (the text itself).
    public var bytes: Int64 = 0
    /// Bytes read from the file or pipe (the compressed size for gzip).
    public var inputBytes: Int64 = 0
    /// Whether the input was gzip-compressed (recognised by its magic bytes).
    public var isGzip = false
    /// Gzip members read; concatenated `.gz` files have more than one.
    public var gzipMembers = 0
    /// Whether the input was zstd-compressed (detected by its magic bytes).
    public var isZstd = false
    /// zstd frames read, skippable frames included.
    public var zstdFrames = 0
    /// Set when the input could not be read to its end.
    public var error: InputError?

    /// An empty report for `source`, filled in as it is read.
    public init(source: InputSource) { self.source = source }
}

/// Progress while reading, for a progress line.
public struct ReadProgress: Sendable {
    /// Decompressed bytes parsed so far, over all inputs.
    public var bytes: Int64
    /// Lines parsed so far, over all inputs.
    public var lines: Int
    /// The input being read.
    public var fileIndex: Int
}

/// Reads dumps: a reader thread reads and inflates, the calling thread splits lines and parses
/// them into events for a ``DumpVisitor``.
///
/// Memory stays bounded whatever the input: a few blocks of whole lines (1 MiB each, up to
/// twice ``maxLineLength`` for a long line) and one reusable JSON tape. A line longer than
/// ``maxLineLength`` is reported as malformed (``MalformedLine/Reason/tooLong(length:limit:)``)
/// and skipped to its line end without being kept, so an endless line (`/dev/zero`) keeps
/// memory flat.
public final class DumpReader {
    /// The default longest line: 16 MiB, far above any event an SDK sends.
    public static let defaultMaxLineLength = 16 << 20

    /// The inputs, read in order.
    public let sources: [InputSource]
    /// Longest line read, in bytes without its line end.
    public let maxLineLength: Int
    let blockSize: Int
    let blocksInFlight: Int
    /// Text per segment of a multi-member gzip input (``GzipSegments``), and the fewest
    /// compressed bytes in one; tests make them small.
    var segmentText: Int64 = 4 << 20
    var minimumSpan: Int64 = 32 << 10

    /// - Parameters:
    ///   - sources: the inputs, read in order.
    ///   - maxLineLength: longest line read; longer lines are malformed and skipped.
    ///   - blockSize: bytes per block handed from the reader thread to the parser.
    public init(
        sources: [InputSource], maxLineLength: Int = defaultMaxLineLength, blockSize: Int = 1 << 20,
        blocksInFlight: Int = 6
    ) {
        self.sources = sources
        self.maxLineLength = max(1, maxLineLength)
        self.blockSize = blockSize
        self.blocksInFlight = blocksInFlight
    }

    /// Reads every input to its end, calling `visitor` for each non-blank line.
    ///
    /// Blank lines (only spaces, tabs or a CR) are skipped and not counted; a UTF-8 BOM at the
    /// start of an input and a CR before the LF are removed.
    /// - Parameter progress: called every few MB with what has been parsed.
    /// - Returns: one report per input, in input order.
    /// - Complexity: O(bytes).
    public func read<V: DumpVisitor>(
        into visitor: inout V, progress: ((ReadProgress) -> Void)? = nil
    ) -> [FileReport] {
        var reports = sources.map { FileReport(source: $0) }
        guard !sources.isEmpty else { return reports }
        let channel = BlockChannel(blocks: blocksInFlight, blockSize: blockSize, inputs: sources.count)
        let producer = makeProducer(channel)
        let done = DispatchGroup()
        Self.start("atk-reader", stackSize: 1 << 20, in: done) { producer.run() }

        var parser = LineParser(maxLineLength: maxLineLength)
        var meter = ProgressMeter(report: progress)
        while let block = channel.receive() {
            let index = block.fileIndex
            if block.startsFile { parser.startFile(index) }
            let (lines, malformed) = parser.parse(block, into: &visitor)
            reports[index].count(block, lines: lines, malformed: malformed)
            meter.count(block, lines: lines)
            channel.recycle(block)
        }
        done.wait()
        channel.markLostInputs(in: &reports)
        return reports
    }
}

extension DumpReader {
    /// The reader threads' work, writing into `channel`.
    func makeProducer(_ channel: BlockChannel) -> BlockProducer {
        var producer = BlockProducer(sources: sources, channel: channel, maxLineLength: maxLineLength)
        producer.segmentText = segmentText
        producer.minimumSpan = minimumSpan
        return producer
    }

    /// Starts a named thread running `body`, entered in `group` until it returns.
    static func start(
        _ name: String, stackSize: Int, in group: DispatchGroup, _ body: @escaping @Sendable () -> Void
    ) {
        group.enter()
        let thread = Thread {
            body()
            group.leave()
        }
        thread.name = name
        thread.stackSize = stackSize
        thread.start()
    }
}

/// Counts what the read has parsed and reports it every 16 MB of text.
struct ProgressMeter {
    let report: ((ReadProgress) -> Void)?
    private var bytes: Int64 = 0
    private var lines = 0
    private var next: Int64 = 16 << 20

    init(report: ((ReadProgress) -> Void)?) { self.report = report }

    /// Counts a parsed block of `lines` non-blank lines; reports when 16 MB more are parsed.
    mutating func count(_ block: LineBlock, lines: Int) {
        bytes += Int64(block.count)
        self.lines += lines
        guard let report, bytes >= next else { return }
        report(ReadProgress(bytes: bytes, lines: self.lines, fileIndex: block.fileIndex))
        next = bytes + (16 << 20)
    }
}

extension FileReport {
    /// Counts a parsed block of this input: its lines, malformed lines and bytes, and how the
    /// input ended when the block is its last.
    mutating func count(_ block: LineBlock, lines: Int, malformed: Int) {
        self.lines += lines
        malformedLines += malformed
        bytes += Int64(block.count) + block.skippedBytes
        guard let end = block.end else { return }
        error = end.error
        inputBytes = end.inputBytes
        isGzip = end.isGzip
        gzipMembers = end.gzipMembers
        isZstd = end.isZstd
        zstdFrames = end.zstdFrames
    }
}

/// Splits blocks into lines and parses each; keeps the line count across an input's blocks.
struct LineParser {
    private var scanner = JSONScanner()
    private let tape: JSONTape
    private var fileIndex = 0
    private var lineNumber = 0
    /// Longest line parsed; a longer one is malformed whether the reader skipped it or not,
    /// so the answer never depends on where blocks were cut.
    let maxLineLength: Int

    /// - Parameter tape: where lines are scanned (a parse worker passes its block's arena).
    init(maxLineLength: Int = DumpReader.defaultMaxLineLength, tape: JSONTape = JSONTape()) {
        self.maxLineLength = maxLineLength
        self.tape = tape
    }

    mutating func startFile(_ index: Int) {
        fileIndex = index
        lineNumber = 0
    }

    /// Line numbers used so far in the current input, blank lines included.
    var linesNumbered: Int { lineNumber }

    /// Parses every line of `block`; returns the non-blank and malformed line counts.
    mutating func parse<V: DumpVisitor>(_ block: LineBlock, into visitor: inout V) -> (lines: Int, malformed: Int) {
        var lines = 0
        var malformed = 0
        let base = UnsafeRawPointer(block.storage)
        let count = block.count
        var position = 0
        var oversized = block.oversized.makeIterator()
        var nextOversized = oversized.next()
        while true {
            // Lines the reader skipped as too long stand before the line at their position.
            while let skipped = nextOversized, skipped.position == position {
                lineNumber += 1
                lines += 1
                malformed += 1
                let location = LineLocation(fileIndex: fileIndex, line: lineNumber)
                let reason = MalformedLine.Reason.tooLong(length: skipped.length, limit: maxLineLength)
                visitor.visitMalformed(
                    MalformedLine(
                        bytes: UnsafeRawBufferPointer(start: nil, count: 0), location: location, reason: reason))
                nextOversized = oversized.next()
            }
            guard position < count else { break }
            let remaining = count - position
            let lineEnd: Int
            if let newline = memchr(base + position, 0x0A, remaining) {
                lineEnd = base.distance(to: UnsafeRawPointer(newline))
            } else {
                lineEnd = count
            }
            lineNumber += 1
            var start = position
            var end = lineEnd
            position = lineEnd + 1
            if lineNumber == 1 && block.startsFile && end - start >= 3
                && base.load(fromByteOffset: start, as: UInt8.self) == 0xEF
                && base.load(fromByteOffset: start + 1, as: UInt8.self) == 0xBB
                && base.load(fromByteOffset: start + 2, as: UInt8.self) == 0xBF
            {
                start += 3
            }
            if end > start && base.load(fromByteOffset: end - 1, as: UInt8.self) == 0x0D { end -= 1 }
            if Self.isBlank(base, start, end) { continue }
            lines += 1
            let line = UnsafeRawBufferPointer(start: base + start, count: end - start)
            let location = LineLocation(fileIndex: fileIndex, line: lineNumber)
            if end - start > maxLineLength {
                malformed += 1
                let reason = MalformedLine.Reason.tooLong(length: Int64(end - start), limit: maxLineLength)
                visitor.visitMalformed(
                    MalformedLine(
                        bytes: UnsafeRawBufferPointer(start: nil, count: 0), location: location, reason: reason))
                continue
            }
            do throws(JSONSyntaxError) {
                try scanner.scan(line, into: tape)
            } catch {
                malformed += 1
                visitor.visitMalformed(MalformedLine(bytes: line, location: location, reason: .syntax(error)))
                continue
            }
            let rootKind = tape.rootKind
            guard rootKind == .object else {
                malformed += 1
                visitor.visitMalformed(MalformedLine(bytes: line, location: location, reason: .notAnObject(rootKind)))
                continue
            }
            visitor.visit(Event(line: line, location: location, tape: tape))
        }
        return (lines, malformed)
    }

    @inline(__always)
    private static func isBlank(_ base: UnsafeRawPointer, _ start: Int, _ end: Int) -> Bool {
        var i = start
        while i < end {
            let c = base.load(fromByteOffset: i, as: UInt8.self)
            if c != 0x20 && c != 0x09 && c != 0x0D { return false }
            i += 1
        }
        return true
    }
}
