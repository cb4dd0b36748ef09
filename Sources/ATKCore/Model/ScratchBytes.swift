/// A reusable byte buffer for building short keys, appended to in place.
///
/// `Array.append(contentsOf:)` of a few raw bytes took about 100 instructions (its generic path
/// checks capacity and uniqueness and copies byte by byte); `atk impressions` built every item
/// key from three such appends. Here an append is a bounds check and one copy into bytes kept
/// allocated between keys. A copy of the struct shares the bytes until either writes (they live
/// in an array).
struct ScratchBytes {
    private var storage: [UInt8] = []
    /// Bytes in use, from the start of `storage`.
    private(set) var count = 0

    /// Forgets the bytes, keeping their room.
    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// Appends `bytes`.
    ///
    /// - Complexity: O(`bytes.count`), amortized.
    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        let end = count + bytes.count
        if end > storage.count { grow(to: end) }
        let start = count
        storage.withUnsafeMutableBytes { storage in
            UnsafeMutableRawBufferPointer(rebasing: storage[start..<end]).copyMemory(from: bytes)
        }
        count = end
    }

    /// Appends the 4 bytes of `value`, least significant first.
    @inline(__always)
    mutating func append(littleEndian value: UInt32) {
        let end = count + 4
        if end > storage.count { grow(to: end) }
        let start = count
        storage.withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: start, as: UInt32.self) }
        count = end
    }

    /// Calls `body` with the bytes in use.
    @inline(__always)
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }

    /// Interns the bytes in use into `interner`.
    ///
    /// `scratch.intern(into: &table)` borrows two stored properties of its owner, each alone;
    /// `scratch.withUnsafeBytes { table.intern($0) }` captures the whole owner in the closure, so
    /// the bytes were retained and released around every key (an atomic pair per exposure).
    @inline(__always)
    mutating func intern(into interner: inout Interner) -> Int32 {
        let count = count
        return storage.withUnsafeBytes { interner.intern(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }

    @inline(never)
    private mutating func grow(to size: Int) {
        storage.append(contentsOf: repeatElement(0, count: max(size, 2 * storage.count, 64) - storage.count))
    }
}
