/// An analysis's own index for what it worked out per responder chain, looked up by the chain's
/// id in an ``ElementResolver``'s cache (``ElementResolver/entryId(_:)``).
///
/// An analysis that keeps work per chain (impressions its cached elements, elements verify its
/// rebuilt fields) finds it by the chain's id: an array read, with no hash and no reference
/// count per event. A resolver's ids name one chain only while its
/// ``ElementResolver/generation`` stays, so the table empties itself when the generation moves
/// (``renumbered(generation:)``) and its owner then drops what the indices pointed at.
///
/// Memory: 4 bytes per chain id up to the highest id set, kept across clears.
struct ChainSlots {
    /// Per chain id, the owner's index (-1: none).
    private var slots: [Int32] = []
    /// The resolver's generation the ids are of.
    private var generation = 0

    /// The index kept for the chain of id `chain`, or nil: none was set, or the resolver has
    /// renumbered its chains since (`generation` is its ``ElementResolver/generation``).
    @inline(__always)
    func index(ofChain chain: Int, generation: Int) -> Int? {
        guard generation == self.generation, chain < slots.count else { return nil }
        let index = slots[chain]
        return index >= 0 ? Int(index) : nil
    }

    /// Empties the table when the resolver's generation is no longer the one its ids are of, and
    /// returns whether it did: the owner then empties what the indices point at.
    mutating func renumbered(generation: Int) -> Bool {
        guard generation != self.generation else { return false }
        removeAll()
        self.generation = generation
        return true
    }

    /// Forgets every index (the owner emptied what they point at).
    mutating func removeAll() {
        slots.removeAll(keepingCapacity: true)
    }

    /// Keeps `index` for the chain of id `chain` (after ``renumbered(generation:)``).
    ///
    /// - Precondition: `0 <= index <= Int32.max`; an owner keeps at most one index per chain
    ///   id, and a resolver's ids are 32-bit.
    mutating func set(_ index: Int, forChain chain: Int) {
        if slots.count <= chain {
            slots.append(contentsOf: repeatElement(-1, count: chain + 1 - slots.count))
        }
        slots[chain] = Int32(index)
    }
}
