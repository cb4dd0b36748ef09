import Foundation

/// A bounded hand-off between the reader threads and the parser: the filled blocks of each
/// input, handed out in input order, and a pool of empty ones.
///
/// One reader thread or several: each claims the next work (``nextWork()``): an input not yet
/// started, read to its end, or a segment of a multi-member gzip file (``GzipSegments``), so
/// several files, and the members of one file, are inflated at once while the parser still sees
/// every block in input order. A file's blocks come in streams, one per segment (only segment 0
/// for every other input); the parser takes a segment's blocks until its last, which names the
/// segment the text goes on with, and the segments passed over are dropped.
///
/// The pool's size bounds the memory in flight, whatever the input's size: the stream being
/// handed out and the parser hold at most the `blocks` the channel was made with, the streams
/// ahead of it at most ``aheadBudget`` blocks together, and the pool has room for both (and two
/// per reader for a dropped stream's last blocks), so readers racing ahead never starve the one
/// the parser waits for, and the one it waits for never takes the blocks meant for them.
final class BlockChannel: @unchecked Sendable {
    /// The blocks of one input, or of one segment of a multi-member gzip input.
    struct Stream: Hashable, Comparable {
        var file: Int
        var segment: Int

        static func < (a: Stream, b: Stream) -> Bool { (a.file, a.segment) < (b.file, b.segment) }
    }

    /// What a reader thread is given to read.
    enum Work {
        /// An input, from its start.
        case input(Int)
        /// Segment `segment` of a multi-member gzip input.
        case segment(GzipSegments, Int)
    }

    private let condition = NSCondition()
    /// Where readers with nothing to read wait (``nextWork()``), and a count of the events that
    /// wake them.
    private let idle = NSCondition()
    private var idleEvents = 0
    /// Filled blocks per stream, in order; only streams not yet handed out completely.
    private var filled: [Stream: [LineBlock]] = [:]
    /// Blocks taken by each stream's reader and not yet received by the parser.
    private var held: [Stream: Int] = [:]
    private var empty: [LineBlock]
    /// The stream whose blocks ``receive()`` hands out (every stream before it is done).
    private var delivering = Stream(file: 0, segment: 0)
    /// The next input a reader may claim.
    private var claimed = 0
    private let inputs: Int
    /// Readers still running.
    private var readers: Int
    /// Whether segments are started ahead of the reading: with three readers or more.
    ///
    /// With fewer, the parse workers already keep the cores busy (one core's inflating feeds
    /// about three of them), and inflating ahead only takes turns from them.
    private let startsAhead: Bool
    /// Blocks taken for streams after ``delivering`` and not yet received.
    private var aheadHeld = 0
    /// Plain files the readers handed over, by input: their blocks are made by ``receive()``.
    private var mapped: [Int: MappedInput] = [:]
    /// Inputs part of whose mapped text was lost: the file shrank while it was mapped.
    private var lost: Set<Int> = []
    /// Multi-member gzip inputs read in segments, by input, until their last block is received.
    private var segmented: [Int: GzipSegments] = [:]
    /// Segments whose text is not the file's (passed over): their blocks go back to the pool.
    private var dropped: Set<Stream> = []
    /// Gzip members of the segments of the input being handed out, before ``delivering``.
    private var membersBefore = 0

    private let blockSize: Int
    /// Blocks the streams after the one being handed out may hold together: two per extra reader
    /// (at least two, so one reader can start the next input while the parser ends the last), four
    /// when segments are started ahead (a segment is about 4 MiB of text).
    let aheadBudget: Int
    /// Blocks the stream being handed out and the parser may hold: taken for a stream not ahead
    /// (or made from a mapped file) and not yet recycled.
    private let parserBlocks: Int
    private var parserHeld = 0

    /// Creates a channel for `inputs` inputs read by `readers` threads, with `blocks` buffers of
    /// `blockSize` bytes for the parser's side and room for the readers working ahead.
    init(blocks: Int, blockSize: Int, inputs: Int, readers: Int = 1) {
        self.blockSize = blockSize
        self.inputs = inputs
        self.readers = max(1, readers)
        startsAhead = readers > 2
        aheadBudget = max(2, (startsAhead ? 4 : 2) * (self.readers - 1))
        parserBlocks = blocks
        let total = blocks + aheadBudget + 2 * (self.readers - 1)
        empty = (0..<total).map { _ in LineBlock(capacity: blockSize) }
    }

    /// The next work for a reader thread: a segment of a multi-member gzip input that may be
    /// started ahead, or else the next input; waits while every input is claimed but not yet
    /// handed out (a segment may still be found); nil when there is nothing left to read.
    func nextWork() -> Work? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if startsAhead {
                for (file, plan) in segmented.sorted(by: { $0.key < $1.key }) where plan.speculate {
                    let from = file == delivering.file ? delivering.segment + 1 : 1
                    if from <= plan.spans, let j = (from...plan.spans).first(where: { plan.states[$0] == .pending }) {
                        plan.states[j] = .claimed
                        return .segment(plan, j)
                    }
                }
            }
            if claimed < inputs {
                claimed += 1
                return .input(claimed - 1)
            }
            if delivering.file >= inputs { return nil }
            // Idle readers wait apart, woken only when work may have appeared: on the channel's
            // condition they would wake at every block handed over.
            idle.lock()
            let seen = idleEvents
            idle.unlock()
            condition.unlock()
            idle.lock()
            while idleEvents == seen { idle.wait() }
            idle.unlock()
            condition.lock()
        }
    }

    /// Wakes the idle readers: a segment may be startable, or the read is over (under the lock).
    private func wakeIdleReaders() {
        idle.lock()
        idleEvents &+= 1
        idle.broadcast()
        idle.unlock()
    }

    /// Makes `plan`'s segments known: idle readers may start them.
    func register(_ plan: GzipSegments) {
        condition.lock()
        segmented[plan.fileIndex] = plan
        wakeIdleReaders()
        condition.unlock()
    }

    /// Claims segment `j` of `plan` for the calling reader, when no reader has started it and it
    /// was not dropped.
    func claim(_ plan: GzipSegments, segment j: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard segmented[plan.fileIndex] === plan, plan.states[j] == .pending else { return false }
        plan.states[j] = .claimed
        return true
    }

    /// A reading of `plan` passed over a segment's start (its members end inside lines): no
    /// more of its segments are started ahead.
    func passedOver(_ plan: GzipSegments) {
        condition.lock()
        plan.speculate = false
        condition.unlock()
    }

    /// Whether the stream's text turned out not to be its file's: its reader stops.
    func isDropped(_ stream: Stream) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return dropped.contains(stream)
    }

    /// Takes an empty block for stream `stream`, waiting for the parser to return one (and, for
    /// a stream after the one being handed out, for room in ``aheadBudget``).
    func takeEmpty(for stream: Stream) -> LineBlock {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let isDropped = dropped.contains(stream)
            let room = isDropped || (stream <= delivering ? parserHeld < parserBlocks : aheadHeld < aheadBudget)
            if !empty.isEmpty && room {
                if !isDropped {
                    held[stream, default: 0] += 1
                    if stream > delivering { aheadHeld += 1 } else { parserHeld += 1 }
                }
                return empty.removeLast()
            }
            condition.wait()
        }
    }

    /// ``takeEmpty(for:)`` for an input's first stream.
    func takeEmpty(for input: Int) -> LineBlock { takeEmpty(for: Stream(file: input, segment: 0)) }

    /// Hands a filled block to the parser (a dropped stream's block goes back to the pool).
    func send(_ block: LineBlock) {
        condition.lock()
        let stream = Stream(file: block.fileIndex, segment: block.segment)
        if dropped.contains(stream) {
            putBack(block)
        } else {
            filled[stream, default: []].append(block)
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Gives back the block a reader of a dropped stream was filling.
    func abandon(_ block: LineBlock) {
        condition.lock()
        putBack(block)
        condition.broadcast()
        condition.unlock()
    }

    /// Hands over input `index`, a plain file whose blocks ``receive()`` makes from its mapping
    /// (with the block the reader took for it first).
    func handOver(_ input: MappedInput, for index: Int) {
        condition.lock()
        mapped[index] = input
        condition.broadcast()
        condition.unlock()
    }

    /// Marks the end of one reader's work (the read ends when every reader is done).
    func finish() {
        condition.lock()
        readers -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Takes the next filled block in input order, waiting for the readers; nil after the last.
    ///
    /// A mapped input's blocks are made here, on the calling thread (``MappedInput``); one
    /// thread receives at a time. The last block of a segmented gzip input counts the members
    /// of all its segments.
    func receive() -> LineBlock? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let block = filled[delivering]?.first {
                filled[delivering]?.removeFirst()
                held[delivering, default: 0] -= 1
                if let continues = block.continues {
                    membersBefore += continues.members
                    advance(to: Stream(file: delivering.file, segment: continues.next))
                } else if block.end != nil {
                    block.end?.gzipMembers += membersBefore
                    membersBefore = 0
                    advance(to: Stream(file: delivering.file + 1, segment: 0))
                }
                return block
            }
            if delivering.segment == 0, let input = mapped[delivering.file] {
                let block: LineBlock
                if let first = input.takeFirstBlock() {
                    held[delivering, default: 0] -= 1
                    block = first
                } else {
                    while empty.isEmpty { condition.wait() }
                    block = empty.removeLast()
                    parserHeld += 1
                    block.reset(fileIndex: delivering.file, startsFile: false)
                }
                condition.unlock()
                input.next(into: block)
                condition.lock()
                if block.end != nil {
                    mapped[delivering.file] = nil
                    advance(to: Stream(file: delivering.file + 1, segment: 0))
                }
                return block
            }
            if readers == 0 { return nil }
            condition.wait()
        }
    }

    /// The stream being handed out has had its last block: `next` is handed out from now on, a
    /// later segment of the same input or the next input's first stream, and its blocks are no
    /// longer ahead (under the lock).
    ///
    /// The input's segments passed over are dropped: those before `next`, or, once the input
    /// ends, all that are left.
    private func advance(to next: Stream) {
        let file = delivering.file
        if let plan = segmented[file] {
            let last = next.file == file ? next.segment - 1 : plan.spans
            if delivering.segment < last {
                for j in delivering.segment + 1...last { drop(Stream(file: file, segment: j), of: plan) }
            }
            if next.file != file { segmented[file] = nil }
        }
        filled[delivering] = nil
        held[delivering] = nil
        delivering = next
        aheadHeld -= held[next, default: 0]
        parserHeld += held[next, default: 0]
        condition.broadcast()
        wakeIdleReaders()
    }

    /// Stops using a segment's text: its blocks go back to the pool, its reader stops (under the
    /// lock).
    private func drop(_ stream: Stream, of plan: GzipSegments) {
        plan.states[stream.segment] = .dropped
        dropped.insert(stream)
        for block in filled.removeValue(forKey: stream) ?? [] { putBack(block) }
        aheadHeld -= held.removeValue(forKey: stream) ?? 0
    }

    /// Returns a block no parser saw to the pool, at its first size (under the lock).
    private func putBack(_ block: LineBlock) {
        if block.capacity > blockSize { block.shrink(to: blockSize) }
        empty.append(block)
    }

    /// Marks the inputs that shrank while mapped (``InputError/changedWhileReading(path:)``) in
    /// `reports`, unless they already have an error; called once every block is recycled.
    func markLostInputs(in reports: inout [FileReport]) {
        condition.lock()
        defer { condition.unlock() }
        for index in lost.sorted() where reports[index].error == nil {
            reports[index].error = .changedWhileReading(path: reports[index].source.path)
        }
    }

    /// Returns a block to the pool once parsed; one grown by a long line gives its memory back.
    ///
    /// Every block starts at the same size, so where an input's blocks are cut depends on the
    /// input alone, never on which block of the pool a reader got: what the gzip reader can
    /// still take back in the block being filled (``BlockProducer/takeBack(_:_:)``) is the same
    /// in every run.
    ///
    /// A block that borrowed part of a mapped window lets go of it here; the window is unmapped
    /// when its last block does, so the pages a read holds stay a few windows whatever the
    /// file's size.
    func recycle(_ block: LineBlock) {
        let wasLost = block.returnWindow()
        if block.capacity > blockSize { block.shrink(to: blockSize) }
        condition.lock()
        if wasLost { lost.insert(block.fileIndex) }
        parserHeld -= 1
        empty.append(block)
        condition.broadcast()
        condition.unlock()
    }
}
