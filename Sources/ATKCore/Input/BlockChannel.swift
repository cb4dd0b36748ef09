import Foundation

/// A bounded hand-off between the reader threads and the parser: the filled blocks of each
/// input, handed out in input order, and a pool of empty ones.
///
/// One reader thread or several: each claims the next input not yet started (``nextInput()``)
/// and reads it to its end, so several files are read and inflated at once while the parser
/// still sees every block in input order. The pool's size bounds the memory in flight, whatever
/// the input's size: the inputs ahead of the one being handed out hold at most ``aheadBudget``
/// blocks together, and the pool has that many more, so readers racing ahead never starve the
/// one the parser waits for.
final class BlockChannel: @unchecked Sendable {
    private let condition = NSCondition()
    /// Filled blocks per input, in order; only inputs not yet handed out completely.
    private var filled: [Int: [LineBlock]] = [:]
    /// Blocks taken by each input's reader and not yet received by the parser.
    private var held: [Int: Int] = [:]
    private var empty: [LineBlock]
    /// The input whose blocks ``receive()`` hands out (every input before it is done).
    private var delivering = 0
    /// The next input a reader may claim.
    private var claimed = 0
    private let inputs: Int
    /// Readers still running.
    private var readers: Int
    /// Blocks taken for inputs after ``delivering`` and not yet received.
    private var aheadHeld = 0
    /// Plain files the readers handed over, by input: their blocks are made by ``receive()``.
    private var mapped: [Int: MappedInput] = [:]
    /// Inputs part of whose mapped text was lost: the file shrank while it was mapped.
    private var lost: Set<Int> = []

    private let blockSize: Int
    /// Blocks the inputs after the one being handed out may hold together: two per extra reader
    /// (at least two, so one reader can start the next input while the parser ends the last).
    let aheadBudget: Int

    /// Creates a channel for `inputs` inputs read by `readers` threads, with `blocks` buffers of
    /// `blockSize` bytes for the parser's side and room for the readers working ahead.
    init(blocks: Int, blockSize: Int, inputs: Int, readers: Int = 1) {
        self.blockSize = blockSize
        self.inputs = inputs
        self.readers = max(1, readers)
        aheadBudget = 2 * max(1, self.readers - 1)
        let total = blocks + 2 * (self.readers - 1)
        empty = (0..<total).map { _ in LineBlock(capacity: blockSize) }
    }

    /// The next input to read, in order; nil when every input is claimed.
    func nextInput() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard claimed < inputs else { return nil }
        claimed += 1
        return claimed - 1
    }

    /// Takes an empty block for input `input`, waiting for the parser to return one (and, for an
    /// input after the one being handed out, for room in ``aheadBudget``).
    func takeEmpty(for input: Int) -> LineBlock {
        condition.lock()
        defer { condition.unlock() }
        while empty.isEmpty || (input > delivering && aheadHeld >= aheadBudget) { condition.wait() }
        held[input, default: 0] += 1
        if input > delivering { aheadHeld += 1 }
        return empty.removeLast()
    }

    /// Hands a filled block to the parser.
    func send(_ block: LineBlock) {
        condition.lock()
        filled[block.fileIndex, default: []].append(block)
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
    /// thread receives at a time.
    func receive() -> LineBlock? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let block = filled[delivering]?.first {
                filled[delivering]?.removeFirst()
                held[delivering, default: 0] -= 1
                if block.end != nil { finishDelivering() }
                return block
            }
            if let input = mapped[delivering] {
                let block: LineBlock
                if let first = input.takeFirstBlock() {
                    held[delivering, default: 0] -= 1
                    block = first
                } else {
                    while empty.isEmpty { condition.wait() }
                    block = empty.removeLast()
                    block.reset(fileIndex: delivering, startsFile: false)
                }
                condition.unlock()
                input.next(into: block)
                condition.lock()
                if block.end != nil {
                    mapped[delivering] = nil
                    finishDelivering()
                }
                return block
            }
            if readers == 0 { return nil }
            condition.wait()
        }
    }

    /// The input being handed out has had its last block: the next input's blocks are no
    /// longer ahead (under the lock).
    private func finishDelivering() {
        filled[delivering] = nil
        held[delivering] = nil
        delivering += 1
        aheadHeld -= held[delivering, default: 0]
        condition.broadcast()
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
        empty.append(block)
        condition.broadcast()
        condition.unlock()
    }
}
