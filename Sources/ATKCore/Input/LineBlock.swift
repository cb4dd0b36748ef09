import CScan

/// A reusable buffer of whole lines, handed from the reader thread to the parsing thread.
///
/// Every block but the last of an input ends with `\n`; the last may end with a line that has
/// no line end. A block with ``end`` set closes its input.
///
/// The lines are in the block's own buffer, or, for a plain regular file, in a window of the
/// file mapped read-only (``borrow(_:count:window:)``), unmapped when the block is recycled.
final class LineBlock: @unchecked Sendable {
    /// How an input ended.
    struct End {
        var error: InputError?
        /// Bytes read from the file or pipe (compressed size for gzip).
        var inputBytes: Int64
        var isGzip: Bool
        var gzipMembers: Int
        var isZstd: Bool
        var zstdFrames: Int
    }

    /// The block's bytes: its own buffer, or the mapped window it borrows (read only).
    private(set) var storage: UnsafeMutableRawPointer
    /// The block's own buffer, where the reader writes.
    private var buffer: UnsafeMutableRawPointer
    private(set) var capacity: Int
    /// The slot of the mapped window ``storage`` points into (``atk_window_map``), or -1.
    private(set) var window: Int32 = -1
    /// Bytes written into ``storage``.
    var filled = 0
    /// Bytes of whole lines shipped to the parser (`filled` once cut).
    var count = 0
    var fileIndex = 0
    var startsFile = false
    /// The segment of a multi-member gzip file the block's text is from (``GzipSegments``); 0
    /// for every other input.
    var segment = 0
    /// Set on a segment's last block when the file's text goes on with segment `next`; `members`
    /// are the gzip members the segment read.
    var continues: (next: Int, members: Int)?
    var end: End?
    /// Lines longer than the limit that the reader skipped: each at the position of the line
    /// that followed it (a line start, or ``count``), with its length, in order.
    var oversized: [(position: Int, length: Int64)] = []
    /// Bytes of those skipped lines, their line ends included, that are in no block: the input's
    /// text is ``count`` plus this, summed over its blocks, whatever the block size.
    var skippedBytes: Int64 = 0

    /// Records a line longer than the limit that the reader skipped before the block's first
    /// line: `bytes` of it, then its line feed when `lineFeed` (the input may end inside it).
    ///
    /// Its length, as for every line, leaves out the line end: a CR before the line feed is not
    /// counted (`carriageReturn`: the byte before the line feed is one). Its bytes, line feed
    /// included, count in ``skippedBytes``.
    func recordSkippedLine(bytes: Int64, lineFeed: Bool, carriageReturn: Bool = false) {
        oversized.append((0, bytes - (lineFeed && carriageReturn ? 1 : 0)))
        skippedBytes += bytes + (lineFeed ? 1 : 0)
    }

    init(capacity: Int) {
        self.capacity = capacity
        buffer = .allocate(byteCount: capacity, alignment: 16)
        storage = buffer
    }

    deinit {
        _ = returnWindow()
        buffer.deallocate()
    }

    /// Makes the block's lines the `count` mapped bytes at `text`, in window `window`, which the
    /// block then holds (``returnWindow()`` lets go of it).
    func borrow(_ text: UnsafeRawPointer, count: Int, window: Int32) {
        precondition(self.window < 0 && filled == 0, "a block borrows one window, when empty")
        storage = UnsafeMutableRawPointer(mutating: text)
        self.window = window
        filled = count
        self.count = count
    }

    /// Lets go of the borrowed window, if any (unmapped when no other block or the reader's
    /// cursor holds it), and points the block at its own buffer again.
    /// - Returns: whether part of the window was lost: the file shrank while it was mapped, and
    ///   the bytes past its new end read as zeros.
    func returnWindow() -> Bool {
        guard window >= 0 else { return false }
        let lost = atk_window_unmap(window) != 0
        window = -1
        storage = buffer
        filled = 0
        count = 0
        return lost
    }

    /// Whether the bytes written so far end with a line feed (or there are none).
    var endsAtLineEnd: Bool { filled == 0 || storage.load(fromByteOffset: filled - 1, as: UInt8.self) == 0x0A }

    /// Free space after the bytes written so far.
    var free: Int { capacity - filled }

    /// Clears the block for reuse by `fileIndex` (its segment `segment`).
    func reset(fileIndex: Int, startsFile: Bool, segment: Int = 0) {
        precondition(window < 0, "a block is reset after its window was returned")
        filled = 0
        count = 0
        self.fileIndex = fileIndex
        self.startsFile = startsFile
        self.segment = segment
        continues = nil
        end = nil
        oversized.removeAll(keepingCapacity: true)
        skippedBytes = 0
    }

    /// Returns to `capacity` bytes when a long line made the block larger (for reuse).
    func shrink(to capacity: Int) {
        guard self.capacity > capacity else { return }
        buffer.deallocate()
        buffer = .allocate(byteCount: capacity, alignment: 16)
        storage = buffer
        self.capacity = capacity
        filled = 0
        count = 0
    }

    /// Doubles the capacity, keeping the bytes written (for a line longer than a block).
    func grow() {
        precondition(window < 0, "a borrowed block is never written")
        let newCapacity = capacity * 2
        let newStorage = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        newStorage.copyMemory(from: buffer, byteCount: filled)
        buffer.deallocate()
        buffer = newStorage
        storage = newStorage
        capacity = newCapacity
    }
}
