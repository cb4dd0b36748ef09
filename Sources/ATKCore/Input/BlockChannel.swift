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

    /// Marks the end of one reader's work (the read ends when every reader is done).
    func finish() {
        condition.lock()
        readers -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Takes the next filled block in input order, waiting for the readers; nil after the last.
    func receive() -> LineBlock? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let block = filled[delivering]?.first {
                filled[delivering]?.removeFirst()
                held[delivering, default: 0] -= 1
                if block.end != nil {
                    // An input's last block: the next input's blocks are no longer ahead.
                    filled[delivering] = nil
                    held[delivering] = nil
                    delivering += 1
                    aheadHeld -= held[delivering, default: 0]
                    condition.broadcast()
                }
                return block
            }
            if readers == 0 { return nil }
            condition.wait()
        }
    }

    /// Returns a block to the pool once parsed; one grown by a long line gives its memory back.
    ///
    /// Every block starts at the same size, so where an input's blocks are cut depends on the
    /// input alone, never on which block of the pool a reader got: what the gzip reader can
    /// still take back in the block being filled (``BlockProducer/takeBack(_:_:)``) is the same
    /// in every run.
    func recycle(_ block: LineBlock) {
        if block.capacity > blockSize { block.shrink(to: blockSize) }
        condition.lock()
        empty.append(block)
        condition.broadcast()
        condition.unlock()
    }
}
