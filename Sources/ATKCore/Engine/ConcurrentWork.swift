import Foundation

/// Runs independent pieces of work, such as the finishing steps of the analyses of one pass, on
/// up to `threads` threads at once, and returns their results in the order of the work.
///
/// Each piece must touch only what it owns or reads (values, or copies it mutates): the pieces
/// run at the same time. The results never depend on the threads: each piece's is its own.
public enum ConcurrentWork {
    /// The results of `work`, in its order.
    ///
    /// - Parameters:
    ///   - work: the pieces; each is called exactly once.
    ///   - threads: at most this many run at once (1: one after another on this thread).
    ///   - order: the order the pieces are started in (default: theirs); the longest first keeps
    ///     the threads busy to the end.
    public static func run<T>(_ work: [() -> T], threads: Int, order: [Int]? = nil) -> [T] {
        let order = order ?? Array(work.indices)
        precondition(order.sorted() == Array(work.indices), "order must list every piece once")
        let threads = min(max(1, threads), work.count)
        guard threads > 1 else {
            var results = [T?](repeating: nil, count: work.count)
            for index in order { results[index] = work[index]() }
            return Self.filled(results)
        }
        let state = State(work: work, order: order)
        let finished = DispatchGroup()
        for index in 1..<threads {
            DumpReader.start("atk-finish-\(index)", stackSize: 8 << 20, in: finished) { state.drain() }
        }
        state.drain()
        finished.wait()
        return state.results()
    }

    /// Every piece's result, each slot having been filled once.
    private static func filled<T>(_ slots: [T?]) -> [T] {
        let results = slots.compactMap { $0 }
        precondition(results.count == slots.count, "a piece did not run")
        return results
    }

    /// The pieces, the next to start and the results, shared by the threads.
    private final class State<T>: @unchecked Sendable {
        private let work: [() -> T]
        private let order: [Int]
        private var next = 0
        private let lock = NSLock()
        /// Written once per index, each by the thread that ran that piece; read after all joined.
        private let slots: UnsafeMutableBufferPointer<T?>

        init(work: [() -> T], order: [Int]) {
            self.work = work
            self.order = order
            slots = .allocate(capacity: work.count)
            slots.initialize(repeating: nil)
        }

        deinit {
            _ = slots.deinitialize()
            slots.deallocate()
        }

        /// Runs pieces until none is left to start.
        func drain() {
            while let index = take() { slots[index] = work[index]() }
        }

        private func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < order.count else { return nil }
            next += 1
            return order[next - 1]
        }

        func results() -> [T] { ConcurrentWork.filled(Array(slots)) }
    }
}
