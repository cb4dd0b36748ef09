/// Maps byte strings (event names, user ids, property names) to dense integer ids, storing each
/// distinct string once.
///
/// Open addressing over a power-of-two table, keyed by a 64-bit hash of the bytes; the bytes live
/// in one growing arena. Looking up a string that is already known allocates nothing.
public struct Interner: Sendable {
    private var arena: [UInt8] = []
    /// Start offset and length of each id's bytes in `arena`.
    private var spans: [(start: Int, count: Int)] = []
    private var hashes: [UInt64] = []
    /// Slot → id + 1 (0 = empty).
    private var slots: [Int32]
    private var mask: Int

    /// An empty interner sized for about `capacity` distinct strings before it grows.
    public init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// Number of distinct strings.
    public var count: Int { spans.count }

    /// The id of `bytes`, adding it if new.
    ///
    /// - Complexity: O(length) expected.
    public mutating func intern(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        let hash = Self.hash(bytes)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            let id = Int(entry - 1)
            if hashes[id] == hash && matches(id, bytes) { return Int32(id) }
            slot = (slot + 1) & mask
        }
        let id = spans.count
        spans.append((arena.count, bytes.count))
        arena.append(contentsOf: bytes)
        hashes.append(hash)
        slots[slot] = Int32(id + 1)
        if spans.count * 2 > slots.count { rehash() }
        return Int32(id)
    }

    /// The id of `string`, adding it if new.
    public mutating func intern(_ string: String) -> Int32 {
        var string = string
        return string.withUTF8 { intern(UnsafeRawBufferPointer($0)) }
    }

    /// The id of `bytes` if known.
    public func lookup(_ bytes: UnsafeRawBufferPointer) -> Int32? {
        let hash = Self.hash(bytes)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            let id = Int(entry - 1)
            if hashes[id] == hash && matches(id, bytes) { return Int32(id) }
            slot = (slot + 1) & mask
        }
    }

    /// True when the string with id `id` is `bytes`: checking a guessed id costs no hashing.
    @inline(__always)
    func isString(_ id: Int32, equalTo bytes: UnsafeRawBufferPointer) -> Bool {
        matches(Int(id), bytes)
    }

    /// The string with id `id`.
    public func string(_ id: Int32) -> String {
        let span = spans[Int(id)]
        return arena.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[span.start..<span.start + span.count]), as: UTF8.self)
        }
    }

    /// Calls `body` with the bytes of id `id` (for keys that are not text).
    public func withBytes<R>(_ id: Int32, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let span = spans[Int(id)]
        return try arena.withUnsafeBytes {
            try body(UnsafeRawBufferPointer(rebasing: $0[span.start..<span.start + span.count]))
        }
    }

    private func matches(_ id: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let span = spans[id]
        guard span.count == bytes.count else { return false }
        return arena.withUnsafeBytes { stored in
            JSONDecoding.bytesEqual(
                UnsafeRawBufferPointer(rebasing: stored[span.start..<span.start + span.count]), bytes)
        }
    }

    private mutating func rehash() {
        let size = slots.count * 2
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        for id in 0..<spans.count {
            var slot = Int(truncatingIfNeeded: hashes[id]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id + 1)
        }
    }

    /// A fast 64-bit hash of bytes (8 bytes per step, multiply-xorshift mixing).
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var i = 0
        let n = bytes.count
        guard let base = bytes.baseAddress else { return h }
        while i + 8 <= n {
            let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            h = (h ^ word) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < n {
            tail |= UInt64(base.load(fromByteOffset: i, as: UInt8.self)) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 29
        h = h &* 0x9E37_79B9_7F4A_7C15
        return h ^ (h >> 32)
    }
}
