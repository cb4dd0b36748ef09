import Foundation

/// A bounded hand-off between the reader thread and the parser: a FIFO of filled blocks and a pool
/// of empty ones.
///
/// The pool's size bounds the memory in flight, whatever the input's size.
final class BlockChannel: @unchecked Sendable {
    private let condition = NSCondition()
    private var filled: [LineBlock] = []
    private var empty: [LineBlock]
    private var finished = false

    private let blockSize: Int

    /// Creates a channel with `blocks` buffers of `blockSize` bytes.
    init(blocks: Int, blockSize: Int) {
        self.blockSize = blockSize
        empty = (0..<blocks).map { _ in LineBlock(capacity: blockSize) }
    }

    /// Takes an empty block, waiting for the parser to return one.
    func takeEmpty() -> LineBlock {
        condition.lock()
        defer { condition.unlock() }
        while empty.isEmpty { condition.wait() }
        return empty.removeLast()
    }

    /// Hands a filled block to the parser.
    func send(_ block: LineBlock) {
        condition.lock()
        filled.append(block)
        condition.broadcast()
        condition.unlock()
    }

    /// Marks the end of all input.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Takes the next filled block in order, waiting for the reader; nil after the last one.
    func receive() -> LineBlock? {
        condition.lock()
        defer { condition.unlock() }
        while filled.isEmpty && !finished { condition.wait() }
        return filled.isEmpty ? nil : filled.removeFirst()
    }

    /// Returns a block to the pool once parsed; one grown by a long line gives its memory back.
    func recycle(_ block: LineBlock) {
        if block.capacity > 4 * blockSize { block.shrink(to: blockSize) }
        condition.lock()
        empty.append(block)
        condition.broadcast()
        condition.unlock()
    }
}
