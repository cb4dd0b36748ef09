/// `duplicate.event`: remembers a 64-bit hash of each event's (`_track_id`, `distinct_id`,
/// `event`, `time`) and says when one is seen again.
///
/// A duplicate has the same `time`, so keys are kept in one table per hour of `time`: dumps
/// are roughly in time order, so the table in use stays in the CPU cache (one table for the
/// whole dump missed the cache on nearly every event). Each table is open addressing over a
/// power-of-two array of hashes (0 marks an empty slot), at most half full: 8 to 16 bytes per
/// event with a `_track_id`. Two different keys collide with probability about n² / 2⁶⁵ over
/// n events of an hour (1 in 10¹¹ for 100,000 events in one hour): a collision would report
/// one line as a duplicate that is not.
struct DuplicateDetector {
    /// One hour's keys.
    struct Table {
        private(set) var slots: [UInt64]
        private var mask: Int
        private(set) var used = 0

        init(capacity: Int) {
            var size = 16
            while size < capacity * 2 { size <<= 1 }
            slots = Array(repeating: 0, count: size)
            mask = size - 1
        }

        /// Inserts `key`; returns true when it was already there.
        ///
        /// - Complexity: O(1) expected.
        mutating func insert(_ key: UInt64) -> Bool {
            var slot = Int(truncatingIfNeeded: key) & mask
            while true {
                let stored = slots[slot]
                if stored == key { return true }
                if stored == 0 { break }
                slot = (slot + 1) & mask
            }
            slots[slot] = key
            used += 1
            if used * 2 > slots.count { rehash() }
            return false
        }

        private mutating func rehash() {
            let old = slots
            slots = Array(repeating: 0, count: old.count * 2)
            mask = slots.count - 1
            for key in old where key != 0 {
                var slot = Int(truncatingIfNeeded: key) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = key
            }
        }
    }

    let capacity: Int
    var tables: [Table] = []
    var tableOfWindow: [Int64: Int] = [:]
    /// Tables of an hour that ``merge(_:)`` took over and left apart from `tables[index]`, per
    /// index: they are folded in when a key of that hour comes again, which after the final merge
    /// of a read it never does (folding them in the merge was a fifth of the time `atk validate
    /// --jobs 2` spent on one core after its last line).
    var unfolded: [Int: [Table]] = [:]
    var lastWindow = Int64.min
    var lastTable = -1

    /// - Parameter capacity: keys each hour's table holds before it first grows.
    init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    /// The key of an event: the four values as written (a value written differently, such as
    /// `"a"` and `"\u0061"`, counts as different), folded into one 64-bit hash in one pass.
    static func key(trackId: JSONNode, distinctId: JSONNode, event: JSONNode, time: JSONNode) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15
        h = absorb(h, trackId.sourceBytes)
        h = absorb(h, distinctId.sourceBytes)
        h = absorb(h, event.sourceBytes)
        h = absorb(h, time.sourceBytes)
        h ^= h >> 32
        h = h &* 0xD6E8_FEB8_6659_FD93
        h ^= h >> 32
        return h == 0 ? 1 : h
    }

    /// `bytes` folded into `h`: their length, then words that cover every byte (8-byte words,
    /// the last one ending at the last byte; below 8 bytes, ``ShortBytes``' one word), so that
    /// values of one length that differ anywhere fold in different words.
    @inline(__always)
    private static func absorb(_ h: UInt64, _ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let n = bytes.count
        var h = mix(h, UInt64(n))
        guard let p = bytes.baseAddress, n > 0 else { return h }
        guard n >= 8 else { return mix(h, ShortBytes(p, count: n).a) }
        var i = 0
        while i &+ 8 < n {
            h = mix(h, p.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i &+= 8
        }
        return mix(h, p.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self))
    }

    @inline(__always)
    private static func mix(_ h: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (h ^ word) &* 0xFF51_AFD7_ED55_8CCD
        return mixed ^ (mixed >> 29)
    }

    /// Inserts `key`; returns true when it was already there.
    /// - Parameter time: the event's `time` in ms when valid (its hour picks the table); nil
    ///   puts the key with the others that have none.
    /// - Complexity: O(1) expected.
    mutating func seenBefore(_ key: UInt64, window time: Int64?) -> Bool {
        let window = time.map { $0 / 3_600_000 } ?? -1
        if window != lastWindow {
            lastWindow = window
            if let index = tableOfWindow[window] {
                lastTable = index
                if !unfolded.isEmpty, let others = unfolded.removeValue(forKey: index) { fold(others, into: index) }
            } else {
                tables.append(Table(capacity: capacity))
                lastTable = tables.count - 1
                tableOfWindow[window] = lastTable
            }
        }
        return tables[lastTable].insert(key)
    }

    /// Inserts the keys of `others` into `tables[index]`, the largest of them taking the others'.
    private mutating func fold(_ others: [Table], into index: Int) {
        var all = others
        all.append(Table(capacity: 0))
        swap(&all[all.count - 1], &tables[index])
        let largest = all.indices.max { all[$0].used < all[$1].used } ?? 0
        all.swapAt(largest, all.count - 1)
        var target = all.removeLast()
        for table in all {
            for key in table.slots where key != 0 { _ = target.insert(key) }
        }
        tables[index] = target
    }
}
