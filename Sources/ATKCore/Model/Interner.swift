import CScan

/// Maps byte strings (event names, user ids, property names) to dense integer ids, storing each
/// distinct string once.
///
/// Open addressing over a power-of-two table, keyed by a 64-bit hash of the bytes; the bytes live
/// in one growing arena. Looking up a string that is already known allocates nothing.
public struct Interner: Sendable {
    private var arena: [UInt8] = []
    /// Where each id's bytes end in `arena` (they start where the previous id's end): 8 bytes
    /// per string, where a start and a length took 16.
    private var ends: [Int] = []
    /// The low 32 bits of each id's hash: they place it in `slots` (which never outgrows 32
    /// bits, ids being `Int32`) and filter comparisons; 4 bytes per string, where the whole hash
    /// took 8.
    private var hashes: [UInt32] = []
    /// Slot → id + 1 (0 = empty).
    private var slots: [Int32]
    private var mask: Int
    /// The id ``internRepeating(_:)`` returned last (-1: none).
    private var last: Int32 = -1

    /// An empty interner sized for about `capacity` distinct strings before it grows.
    public init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// Number of distinct strings.
    public var count: Int { ends.count }

    /// The id of `bytes`, adding it if new.
    ///
    /// - Complexity: O(length) expected.
    public mutating func intern(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        intern(bytes, hash: UInt32(truncatingIfNeeded: Self.tableHash(bytes)))
    }

    /// ``intern(_:)`` with the low 32 bits of `bytes`' ``tableHash(_:)`` already known (another
    /// interner's stored hash, ``intern(contentsOf:)``).
    @inline(__always)
    mutating func intern(_ bytes: UnsafeRawBufferPointer, hash: UInt32) -> Int32 {
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            let id = Int(entry - 1)
            if hashes[id] == hash && matches(id, bytes) { return Int32(id) }
            slot = (slot + 1) & mask
        }
        let id = ends.count
        arena.append(bytes: bytes)
        ends.append(arena.count)
        hashes.append(hash)
        slots[slot] = Int32(id + 1)
        if ends.count * 4 > slots.count * 3 { rehash() }
        return Int32(id)
    }

    /// ``intern(_:)`` for strings that often come again at once, such as the user of a dump's
    /// next event (SDKs send a device's events in batches: three in four events of the bench dump
    /// have the previous one's `distinct_id`): the previous answer is compared first, which
    /// costs no hashing and touches no table.
    ///
    /// - Complexity: O(length) expected.
    @inline(__always)
    public mutating func internRepeating(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        if last >= 0 && matches(Int(last), bytes) { return last }
        last = intern(bytes)
        return last
    }

    /// The id of `string`, adding it if new.
    public mutating func intern(_ string: String) -> Int32 {
        var string = string
        return string.withUTF8 { intern(UnsafeRawBufferPointer($0)) }
    }

    /// The id of `bytes` if known.
    public func lookup(_ bytes: UnsafeRawBufferPointer) -> Int32? {
        lookup(bytes, hash: UInt32(truncatingIfNeeded: Self.tableHash(bytes)))
    }

    /// The id here of `other`'s string `id`, looked up by the hash `other` stored for it; nil
    /// when it is not here.
    func lookup(_ id: Int32, of other: Interner) -> Int32? {
        other.withBytes(id) { lookup($0, hash: other.hashes[Int(id)]) }
    }

    /// The id here of `other`'s string `id`, added if new, placed by the hash `other` stored for
    /// it.
    mutating func intern(_ id: Int32, of other: Interner) -> Int32 {
        other.withBytes(id) { intern($0, hash: other.hashes[Int(id)]) }
    }

    /// ``lookup(_:)`` with the low 32 bits of `bytes`' ``tableHash(_:)`` already known (another
    /// interner's stored hash).
    private func lookup(_ bytes: UnsafeRawBufferPointer, hash: UInt32) -> Int32? {
        var slot = Int(hash) & mask
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
        let span = span(Int(id))
        return arena.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[span]), as: UTF8.self)
        }
    }

    /// Calls `body` with the bytes of id `id` (for keys that are not text).
    public func withBytes<R>(_ id: Int32, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let span = span(Int(id))
        return try arena.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[span])) }
    }

    /// Calls `body` with the strings' bytes one after another, where each id's bytes end, and
    /// each id's stored hash (the low 32 bits of its ``tableHash(_:)``).
    func withStorage<R>(
        _ body: (UnsafeRawBufferPointer, UnsafeBufferPointer<Int>, UnsafeBufferPointer<UInt32>) throws -> R
    ) rethrows -> R {
        try arena.withUnsafeBytes { arena in
            try ends.withUnsafeBufferPointer { ends in
                try hashes.withUnsafeBufferPointer { hashes in try body(arena, ends, hashes) }
            }
        }
    }

    /// Where id `id`'s bytes are in `arena`.
    @inline(__always)
    private func span(_ id: Int) -> Range<Int> {
        (id == 0 ? 0 : ends[id - 1])..<ends[id]
    }

    private func matches(_ id: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let span = span(id)
        guard span.count == bytes.count else { return false }
        return arena.withUnsafeBytes { stored in
            JSONDecoding.bytesEqual(UnsafeRawBufferPointer(rebasing: stored[span]), bytes)
        }
    }

    /// Adds every string of `other`, none of which this interner holds, with the ids after its own.
    ///
    /// In `other`'s id order: `other`'s id plus the count before. How partials merge tables of the
    /// key they are routed by (users): each key lives in one partial.
    ///
    /// Nothing is looked up or compared: the table grows once to its final size, and each string
    /// goes to the first empty slot from its stored hash, reading only the table. Interning
    /// 300,000 users of another partial one by one (``intern(contentsOf:)``) took 56-84 ms on one
    /// thread at the end of `atk impressions --jobs 2`: each probe of a full table read another
    /// string's stored hash, a cache miss, and the table grew on the way. A debug build checks
    /// that no string was there before.
    ///
    /// - Returns: the id of `other`'s first string here: what turns `other`'s ids into this one's.
    /// - Complexity: O(count of `other`'s strings and bytes), and O(``count``) if the table grows.
    @discardableResult
    mutating func append(disjoint other: Interner) -> Int32 {
        let base = ends.last ?? 0
        let first = count
        assert(
            other.withStorage { arena, ends, _ in
                var start = 0
                return ends.allSatisfy { end in
                    defer { start = end }
                    return lookup(UnsafeRawBufferPointer(rebasing: arena[start..<end])) == nil
                }
            }, "a string of a disjoint interner is already here")
        other.withStorage { arena, otherEnds, otherHashes in
            self.arena.append(bytes: arena)
            ends.reserveCapacity(ends.count + otherEnds.count)
            for end in otherEnds { ends.append(base + end) }
            hashes.append(contentsOf: otherHashes)
        }
        placeAppended(from: first)
        return Int32(first)
    }

    /// Adds the strings of `other` that `map` (from `other`'s ids to this interner's) leaves at
    /// -1, none of which this interner holds, in `other`'s id order after its own, and writes
    /// their ids into `map`.
    ///
    /// ``append(disjoint:)`` for a table that is routed in part: the strings a caller has not
    /// found here by other means are known to be new, so they are placed as that method places
    /// them, with nothing looked up or compared. A debug build checks that none was here.
    ///
    /// - Complexity: O(count of `other`'s strings, and bytes of those added), and O(``count``)
    ///   if the table grows.
    mutating func append(disjoint other: Interner, unmapped map: inout [Int32]) {
        precondition(map.count == other.count, "one entry of the map per string of the other interner")
        let first = count
        other.withStorage { arena, otherEnds, otherHashes in
            // Room for them at once: growing by doubling copied the arrays and faulted their new
            // pages in several times over.
            var (added, bytes) = (0, 0)
            for id in otherEnds.indices where map[id] < 0 {
                added += 1
                bytes += otherEnds[id] - (id == 0 ? 0 : otherEnds[id - 1])
            }
            self.arena.reserveCapacity(self.arena.count + bytes)
            ends.reserveCapacity(ends.count + added)
            hashes.reserveCapacity(hashes.count + added)
            var start = 0
            for id in otherEnds.indices {
                let end = otherEnds[id]
                defer { start = end }
                guard map[id] < 0 else { continue }
                let bytes = UnsafeRawBufferPointer(rebasing: arena[start..<end])
                assert(lookup(bytes) == nil, "a string of a disjoint interner is already here")
                map[id] = Int32(ends.count)
                self.arena.append(bytes: bytes)
                ends.append(self.arena.count)
                hashes.append(otherHashes[id])
            }
        }
        placeAppended(from: first)
    }

    /// Places the ids from `first` on, appended without a table slot, growing the table once to
    /// the size they need.
    private mutating func placeAppended(from first: Int) {
        var size = slots.count
        while count * 4 > size * 3 { size <<= 1 }
        place(from: first, size: size)
    }

    private mutating func rehash() {
        place(from: 0, size: slots.count * 2)
    }

    /// Places the ids from `first` on in the table, each at the first empty slot from its stored
    /// hash; with a new `size`, every id in a new table of that size.
    ///
    /// The ids are placed again from `hashes`: the old table is freed before the new one is
    /// made, so growing never holds both (a third of the peak for a table of users).
    private mutating func place(from first: Int, size: Int) {
        var first = first
        if size != slots.count {
            slots = []
            slots = Array(repeating: 0, count: size)
            mask = size - 1
            first = 0
        }
        for id in first..<ends.count {
            var slot = Int(hashes[id]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id + 1)
        }
    }

    /// The hash that places strings in the table.
    ///
    /// ``hash(_:)`` below 32 bytes, four independent lanes of it up to 127, and `atk_hash_long`
    /// (C: 32 bytes a step with AVX2, the same value without) from 128: responder chains of
    /// 500-1,000 bytes are looked up once per exposure and click, and the lanes took about 450
    /// instructions for one of 540 bytes, `atk_hash_long` about 150. ``hash(_:)`` itself stays
    /// as it is: it routes users to partitions, in this process and across machines, so it must
    /// not change.
    @inline(__always)
    static func tableHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let n = bytes.count
        guard n >= 32, let base = bytes.baseAddress else { return hash(bytes) }
        if n >= 128 { return atk_hash_long(base.assumingMemoryBound(to: UInt8.self), n) }
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(n)
        var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        var c: UInt64 = 0x1656_67B1_9E37_79F9
        var d: UInt64 = 0x27D4_EB2F_1656_67C5
        var i = 0
        while i + 32 <= n {
            a = (a ^ base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            b = (b ^ base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            c = (c ^ base.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            d = (d ^ base.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            a ^= a >> 32
            b ^= b >> 32
            c ^= c >> 32
            d ^= d >> 32
            i += 32
        }
        // The last 1-31 bytes: the 32 that end the string (overlapping the lanes' last block).
        let tail = n - 32
        a = (a ^ base.loadUnaligned(fromByteOffset: tail, as: UInt64.self)) &* 0xC4CE_B9FE_1A85_EC53
        b = (b ^ base.loadUnaligned(fromByteOffset: tail + 8, as: UInt64.self)) &* 0xC4CE_B9FE_1A85_EC53
        c = (c ^ base.loadUnaligned(fromByteOffset: tail + 16, as: UInt64.self)) &* 0xC4CE_B9FE_1A85_EC53
        d = (d ^ base.loadUnaligned(fromByteOffset: tail + 24, as: UInt64.self)) &* 0xC4CE_B9FE_1A85_EC53
        var h = (a ^ (b >> 29) ^ (b << 35)) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ c ^ (d >> 31) ^ (d << 33)) &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 29
        h = h &* 0xC4CE_B9FE_1A85_EC53
        return h ^ (h >> 32)
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
        // The last n - i (0-7) bytes as a little-endian number, read with at most three loads.
        let tail: UInt64
        let rest = n - i
        if rest == 0 {
            tail = 0
        } else if n >= 8 {
            // The 8 bytes that end the string, without those the loop took.
            tail = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)) >> (64 - 8 * rest)
        } else if n >= 4 {
            let low = UInt64(UInt32(littleEndian: base.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)))
            tail = low | (high >> (8 * (8 - n))) << 32
        } else {
            // 1-3 bytes: the first, the middle and the last cover them.
            let middle = n >> 1
            tail =
                UInt64(base.load(as: UInt8.self))
                | UInt64(base.load(fromByteOffset: middle, as: UInt8.self)) << (8 * middle)
                | UInt64(base.load(fromByteOffset: n - 1, as: UInt8.self)) << (8 * (n - 1))
        }
        h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 29
        h = h &* 0x9E37_79B9_7F4A_7C15
        return h ^ (h >> 32)
    }
}

extension [UInt8] {
    /// Appends raw bytes with one copy: `append(contentsOf:)` of a raw buffer goes byte by byte
    /// (a raw buffer offers no typed contiguous storage).
    @inline(__always)
    mutating func append(bytes: UnsafeRawBufferPointer) {
        bytes.withMemoryRebound(to: UInt8.self) { append(contentsOf: $0) }
    }
}
