import CScan

/// An append-only array in fixed-size chunks, for records kept per event: growing never copies
/// or over-allocates, so its memory is its elements' bytes (stride × count) plus one partly
/// filled chunk, where an `Array` briefly holds twice its contents while it grows and keeps up
/// to twice its count allocated.
///
/// Chunks hold 65,536 elements (1 MiB of 16-byte elements); the pages of the last chunk that are
/// not filled yet are not touched, so they take no memory.
struct ChunkedBuffer<Element> {
    private static var shift: Int { 16 }
    private static var chunkSize: Int { 1 << shift }

    private var chunks: [[Element]] = []
    /// Where each chunk's elements were when it was made or taken over.
    ///
    /// For ``prefetch(after:in:before:)`` only: a prefetch is a hint that cannot fault, so an
    /// address a copy-on-write has since left behind costs nothing but the hint. Reaching the
    /// address through the chunk's array instead took a reference count up and down per element
    /// (two per record in `atk impressions`' evaluation, a quarter of its time after the read).
    private var addresses: [UInt] = []
    /// Number of elements.
    private(set) var count = 0

    init() {}

    /// Appends an element and returns its index.
    ///
    /// - Complexity: O(1); a new chunk every 65,536 elements.
    @inline(__always)
    @discardableResult
    mutating func append(_ element: Element) -> Int {
        let index = count
        if index & (Self.chunkSize - 1) == 0 { startChunk() }
        chunks[index >> Self.shift].append(element)
        count = index + 1
        return index
    }

    /// Moves `other`'s elements, each changed in place by `transform`, into this buffer by taking
    /// over its chunks: nothing is copied but this buffer's last, partly filled chunk, whose
    /// elements move after `other`'s (a merge of partials touches no new memory, where copying
    /// every element faulted in a page per 85 of them).
    ///
    /// Each buffer's elements keep their order among themselves; `other`'s come after this
    /// buffer's full chunks, this buffer's last chunk's after them.
    ///
    /// - Complexity: O(`other.count`) to transform, plus O(65,536) at most to move the last chunk.
    mutating func append(adopting other: inout ChunkedBuffer, _ transform: (inout Element) -> Void) {
        for chunk in other.chunks.indices {
            other.chunks[chunk].withUnsafeMutableBufferPointer { elements in
                for index in elements.indices { transform(&elements[index]) }
            }
        }
        let tail = count & (Self.chunkSize - 1) == 0 ? [] : chunks.removeLast()
        count = count - tail.count + other.count
        chunks.append(contentsOf: other.chunks)
        // `other` lets go of its chunks first, so appending to the last one does not copy it.
        other = ChunkedBuffer()
        append(contentsOf: tail)
        addresses = chunks.map(Self.address(of:))
    }

    /// Appends `elements` in order, a chunk's room at a time (one copy each, where appending them
    /// one by one checked each chunk's uniqueness twice an element: a millisecond for the tail
    /// chunk of a merge of `atk impressions`' records).
    ///
    /// - Complexity: O(`elements.count`).
    mutating func append(contentsOf elements: [Element]) {
        var start = 0
        while start < elements.count {
            if count & (Self.chunkSize - 1) == 0 { startChunk() }
            let room = Self.chunkSize - (count & (Self.chunkSize - 1))
            let taken = min(room, elements.count - start)
            chunks[chunks.count - 1].append(contentsOf: elements[start..<start + taken])
            count += taken
            start += taken
        }
    }

    /// Adds an empty chunk with room for a chunk's elements, and notes where they will be.
    private mutating func startChunk() {
        var chunk: [Element] = []
        chunk.reserveCapacity(Self.chunkSize)
        chunks.append(chunk)
        addresses.append(Self.address(of: chunks[chunks.count - 1]))
    }

    /// Where each chunk's elements are now (tests check that a merge took chunks over without
    /// copying them).
    var chunkAddresses: [UInt] { chunks.map(Self.address(of:)) }

    /// Where `chunk`'s elements are (0 for none).
    private static func address(of chunk: [Element]) -> UInt {
        chunk.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    /// The element at `index`, which must be below `count`.
    @inline(__always)
    subscript(index: Int) -> Element {
        get { chunks[index >> Self.shift][index & (Self.chunkSize - 1)] }
        set { chunks[index >> Self.shift][index & (Self.chunkSize - 1)] = newValue }
    }

    /// The indices of the elements.
    var indices: Range<Int> { 0..<count }

    /// How many places ahead in an order of their own reads ask for elements
    /// (``prefetch(after:in:before:)``).
    static var prefetchDistance: Int { 16 }

    /// Asks the CPU to start loading the element that `order` (indices into this buffer) names
    /// ``prefetchDistance`` places after `position`, when that place is before `end`: a hint for
    /// reads in an order of their own, which no prefetcher can guess; no effect on results.
    @inline(__always)
    func prefetch<Order: RandomAccessCollection<UInt32>>(after position: Int, in order: Order, before end: Int)
    where Order.Index == Int {
        let ahead = position + Self.prefetchDistance
        guard ahead < end else { return }
        let index = Int(order[ahead])
        let offset = UInt(index & (Self.chunkSize - 1) &* MemoryLayout<Element>.stride)
        let address = addresses[index >> Self.shift] &+ offset
        guard let element = UnsafeRawPointer(bitPattern: address) else { return }
        atk_prefetch(element, 1)
    }
}
