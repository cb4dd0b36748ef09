/// A reusable buffer of whole lines, handed from the reader thread to the parsing thread.
///
/// Every block but the last of an input ends with `\n`; the last may end with a line that has
/// no line end. A block with ``end`` set closes its input.
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

    private(set) var storage: UnsafeMutableRawPointer
    private(set) var capacity: Int
    /// Bytes written into ``storage``.
    var filled = 0
    /// Bytes of whole lines shipped to the parser (`filled` once cut).
    var count = 0
    var fileIndex = 0
    var startsFile = false
    var end: End?
    /// Lines longer than the limit that the reader skipped: each at the position of the line
    /// that followed it (a line start, or ``count``), with its length, in order.
    var oversized: [(position: Int, length: Int64)] = []

    init(capacity: Int) {
        self.capacity = capacity
        storage = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit { storage.deallocate() }

    /// Free space after the bytes written so far.
    var free: Int { capacity - filled }

    /// Clears the block for reuse by `fileIndex`.
    func reset(fileIndex: Int, startsFile: Bool) {
        filled = 0
        count = 0
        self.fileIndex = fileIndex
        self.startsFile = startsFile
        end = nil
        oversized.removeAll(keepingCapacity: true)
    }

    /// Returns to `capacity` bytes when a long line made the block larger (for reuse).
    func shrink(to capacity: Int) {
        guard self.capacity > capacity else { return }
        storage.deallocate()
        storage = .allocate(byteCount: capacity, alignment: 16)
        self.capacity = capacity
        filled = 0
        count = 0
    }

    /// Doubles the capacity, keeping the bytes written (for a line longer than a block).
    func grow() {
        let newCapacity = capacity * 2
        let newStorage = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        newStorage.copyMemory(from: storage, byteCount: filled)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }
}
