import CScan

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plain regular file read without a copy: each block borrows part of a window of the file
/// mapped read-only (``LineBlock/borrow(_:count:window:)``), cut after its last line feed; a
/// window spans ``mappingBlocks`` blocks and is unmapped when the last of them is recycled, so a
/// read holds no more pages than a few windows whatever the file's size.
///
/// The reader thread recognises the input and hands the cursor to the ``BlockChannel``; the
/// thread that receives the input's blocks makes them (``next(into:)``), one at a time: mapping a
/// window costs a system call and a look at its last page, and the pages themselves are mapped by
/// the faults of the parse worker that first reads them (the kernel maps the pages around each
/// fault too: 8,166 faults for the 702 MB bench text, about 21 pages each), on every core at
/// once. So `--jobs 1` reads a plain file on one core, and N workers share all of the work.
///
/// Filling a block's page tables at once before the parse (`MADV_POPULATE_READ`) cost more: the
/// kernel then walks the pages one at a time, and at `--jobs 2` its page-table walks and the other
/// worker's unmaps contend for the process's memory map (perf, `atk stats` on the 702 MB bench
/// text: about 17 ms more kernel time a run at either `--jobs`; `--jobs 2` 0.255 -> 0.242 s, best
/// of 10 alternating runs).
///
/// The lines are those the `read(2)` path gives: a line longer than a block is mapped whole (up to
/// the longest line kept); a longer one is skipped to its line feed with `pread(2)` and recorded
/// as ``LineBlock/oversized``. Bytes appended while the file is read are read. A file that
/// shrinks while mapped ends with ``InputError/changedWhileReading(path:)``, when the cursor sees
/// the smaller size or when a window that lost pages is recycled (``BlockChannel``).
final class MappedInput: @unchecked Sendable {
    private let source: InputSource
    private let fd: Int32
    private let closesFile: Bool
    /// File offsets: the input's first byte, the next line, the size last seen.
    private let origin: Int64
    private var position: Int64
    private var size: Int64
    private let maxLineLength: Int
    /// The block the reader took for the input (its first), until it is used.
    private var first: LineBlock?
    private var finished = false
    /// Whether the file was seen smaller than before: lines past its new end are lost.
    private var shrank = false
    /// The window blocks borrow from, held by the cursor until a block needs bytes past it.
    ///
    /// It is ``mappingBlocks`` blocks' worth of the file from `offset`. Each block holds it too
    /// (`atk_window_retain`), so it is unmapped once the cursor and every block let go: one
    /// `munmap(2)`, and so one flush of the other cores' TLBs, for several blocks.
    private var mapping: (slot: Int32, text: UnsafePointer<UInt8>, offset: Int64, length: Int)?
    /// Blocks per window: 16 MiB at the usual block size.
    ///
    /// Up to this many blocks' recycled pages stay mapped (page cache, counted in the resident
    /// size) until the last is recycled: about 13 MB more peak resident size than 4 MiB windows
    /// gave, for a quarter of the unmaps, each of which stops the other workers' cores to flush
    /// their TLBs (`atk stats --jobs 2` on the bench text 5% faster; 64 MiB windows gained 3%
    /// more for 47 MB more).
    static let mappingBlocks = 16

    /// A cursor over the file open as `fd`, or nil when it cannot be mapped.
    ///
    /// - Parameter origin: where the input's first byte is in the file
    ///   (``BlockProducer/FileState/seekableBase()``: the file is regular). The cursor is nil,
    ///   with nothing read, when the file is empty or has no size (`/proc`) or cannot be mapped.
    ///   On success it owns `fd`.
    init?(source: InputSource, fd: Int32, origin: Int64, firstBlock: LineBlock, maxLineLength: Int) {
        var info = stat()
        guard fstat(fd, &info) == 0, Int64(info.st_size) > origin else { return nil }
        // A file system that cannot map files leaves the file to read(2).
        var slot: Int32 = -1
        guard atk_window_map(fd, origin, 1, &slot) != nil else { return nil }
        _ = atk_window_unmap(slot)
        self.source = source
        self.fd = fd
        if case .file = source { closesFile = true } else { closesFile = false }
        self.origin = origin
        position = origin
        size = Int64(info.st_size)
        self.maxLineLength = maxLineLength
        first = firstBlock
    }

    deinit {
        releaseMapping()
        close()
    }

    private func releaseMapping() {
        if let mapping { _ = atk_window_unmap(mapping.slot) }
        mapping = nil
    }

    /// `length` mapped bytes from ``position``: in the current mapping when it holds them, else
    /// in a new one from ``position`` (nil when the file cannot be mapped there).
    private func mapped(_ length: Int) -> (text: UnsafePointer<UInt8>, slot: Int32)? {
        if let mapping, position >= mapping.offset,
            position + Int64(length) <= mapping.offset + Int64(mapping.length)
        {
            return (mapping.text + Int(position - mapping.offset), mapping.slot)
        }
        releaseMapping()
        let span = Int(min(Int64(length * Self.mappingBlocks), size - position))
        var slot: Int32 = -1
        guard span >= length, let text = atk_window_map(fd, position, span, &slot) else { return nil }
        mapping = (slot, text, position, span)
        return (text, slot)
    }

    private func close() {
        if closesFile && fd >= 0 { _ = Glibc.close(fd) }
    }

    /// The block the next call fills: the reader's first block, then one from the pool.
    func takeFirstBlock() -> LineBlock? {
        defer { first = nil }
        return first
    }

    /// Fills `block` (empty, reset for this input) with the next window of whole lines, or
    /// makes it the input's last block (``LineBlock/end`` set) when the file is read.
    func next(into block: LineBlock) {
        precondition(!finished, "a finished input makes no more blocks")
        let window = block.capacity
        while true {
            // One fstat a window: a file cut meanwhile is read to its new end, then reported.
            let now = currentSize()
            if now < size { shrank = true }
            size = now
            if position >= size { return end(block, error: nil) }
            let length = Int(min(Int64(window), size - position))
            guard let (text, slot) = mapped(length) else {
                return copyWindow(length, into: block)
            }
            let newline = atk_last_newline(text, length)
            if newline >= 0 { return borrowShared(text, count: newline + 1, slot: slot, into: block) }
            // The file's last line has no line end, unless the file grew meanwhile.
            if position + Int64(length) == size && currentSize() <= size {
                return borrowShared(text, count: length, slot: slot, into: block)
            }
            if position + Int64(length) < size { return longLine(into: block) }
        }
    }

    /// A line longer than a block: mapped whole when it is kept (its line feed within the
    /// longest line kept, a CR and the line feed), skipped to its line feed when not.
    private func longLine(into block: LineBlock) {
        let limit = Int64(maxLineLength) + 2
        let length = Int(min(limit, size - position))
        var slot: Int32 = -1
        guard let text = atk_window_map(fd, position, length, &slot) else { return end(block, error: readError()) }
        if let newline = memchr(text, 0x0A, length) {
            let count = UnsafeRawPointer(text).distance(to: UnsafeRawPointer(newline)) + 1
            return borrow(text, count: count, slot: slot, into: block)
        }
        if Int64(length) < limit {
            // The file's last line, kept whole (the parser judges its length), unless it grew.
            if currentSize() <= size { return borrow(text, count: length, slot: slot, into: block) }
            _ = atk_window_unmap(slot)
            return next(into: block)
        }
        _ = atk_window_unmap(slot)
        skip(into: block)
    }

    /// Skips a line longer than the longest kept, from ``position`` to its line feed (or the end
    /// of the file), and records it before the block's first line.
    private func skip(into block: LineBlock) {
        let chunk = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var length: Int64 = 0
        var lastIsCR = false
        while true {
            let n = pread(fd, buffer, chunk, off_t(position + length))
            if n < 0 {
                if errno == EINTR { continue }
                let offset = position + length - origin
                block.recordSkippedLine(bytes: length, lineFeed: false)
                position += length
                return end(block, error: .readFailed(path: source.path, errno: errno, offset: offset))
            }
            if n == 0 {
                // The input ended inside the line: it is the input's last line.
                block.recordSkippedLine(bytes: length, lineFeed: false)
                position += length
                return end(block, error: nil)
            }
            if let newline = memchr(buffer, 0x0A, n) {
                let k = buffer.distance(to: newline)
                if k > 0 { lastIsCR = buffer.load(fromByteOffset: k - 1, as: UInt8.self) == 0x0D }
                block.recordSkippedLine(bytes: length + Int64(k), lineFeed: true, carriageReturn: lastIsCR)
                position += length + Int64(k) + 1
                // The line after it starts the next window, in this block.
                return next(into: block)
            }
            lastIsCR = buffer.load(fromByteOffset: n - 1, as: UInt8.self) == 0x0D
            length += Int64(n)
        }
    }

    /// The window could not be mapped (no address space, or every window slot in use): its
    /// lines are read into the block's own buffer with `pread(2)` instead.
    private func copyWindow(_ length: Int, into block: LineBlock) {
        var n: Int
        repeat { n = pread(fd, block.storage, length, off_t(position)) } while n < 0 && errno == EINTR
        guard n > 0 else { return end(block, error: n < 0 ? readError() : nil) }
        let newline = atk_last_newline(block.storage.assumingMemoryBound(to: UInt8.self), n)
        guard newline >= 0 || position + Int64(n) >= currentSize() else {
            // A line longer than a block that cannot be mapped either.
            return end(block, error: readError())
        }
        let count = newline >= 0 ? newline + 1 : n
        block.filled = count
        block.count = count
        position += Int64(count)
    }

    /// Lends `block` part of the current mapping (the block holds it too).
    private func borrowShared(_ text: UnsafeRawPointer, count: Int, slot: Int32, into block: LineBlock) {
        atk_window_retain(slot)
        borrow(text, count: count, slot: slot, into: block)
    }

    /// Lends `block` a window mapped for it alone (the block holds it).
    private func borrow(_ text: UnsafeRawPointer, count: Int, slot: Int32, into block: LineBlock) {
        block.borrow(text, count: count, window: slot)
        position += Int64(count)
    }

    /// Makes `block` the input's last, with how it ended (the file is closed when the cursor is
    /// released).
    private func end(_ block: LineBlock, error: InputError?) {
        finished = true
        releaseMapping()
        var error = error
        if error == nil && (shrank || currentSize() < position) { error = .changedWhileReading(path: source.path) }
        block.count = block.filled
        block.end = LineBlock.End(
            error: error, inputBytes: position - origin, isGzip: false, gzipMembers: 0, isZstd: false, zstdFrames: 0)
    }

    /// A failed `mmap(2)` or `pread(2)` at the cursor, with its `errno`.
    private func readError() -> InputError {
        .readFailed(path: source.path, errno: errno, offset: position - origin)
    }

    private func currentSize() -> Int64 {
        var info = stat()
        return fstat(fd, &info) == 0 ? Int64(info.st_size) : size
    }
}
