import CZlib

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The reader thread's work: reads each input in turn, inflates gzip or zstd (detected by their
/// magic bytes, every member or frame to the end), and cuts the text into blocks of whole lines.
///
/// Errors never stop the reading of other inputs; what was read before an error is shipped.
struct BlockProducer {
    let sources: [InputSource]
    let channel: BlockChannel
    /// Longest line kept; a longer one is skipped to its line end without being buffered
    /// (``LineBlock/oversized``), so memory stays bounded on an endless line.
    let maxLineLength: Int
    /// The library that inflates gzip; zlib only for tests that compare the two.
    var inflater = Inflater.isal
    /// Compressed bytes read per `read(2)`.
    let inputChunk = 256 * 1024
    /// A block is cut once less than this much room (at most a quarter of it) is left.
    let minimumFree = 64 * 1024

    /// Text a segment of a multi-member gzip file is cut for (``GzipSegments``); 0 reads every
    /// member on one thread.
    var segmentText: Int64 = 4 << 20
    /// The fewest compressed bytes in a segment's span.
    var minimumSpan: Int64 = 32 << 10

    /// Reads the work the channel hands out (``BlockChannel/nextWork()``): inputs, each to its
    /// end, and segments of multi-member gzip inputs, until none is left; runs on a reader thread
    /// (one of several when files, or members, are read at once).
    func run() {
        let input = UnsafeMutableRawPointer.allocate(byteCount: inputChunk, alignment: 16)
        defer { input.deallocate() }
        while let work = channel.nextWork() {
            switch work {
            case .input(let fileIndex):
                read(fileIndex, input: input)
            case .segment(let plan, let j):
                readSegment(plan, j, input: input)
            }
        }
        channel.finish()
    }

    /// Reads input `fileIndex` from its start.
    private func read(_ fileIndex: Int, input: UnsafeMutableRawPointer) {
        let source = sources[fileIndex]
        let block = channel.takeEmpty(for: fileIndex)
        block.reset(fileIndex: fileIndex, startsFile: true)
        var state = FileState(source: source, block: block, fileIndex: fileIndex)
        defer { state.close() }
        guard state.open() else {
            ship(&state, error: .cannotOpen(path: source.path, errno: errno))
            return
        }
        // Enough bytes to recognise the compression formats, even from a pipe that delivers
        // them one by one.
        var first = 0
        while first < Self.magicLength {
            let n = state.read(into: input + first, count: inputChunk - first)
            if n <= 0 {
                if n < 0 { first = -1 }
                break
            }
            first += n
        }
        let head = UnsafeRawBufferPointer(start: input, count: max(first, 0))
        if first < 0 {
            ship(&state, error: .readFailed(path: source.path, errno: errno, offset: 0))
        } else if head.starts(with: [0x1F, 0x8B]) {
            state.isGzip = true
            inflateGzip(&state, input: input, firstCount: first)
        } else if Self.isZstd(head) {
            state.isZstd = true
            decompressZstd(&state, input: input, firstCount: first)
        } else if let foreign = Self.foreignCompression(head) {
            ship(
                &state,
                error: .unsupportedCompression(path: source.path, format: foreign.format, tool: foreign.tool))
        } else if first > 0, let origin = state.seekableBase(),
            let mapped = MappedInput(
                source: source, fd: state.fd, origin: origin, firstBlock: state.block, maxLineLength: maxLineLength)
        {
            // The thread that receives the input's blocks makes them from the mapped file.
            state.fd = -1
            channel.handOver(mapped, for: fileIndex)
        } else {
            copyPlain(&state, input: input, firstCount: first)
        }
    }

    /// Bytes read before deciding how to read an input (the longest magic number, xz's).
    static let magicLength = 6

    /// Whether the input starts with a zstd frame, or a skippable frame (which zstd tools also
    /// write first).
    static func isZstd(_ head: UnsafeRawBufferPointer) -> Bool {
        head.starts(with: [0x28, 0xB5, 0x2F, 0xFD])
            || (head.count >= 4 && head[0] & 0xF0 == 0x50 && head[1] == 0x2A && head[2] == 0x4D && head[3] == 0x18)
    }

    /// The compressed formats atk does not read, by magic number, with the command that
    /// inflates them; nil for anything else (gzip is read, the rest is taken as text).
    static func foreignCompression(_ head: UnsafeRawBufferPointer) -> (format: String, tool: String)? {
        if head.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return ("xz", "xz -dc") }
        if head.starts(with: [0x42, 0x5A, 0x68]) && head.count >= 4 && (0x31...0x39).contains(head[3]) {
            return ("bzip2", "bzip2 -dc")
        }
        if head.starts(with: [0x04, 0x22, 0x4D, 0x18]) { return ("lz4", "lz4 -dc") }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return ("zip", "unzip -p") }
        return nil
    }

    /// What the reader knows about the input being read.
    struct FileState {
        let source: InputSource
        var block: LineBlock
        let fileIndex: Int
        var fd: Int32 = -1
        var inputBytes: Int64 = 0
        var isGzip = false
        var members = 0
        var isZstd = false
        var frames = 0
        /// The segment being read, of ``plan`` (0 for every other input).
        var segment = 0
        /// The segments of a multi-member gzip input, once its first member is read.
        var plan: GzipSegments?
        /// Bytes of an over-long line skipped so far; nil when not skipping.
        var skipped: Int64?
        /// Whether the last byte skipped was a CR (a CR LF split between two reads).
        var endsWithCR = false

        init(source: InputSource, block: LineBlock, fileIndex: Int) {
            self.source = source
            self.block = block
            self.fileIndex = fileIndex
        }

        mutating func open() -> Bool {
            switch source {
            case .standardInput: fd = 0
            case .file(let path): fd = PathName.withCString(path) { Glibc.open($0, O_RDONLY | O_CLOEXEC) }
            }
            return fd >= 0
        }

        /// `read(2)`, retried on EINTR; counts what it read.
        mutating func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
            while true {
                let n = Glibc.read(fd, buffer, count)
                if n < 0 && errno == EINTR { continue }
                if n > 0 { inputBytes += Int64(n) }
                return n
            }
        }

        func close() {
            if case .file = source, fd >= 0 { _ = Glibc.close(fd) }
        }

        /// The channel's stream the blocks go to.
        var stream: BlockChannel.Stream { BlockChannel.Stream(file: fileIndex, segment: segment) }

        /// Where the input's first byte is in its file, when the input is a regular file that
        /// can be read again (standard input may be one, from any position); nil for a pipe or device.
        ///
        /// The ISA-L reader replays members from it; a plain file is mapped from it.
        func seekableBase() -> Int64? {
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            let position = lseek(fd, 0, SEEK_CUR)
            return position < 0 ? nil : Int64(position) - inputBytes
        }
    }

    /// Called after bytes were written into the block: drops the bytes of an over-long line,
    /// cuts the block at its last line end when it is nearly full, or grows it when a single
    /// line fills it (up to ``maxLineLength``; past that the line is skipped).
    func written(_ state: inout FileState) {
        let block = state.block
        if state.skipped != nil { skipLongLine(&state) }
        guard block.free < min(minimumFree, block.capacity / 4) else { return }
        let start = UnsafeRawPointer(block.storage)
        // The last line end: lines are short next to a block, so this walks back a few hundred bytes.
        var last = block.filled - 1
        while last >= 0 && start.load(fromByteOffset: last, as: UInt8.self) != 0x0A { last -= 1 }
        guard last >= 0 else {
            // One line fills the block: it started at the block's start (blocks start at lines).
            if block.filled > maxLineLength {
                state.skipped = Int64(block.filled)
                state.endsWithCR = start.load(fromByteOffset: block.filled - 1, as: UInt8.self) == 0x0D
                block.filled = 0
            } else {
                block.grow()
            }
            return
        }
        let cut = last + 1
        let next = emptyBlock(file: state.fileIndex, segment: state.segment)
        let tail = block.filled - cut
        // The carried part of a long line may be larger than a pooled block.
        while next.capacity / 2 < tail { next.grow() }
        next.storage.copyMemory(from: start + cut, byteCount: tail)
        next.filled = tail
        block.filled = cut
        block.count = cut
        // A skipped line recorded at the cut belongs to the next block, before its first line.
        while let entry = block.oversized.last, entry.position >= cut {
            block.oversized.removeLast()
            next.oversized.insert((entry.position - cut, entry.length), at: 0)
        }
        channel.send(block)
        state.block = next
    }

    /// An empty block for the text of input `file`, segment `segment`, after its first block.
    func emptyBlock(file: Int, segment: Int) -> LineBlock {
        let block = channel.takeEmpty(for: BlockChannel.Stream(file: file, segment: segment))
        block.reset(fileIndex: file, startsFile: false, segment: segment)
        return block
    }

    /// Drops the bytes of the over-long line being skipped (skipping starts only when one line
    /// fills a block, so they start at the block's start); at its line end, records the line in
    /// ``LineBlock/oversized`` and keeps the bytes after it.
    private func skipLongLine(_ state: inout FileState) {
        let block = state.block
        let base = block.storage
        let available = block.filled
        let skipped = state.skipped ?? 0
        guard let newline = memchr(base, 0x0A, available) else {
            if available > 0 { state.endsWithCR = base.load(fromByteOffset: available - 1, as: UInt8.self) == 0x0D }
            state.skipped = skipped + Int64(available)
            block.filled = 0
            return
        }
        let length = base.distance(to: UnsafeMutableRawPointer(newline))
        let endsWithCR = length > 0 ? base.load(fromByteOffset: length - 1, as: UInt8.self) == 0x0D : state.endsWithCR
        let rest = available - length - 1
        if rest > 0 { base.copyMemory(from: base + length + 1, byteCount: rest) }
        block.filled = rest
        block.recordSkippedLine(bytes: skipped + Int64(length), lineFeed: true, carriageReturn: endsWithCR)
        state.skipped = nil
        state.endsWithCR = false
    }

    /// Ships the input's last block, with how it ended.
    func ship(_ state: inout FileState, error: InputError?) {
        let block = state.block
        if let skipped = state.skipped {
            // The input ended inside an over-long line: it is the input's last line.
            block.recordSkippedLine(bytes: skipped + Int64(block.filled), lineFeed: false)
            block.filled = 0
            state.skipped = nil
        }
        block.count = block.filled
        block.end = LineBlock.End(
            error: error, inputBytes: state.inputBytes, isGzip: state.isGzip, gzipMembers: state.members,
            isZstd: state.isZstd, zstdFrames: state.frames)
        channel.send(block)
    }

    private func copyPlain(_ state: inout FileState, input: UnsafeMutableRawPointer, firstCount: Int) {
        if firstCount > 0 {
            while state.block.free < firstCount { state.block.grow() }
            state.block.storage.advanced(by: state.block.filled).copyMemory(from: input, byteCount: firstCount)
            state.block.filled += firstCount
            written(&state)
        }
        guard firstCount > 0 else {
            ship(&state, error: nil)
            return
        }
        readPlain(&state)
    }

    /// Reads the rest of a plain input with `read(2)` into the block being filled, to its end.
    func readPlain(_ state: inout FileState) {
        while true {
            let block = state.block
            let n = state.read(into: block.storage + block.filled, count: block.free)
            if n < 0 {
                ship(&state, error: .readFailed(path: state.source.path, errno: errno, offset: state.inputBytes))
                return
            }
            if n == 0 { break }
            block.filled += n
            written(&state)
        }
        ship(&state, error: nil)
    }

    /// Inflates a gzip input with zlib, every member to the end, from `count` bytes read at
    /// `start` in `input` (the start of a member): the reference for every damage rule.
    ///
    /// Between members, zero padding to the end is accepted and other bytes are trailing garbage;
    /// an input cut inside a member is truncated; zlib's errors are reported with its message at
    /// the offset where it stood. What came before is kept.
    /// - Parameter delivered: text of this first member already written by the ISA-L reader
    ///   (``replayWithZlib(_:input:base:memberStart:delivered:)``): inflated again and dropped; if
    ///   zlib stops before it, the surplus is taken back from the block.
    /// - Complexity: O(compressed + decompressed bytes); memory is zlib's 32 KiB window.
    func inflateWithZlib(
        _ state: inout FileState, input: UnsafeMutableRawPointer, start: Int, count: Int, delivered: Int = 0
    ) {
        var stream = z_stream()
        guard atk_inflateInit2(&stream, 15 + 16) == Z_OK else {
            ship(&state, error: .corruptGzip(path: state.source.path, offset: 0, message: "zlib could not start"))
            return
        }
        defer { inflateEnd(&stream) }
        let path = state.source.path
        stream.next_in = (input + start).assumingMemoryBound(to: Bytef.self)
        stream.avail_in = UInt32(count)
        var inMember = true
        var outputFull = false
        var toSkip = delivered
        let scratchSize = 64 * 1024
        let scratch = delivered > 0 ? UnsafeMutableRawPointer.allocate(byteCount: scratchSize, alignment: 16) : nil
        defer { scratch?.deallocate() }

        /// Compressed offset of the next unread byte.
        func offset(_ state: FileState) -> Int64 { state.inputBytes - Int64(stream.avail_in) }

        while true {
            if stream.avail_in == 0 && !outputFull {
                let n = state.read(into: input, count: inputChunk)
                if n < 0 {
                    ship(&state, error: .readFailed(path: path, errno: errno, offset: state.inputBytes))
                    return
                }
                if n == 0 {
                    takeBack(toSkip, &state)
                    ship(&state, error: inMember ? .truncatedGzip(path: path, offset: state.inputBytes) : nil)
                    return
                }
                stream.next_in = input.assumingMemoryBound(to: Bytef.self)
                stream.avail_in = UInt32(n)
            }
            if !inMember {
                let pending = UnsafeRawBufferPointer(start: stream.next_in, count: Int(stream.avail_in))
                guard startsMember(&state, pending: pending, input: input) else { return }
                inflateReset(&stream)
                inMember = true
                state.members += 1
            }
            let result: Int32
            if toSkip > 0, let scratch {
                let size = min(scratchSize, toSkip)
                stream.next_out = scratch.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = UInt32(size)
                result = CZlib.inflate(&stream, Z_NO_FLUSH)
                toSkip -= size - Int(stream.avail_out)
                outputFull = stream.avail_out == 0
            } else {
                let block = state.block
                stream.next_out = (block.storage + block.filled).assumingMemoryBound(to: Bytef.self)
                stream.avail_out = UInt32(block.free)
                result = CZlib.inflate(&stream, Z_NO_FLUSH)
                block.filled = block.capacity - Int(stream.avail_out)
                outputFull = stream.avail_out == 0
                written(&state)
            }
            switch result {
            case Z_OK, Z_BUF_ERROR:
                continue
            case Z_STREAM_END:
                takeBack(toSkip, &state)
                toSkip = 0
                inMember = false
                outputFull = false
            default:
                takeBack(toSkip, &state)
                let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(result)"
                ship(&state, error: .corruptGzip(path: path, offset: offset(state), message: message))
                return
            }
        }
    }

    /// Whether the unread bytes after a gzip member (`pending`, not empty) start another member;
    /// if not, ships the input's end: nothing wrong after zero padding to the end, trailing
    /// garbage otherwise.
    func startsMember(_ state: inout FileState, pending: UnsafeRawBufferPointer, input: UnsafeMutableRawPointer) -> Bool
    {
        let path = state.source.path
        if pending[0] == 0 {
            let garbage = firstNonZeroOffset(&state, pending: pending, input: input)
            ship(&state, error: garbage.map { .trailingGarbage(path: path, offset: $0) })
            return false
        }
        if pending[0] != 0x1F || (pending.count >= 2 && pending[1] != 0x8B) {
            ship(&state, error: .trailingGarbage(path: path, offset: state.inputBytes - Int64(pending.count)))
            return false
        }
        return true
    }

    /// The offset of the first non-zero byte left in the input, or nil when only zeros are left.
    ///
    /// The search starts at `pending` (the unread bytes of the last chunk read into `input`).
    /// Zeros to the end are the tar-style padding accepted after the last gzip member or zstd
    /// frame; a failed read ends the search where it failed.
    func firstNonZeroOffset(
        _ state: inout FileState, pending: UnsafeRawBufferPointer, input: UnsafeMutableRawPointer
    ) -> Int64? {
        var pending = pending
        while true {
            if let k = pending.firstIndex(where: { $0 != 0 }) { return state.inputBytes - Int64(pending.count - k) }
            let n = state.read(into: input, count: inputChunk)
            if n < 0 { return state.inputBytes }
            if n == 0 { return nil }
            pending = UnsafeRawBufferPointer(start: input, count: n)
        }
    }
}
