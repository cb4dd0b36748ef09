import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The segments of one multi-member gzip file whose members several reader threads inflate at
/// once.
///
/// A gzip stream cannot be split, but each member of a multi-member file (`cat a.gz b.gz`,
/// rotated logs, log shippers appending a member per flush) starts afresh. Once the reader has
/// inflated the file's first member (ending at ``firstEnd``), the rest of the compressed bytes is
/// cut into spans of ``span`` bytes: span `j` (1, 2, …) covers `[firstEnd + j × span, firstEnd +
/// (j + 1) × span)`, and its candidate start (``candidate(_:)``) is the first offset in it that
/// looks like a gzip header. Segment 0 is the reading from the file's start.
///
/// A thread inflating segment `k` reads member after member, as the one reader would. At each
/// member end it asks whether the end is the candidate start of a later span `j` and whether its
/// text so far ends at a line end; if both, its segment stops there and the file's text goes on
/// with segment `j`, which another thread may already have inflated from that offset. A
/// candidate that is not a real member start is never landed on exactly, and a member boundary
/// inside a line is passed over, so the text handed on is the text one reader would have made,
/// line for line. Where spans are cut depends on the file alone (its first member's size and
/// compression ratio), never on the number of threads.
final class GzipSegments: @unchecked Sendable {
    /// What became of a segment.
    enum State {
        /// No thread has started it.
        case pending
        /// A thread inflates it (or has done so).
        case claimed
        /// Its text is not part of the file's: the reading that covers its start went past it.
        case dropped
    }

    /// The input's index.
    let fileIndex: Int
    let path: String
    /// Compressed offset where the first member ends (and span 1's range starts, minus a span).
    let firstEnd: Int64
    /// Compressed bytes per span.
    let span: Int64
    /// The file's size when the spans were cut.
    let fileSize: Int64
    /// Spans past segment 0: `1...spans`.
    let spans: Int
    /// Segment states, index 0 unused (segment 0 is read by the thread that found the members);
    /// guarded by the ``BlockChannel``'s lock.
    var states: [State]
    /// Whether idle reader threads may start segments before the reading reaches them.
    ///
    /// Turned off once a reading reaches a segment's start inside a line (members that end
    /// inside lines), so that work is not spent on segments that will be dropped. Guarded by the
    /// channel's lock.
    var speculate = true

    private let lock = NSLock()
    private var candidates: [Int: Int64?] = [:]

    /// The spans of a file whose first member ends at `firstEnd`, `firstText` bytes of text.
    ///
    /// A span is about `textPerSegment` bytes of text at the first member's ratio (so a segment
    /// fits in the blocks a reader may fill ahead of the one being parsed), at least
    /// `minimumSpan` compressed bytes; nil when no span fits before the file's end.
    init?(
        fileIndex: Int, path: String, firstEnd: Int64, firstText: Int64, fileSize: Int64, textPerSegment: Int64,
        minimumSpan: Int64
    ) {
        let ratio = Double(max(1, firstText)) / Double(max(1, firstEnd))
        let span = max(minimumSpan, min(Int64(Double(textPerSegment) / ratio), 1 << 30))
        guard span > 0, fileSize - firstEnd > span else { return nil }
        self.fileIndex = fileIndex
        self.path = path
        self.firstEnd = firstEnd
        self.span = span
        self.fileSize = fileSize
        spans = Int((fileSize - firstEnd - 1) / span)
        states = Array(repeating: .pending, count: spans + 1)
        states[0] = .claimed
    }

    /// The span that holds compressed offset `offset`; 0 before the first span.
    func spanIndex(of offset: Int64) -> Int {
        offset < firstEnd + span ? 0 : min(spans, Int((offset - firstEnd) / span))
    }

    /// Segment `j`'s start, or nil when its span has none.
    ///
    /// The start is the first offset in span `j` where the bytes read `1F 8B 08` and a flag byte
    /// without reserved bits (every member atk reads cleanly starts so). Found once, by a scan of
    /// the file, and remembered.
    func candidate(_ j: Int) -> Int64? {
        lock.lock()
        if let known = candidates[j] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let found = scan(from: firstEnd + Int64(j) * span, to: min(firstEnd + Int64(j + 1) * span, fileSize))
        lock.lock()
        candidates[j] = found
        lock.unlock()
        return found
    }

    /// The segment whose candidate start is exactly `offset`, a member's end; nil if none is.
    func segment(startingAt offset: Int64) -> Int? {
        let j = spanIndex(of: offset)
        guard j >= 1, candidate(j) == offset else { return nil }
        return j
    }

    /// The first header-like offset in `[start, end)`, reading the file with `pread(2)`.
    private func scan(from start: Int64, to end: Int64) -> Int64? {
        guard start < end else { return nil }
        let fd = PathName.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let size = 64 * 1024
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size + 4)
        defer { buffer.deallocate() }
        var position = start
        while position < end {
            // Three bytes past the piece, so a header starting at its last bytes is seen whole.
            let want = Int(min(Int64(size), end - position)) + 3
            var n: Int
            repeat { n = pread(fd, buffer, want, off_t(position)) } while n < 0 && errno == EINTR
            guard n >= 4 else { return nil }
            let starts = min(n - 3, Int(end - position))
            var i = 0
            while i < starts {
                guard let hit = memchr(buffer + i, 0x1F, starts - i) else { break }
                let k = UnsafeMutableRawPointer(buffer).distance(to: hit)
                if buffer[k + 1] == 0x8B && buffer[k + 2] == 8 && buffer[k + 3] & 0xE0 == 0 {
                    return position + Int64(k)
                }
                i = k + 1
            }
            position += Int64(starts)
        }
        return nil
    }
}
