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
        if index & (Self.chunkSize - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[index >> Self.shift].append(element)
        count = index + 1
        return index
    }

    /// Moves `other`'s elements, each through `transform`, to the end of this buffer, releasing
    /// each of `other`'s chunks once it is copied: a merge of partials holds one chunk twice,
    /// never a whole buffer.
    ///
    /// - Complexity: O(`other.count`).
    mutating func append(draining other: inout ChunkedBuffer, _ transform: (Element) -> Element) {
        for chunk in other.chunks.indices {
            for element in other.chunks[chunk] { append(transform(element)) }
            other.chunks[chunk] = []
        }
        other = ChunkedBuffer()
    }

    /// The element at `index`, which must be below `count`.
    @inline(__always)
    subscript(index: Int) -> Element {
        get { chunks[index >> Self.shift][index & (Self.chunkSize - 1)] }
        set { chunks[index >> Self.shift][index & (Self.chunkSize - 1)] = newValue }
    }

    /// The indices of the elements.
    var indices: Range<Int> { 0..<count }
}
