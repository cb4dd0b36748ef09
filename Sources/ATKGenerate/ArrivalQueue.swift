/// Lines waiting to be written, ordered by arrival, then by the order they were made.
struct ArrivalQueue {
    struct Entry {
        var arrival: Int64
        var sequence: Int
        var bytes: [UInt8]
        var draft: EventDraft?
        var rules: [String]
        var faults: [String]
    }

    private var heap: [Entry] = []
    private var sequence = 0

    var peek: Entry? { heap.first }

    mutating func push(arrival: Int64, bytes: [UInt8], draft: EventDraft?, rules: [String], faults: [String]) {
        sequence += 1
        heap.append(
            Entry(arrival: arrival, sequence: sequence, bytes: bytes, draft: draft, rules: rules, faults: faults))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.less(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() {
        guard !heap.isEmpty else { return }
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count && Self.less(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count && Self.less(heap[right], heap[smallest]) { smallest = right }
            if smallest == parent { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }

    private static func less(_ a: Entry, _ b: Entry) -> Bool {
        (a.arrival, a.sequence) < (b.arrival, b.sequence)
    }
}
