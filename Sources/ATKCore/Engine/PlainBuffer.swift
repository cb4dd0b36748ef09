/// A growable list of plain values in memory it allocates itself, for the parse workers' per-line
/// records: appending checks no uniqueness and counts no reference, as an `Array` does each time.
///
/// A value type over a pointer: copies share the memory, so exactly one owner calls
/// ``deallocate()`` (``ParsedBlock`` does, when it is freed), and whoever appends through a copy
/// hands the copy back (``BlockRecorder/finish()``), since the count and the memory may change.
struct PlainBuffer<Element: BitwiseCopyable> {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    /// An empty list with room for `capacity` values.
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// Appends `value`, doubling the room when it is full.
    ///
    /// - Complexity: O(1) amortized.
    @inline(__always)
    mutating func append(_ value: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: value)
        count += 1
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// Forgets every value and keeps the room.
    mutating func removeAll() { count = 0 }

    /// The values, valid until the next append or ``deallocate()``.
    var values: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// Frees the memory; the list must not be used again.
    func deallocate() { base.deallocate() }
}
