/// `duplicate.event`: remembers a 64-bit hash of each event's (`_track_id`, `distinct_id`,
/// `event`, `time`) and says when one is seen again.
///
/// Open addressing over a power-of-two table of hashes (0 marks an empty slot), at most half
/// full: 8 to 16 bytes per event with a `_track_id`. Two different keys collide with probability
/// about n² / 2⁶⁵ over n events (1 in 80 million for a million events): a collision would
/// report one line as a duplicate that is not.
struct DuplicateDetector {
    private var slots: [UInt64]
    private var mask: Int
    private var used = 0

    init(capacity: Int = 1 << 16) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// The key of an event: the four values as written (a value written differently, such as
    /// `"a"` and `"\u0061"`, counts as different).
    static func key(trackId: JSONNode, distinctId: JSONNode, event: JSONNode, time: JSONNode) -> UInt64 {
        var h = Interner.hash(trackId.sourceBytes)
        h = combine(h, Interner.hash(distinctId.sourceBytes))
        h = combine(h, Interner.hash(event.sourceBytes))
        h = combine(h, Interner.hash(time.sourceBytes))
        return h == 0 ? 1 : h
    }

    @inline(__always)
    private static func combine(_ h: UInt64, _ part: UInt64) -> UInt64 {
        let mixed = (h ^ part) &* 0x9E37_79B9_7F4A_7C15
        return mixed ^ (mixed >> 31)
    }

    /// Inserts `key`; returns true when it was already there.
    ///
    /// - Complexity: O(1) expected.
    mutating func seenBefore(_ key: UInt64) -> Bool {
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
