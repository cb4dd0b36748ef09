/// Distinct user ids that have a ``CompactKey``, each with a value, numbered densely in the order
/// they came: a set of users that keeps an SDK's 36-character UUID, 32 hex digits, or an id of
/// up to 16 bytes, in 16 bytes.
///
/// Keys and values live in a ``ChunkedBuffer`` (no copy as it grows, so no moment holding twice
/// the keys); an open-addressing table of 4-byte slots finds them. A slot holds the key's index
/// plus one, and in its top three bits the key's kind, so an entry is the key's 16 bytes and its
/// value. No hash is stored: a key's hash is a few instructions from its bits.
///
/// Memory per key: an entry of 16 bytes and the value, padded to 8 (24 bytes for a 4- or 8-byte
/// value), + 5.3-10.7 bytes of slots (a load of 3/8 to 3/4), where ``Interner`` keeps the text,
/// 8 bytes of end offset, 4 of hash and its slots (and its arrays double, holding old and new at
/// once while they grow).
struct CompactKeyTable<Value> {
    private struct Entry {
        var high: UInt64
        var low: UInt64
        var value: Value
    }

    private var entries = ChunkedBuffer<Entry>()
    /// Slot → (index + 1) | kind << 29; 0 = empty.
    private var slots: [UInt32]
    private var mask: Int
    /// The index of the UUID or 32 hex digits seen last (-1: none yet), and its length.
    ///
    /// Its text is kept as five words (the bytes at 0, 8, 16, 24 and its last 8) and compared
    /// before anything is parsed or hashed: SDKs send a device's events in batches.
    private var lastDigitsIndex = -1
    private var lastDigitsCount = 0
    private var lastDigitsText: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
    /// The index a key of another kind had last, and the key (compared before hashing).
    private var lastIndex = -1
    private var lastKey = CompactKey(high: 0, low: 0, kind: .short)

    private static var kindShift: UInt32 { 29 }
    /// The bits of a slot that hold the index plus one.
    private static var indexBits: UInt32 { 1 << kindShift - 1 }
    /// Keys beyond this many are refused (the slot's 29 bits of index are full): their ids go
    /// where ids without a key go.
    private static var capacityLimit: Int { (1 << kindShift) - 2 }

    /// An empty table sized for about `capacity` keys before it grows.
    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// Number of distinct keys.
    var count: Int { entries.count }

    /// The index of the id `bytes` when it has a ``CompactKey`` (adding it with `value` if new),
    /// else nil.
    ///
    /// - Complexity: O(1) expected; five word comparisons when a UUID or 32 hex digits are the
    ///   previous ones.
    @inline(__always)
    mutating func index(of bytes: UnsafeRawBufferPointer, inserting value: @autoclosure () -> Value) -> Int? {
        let count = bytes.count
        if count == 36 || count == 32, let base = bytes.baseAddress {
            let text = (
                base.loadUnaligned(as: UInt64.self), base.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                base.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
                base.loadUnaligned(fromByteOffset: 24, as: UInt64.self),
                base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            )
            if lastDigitsIndex >= 0, count == lastDigitsCount, text == lastDigitsText { return lastDigitsIndex }
            guard let key = CompactKey(bytes), let index = index(of: key, inserting: value()) else { return nil }
            lastDigitsIndex = index
            lastDigitsCount = count
            lastDigitsText = text
            return index
        }
        guard let key = CompactKey(bytes) else { return nil }
        if lastIndex >= 0, key == lastKey { return lastIndex }
        guard let index = index(of: key, inserting: value()) else { return nil }
        lastIndex = index
        lastKey = key
        return index
    }

    /// The index of `key`, adding it with `value` if new; nil when it is new and the table is
    /// full (about 536 million keys).
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    private mutating func index(of key: CompactKey, inserting value: @autoclosure () -> Value) -> Int? {
        let tag = key.kind.rawValue << Self.kindShift
        var slot = Int(truncatingIfNeeded: key.tableHash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if entry >> Self.kindShift == key.kind.rawValue {
                let index = Int(entry & Self.indexBits) - 1
                let stored = entries[index]
                if stored.high == key.high && stored.low == key.low { return index }
            }
            slot = (slot + 1) & mask
        }
        guard entries.count < Self.capacityLimit else { return nil }
        let index = entries.append(Entry(high: key.high, low: key.low, value: value()))
        slots[slot] = UInt32(index + 1) | tag
        if entries.count * 4 > slots.count * 3 { rehash() }
        return index
    }

    /// The value of the key at `index`, which ``index(of:inserting:)`` returned.
    @inline(__always)
    subscript(index: Int) -> Value {
        get { entries[index].value }
        set { entries[index].value = newValue }
    }

    /// Doubles the table, placing the keys again from the old one (whose slots hold their kind;
    /// both tables are held while it runs: 12 bytes a slot for that moment).
    private mutating func rehash() {
        let old = slots
        let size = old.count * 2
        slots = []
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        for entry in old where entry != 0 {
            let stored = entries[Int(entry & Self.indexBits) - 1]
            let hash = CompactKey.tableHash(high: stored.high, low: stored.low, kind: entry >> Self.kindShift)
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }
}
