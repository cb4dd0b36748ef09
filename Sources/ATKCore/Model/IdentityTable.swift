/// A map from object identities to small integers: open addressing over a power-of-two table,
/// placed by a multiply of the address.
///
/// For caches keyed by the identity of an object they keep alive (so an identity they hold is
/// never another object's). A lookup is a multiply and one or two loads, where an `Interner` of
/// the identity's 8 bytes hashed and compared them as a string (about 150 instructions).
struct IdentityTable {
    /// Slot → identity (0: empty) and value.
    private var keys: [UInt]
    private var values: [Int32]
    private var shift: UInt64
    /// Number of identities held.
    private(set) var count = 0

    /// An empty table with room for `capacity` identities before it grows.
    init(capacity: Int = 256) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = Array(repeating: 0, count: size)
        values = Array(repeating: 0, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// The value of `identity`, or nil.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    subscript(identity: ObjectIdentifier) -> Int32? {
        let key = UInt(bitPattern: identity)
        let slot = slot(of: key)
        return keys[slot] == key ? values[slot] : nil
    }

    /// Sets the value of `identity` (added if new).
    ///
    /// - Complexity: O(1) amortized.
    mutating func set(_ identity: ObjectIdentifier, _ value: Int32) {
        let key = UInt(bitPattern: identity)
        let slot = slot(of: key)
        if keys[slot] != key {
            keys[slot] = key
            count += 1
        }
        values[slot] = value
        if count * 2 > keys.count { grow() }
    }

    /// The slot holding `key`, or the empty one where it would go.
    @inline(__always)
    private func slot(of key: UInt) -> Int {
        let mask = keys.count - 1
        var slot = Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while keys[slot] != key && keys[slot] != 0 { slot = (slot + 1) & mask }
        return slot
    }

    private mutating func grow() {
        let old = zip(keys, values).filter { $0.0 != 0 }
        keys = Array(repeating: 0, count: keys.count * 2)
        values = Array(repeating: 0, count: keys.count)
        shift -= 1
        for (key, value) in old {
            let slot = slot(of: key)
            keys[slot] = key
            values[slot] = value
        }
    }
}
