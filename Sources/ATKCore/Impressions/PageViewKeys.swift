/// The item keys exposed in the current page view, each with its first exposure's record and its
/// last exposure's time: what ``ImpressionEvaluator`` asks of every exposure and click.
///
/// An open-addressing table keyed by key id (multiply-shift placement, linear probing) that
/// forgets its entries in time proportional to their number. It replaced a `[Int32: Exposed]`
/// dictionary, which hashed each id with SipHash, twice per exposure. Memory follows the most
/// keys one page view exposes (24 bytes per slot, at most twice as many slots as keys, plus 4
/// bytes per key to forget them), never the number of distinct keys in the dump.
struct PageViewKeys {
    /// A key's exposures in the page view.
    struct Exposed: Equatable {
        /// The record of its first exposure.
        var first: Int
        /// The time of its last exposure.
        var lastTime: Int64
    }

    private struct Slot {
        /// The key id; -1 when the slot is empty.
        var key: Int32
        var exposed: Exposed
    }

    private static let empty = Slot(key: -1, exposed: Exposed(first: 0, lastTime: 0))

    private var slots = [Slot](repeating: PageViewKeys.empty, count: 64)
    /// The slots in use, to empty them again.
    private var used: [Int32] = []
    /// 32 − log₂(slot count): placement takes the top bits of a 32-bit product.
    private var shift: UInt32 = 32 - 6

    /// The number of keys held.
    var count: Int { used.count }

    /// The key's exposures, or nil when it has none in this page view.
    ///
    /// - Complexity: O(1) expected.
    subscript(key: Int32) -> Exposed? {
        // -1 marks an empty slot, so no negative id is ever held.
        guard key >= 0 else { return nil }
        let slot = slot(of: key)
        return slots[slot].key == key ? slots[slot].exposed : nil
    }

    /// Sets the key's exposures.
    ///
    /// - Complexity: O(1) amortized.
    mutating func set(_ key: Int32, _ exposed: Exposed) {
        precondition(key >= 0, "key ids are not negative")
        let slot = slot(of: key)
        if slots[slot].key == key {
            slots[slot].exposed = exposed
            return
        }
        slots[slot] = Slot(key: key, exposed: exposed)
        used.append(Int32(slot))
        if used.count * 2 > slots.count { grow() }
    }

    /// Forgets every key.
    ///
    /// - Complexity: O(keys held).
    mutating func removeAll() {
        for slot in used { slots[Int(slot)] = Self.empty }
        used.removeAll(keepingCapacity: true)
    }

    /// The slot that holds `key`, or the empty slot where it would go.
    @inline(__always)
    private func slot(of key: Int32) -> Int {
        let mask = slots.count - 1
        var slot = Int((UInt32(bitPattern: key) &* 0x9E37_79B9) >> shift)
        while slots[slot].key != key && slots[slot].key >= 0 { slot = (slot + 1) & mask }
        return slot
    }

    private mutating func grow() {
        let old = used.map { slots[Int($0)] }
        slots = [Slot](repeating: Self.empty, count: slots.count * 2)
        shift -= 1
        used.removeAll(keepingCapacity: true)
        for entry in old {
            let slot = slot(of: entry.key)
            slots[slot] = entry
            used.append(Int32(slot))
        }
    }
}
