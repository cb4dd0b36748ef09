/// Maps pairs of dense ids (an event name and a property key) to dense indices, in 16-24 bytes a
/// pair: the pair as one 64-bit word, and a 4-byte slot in an open-addressing table that is at most
/// half full.
///
/// A `Dictionary` or an ``Interner`` of the pair's bytes costs twice that.
struct IdPairMap {
    /// Index → the pair, first id in the high 32 bits.
    private(set) var pairs: [UInt64] = []
    /// Slot → index + 1 (0: empty).
    private var slots = [UInt32](repeating: 0, count: 16)

    /// Number of pairs.
    var count: Int { pairs.count }

    /// The index of `(first, second)`, adding it if new; `isNew` tells which.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    mutating func index(_ first: Int32, _ second: Int32) -> (index: Int, isNew: Bool) {
        let pair = UInt64(UInt32(bitPattern: first)) << 32 | UInt64(UInt32(bitPattern: second))
        let mask = slots.count - 1
        var slot = Self.slot(pair, mask)
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if pairs[Int(entry) - 1] == pair { return (Int(entry) - 1, false) }
            slot = (slot + 1) & mask
        }
        pairs.append(pair)
        slots[slot] = UInt32(truncatingIfNeeded: pairs.count)
        if pairs.count * 2 > slots.count { rehash() }
        return (pairs.count - 1, true)
    }

    /// The first id of the pair at `index`.
    func first(_ index: Int) -> Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: pairs[index] >> 32)) }

    /// The second id of the pair at `index`.
    func second(_ index: Int) -> Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: pairs[index])) }

    private mutating func rehash() {
        slots = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, pair) in pairs.enumerated() {
            var slot = Self.slot(pair, mask)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(truncatingIfNeeded: index + 1)
        }
    }

    @inline(__always)
    private static func slot(_ pair: UInt64, _ mask: Int) -> Int {
        // MurmurHash3's finalizer: every input bit reaches the low bits the mask keeps.
        var h = pair ^ (pair >> 33)
        h = h &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return Int(truncatingIfNeeded: h) & mask
    }
}
