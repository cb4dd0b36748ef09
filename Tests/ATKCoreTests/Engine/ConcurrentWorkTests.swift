import ATKCore
import Foundation
import Testing

@Suite("concurrent work")
struct ConcurrentWorkTests {
    /// Counts calls from several threads.
    private final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var started: [Int] = []

        func note(_ index: Int) {
            lock.lock()
            started.append(index)
            lock.unlock()
        }

        var order: [Int] {
            lock.lock()
            defer { lock.unlock() }
            return started
        }
    }

    @Test("results come in the order of the work, each piece run once, for every thread count")
    func results() {
        for threads in [1, 2, 3, 8, 100] {
            let calls = Calls()
            let work: [() -> String] = (0..<20).map { index in
                {
                    calls.note(index)
                    // Uneven pieces, so that threads finish out of order.
                    var sum = 0
                    for value in 0..<((20 - index) * 20_000) { sum &+= value }
                    return "piece \(index) \(sum > 0)"
                }
            }
            let results = ConcurrentWork.run(work, threads: threads, order: Array((0..<20).reversed()))
            #expect(results == (0..<20).map { "piece \($0) true" })
            #expect(calls.order.sorted() == Array(0..<20))
        }
    }

    @Test("one thread runs the pieces here, in the order asked")
    func serialOrder() {
        let calls = Calls()
        let work: [() -> Int] = (0..<5).map { index in
            {
                calls.note(index); return index * index
            }
        }
        #expect(ConcurrentWork.run(work, threads: 1, order: [3, 1, 4, 0, 2]) == [0, 1, 4, 9, 16])
        #expect(calls.order == [3, 1, 4, 0, 2])
        #expect(ConcurrentWork.run([() -> Int](), threads: 4).isEmpty)
    }
}
