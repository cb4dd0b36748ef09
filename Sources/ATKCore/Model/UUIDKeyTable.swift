/// Distinct ``UUIDKey``s, each with a value, numbered densely in the order they came: a set of
/// users that keeps an SDK's 36-character id in 16 bytes.
///
/// Keys and values live in a ``ChunkedBuffer`` (no copy as it grows, so no moment holding twice
/// the keys); an open-addressing table of 4-byte slots finds them. A slot holds the key's index
/// plus one, and in its top bit the key's case, so an entry is the key's 16 bytes and its value.
/// No hash is stored: a key's hash is a few instructions from its bits.
///
/// Memory per key: 16 bytes + the value's stride + 5.3-10.7 bytes of slots (a load of 3/8 to
/// 3/4), where ``Interner`` keeps 36 bytes of text, 8 of end offset, 4 of hash and its slots.
struct UUIDKeyTable<Value> {
    private struct Entry {
        var high: UInt64
        var low: UInt64
        var value: Value
    }

    private var entries = ChunkedBuffer<Entry>()
    /// Slot → (index + 1) | case << 31; 0 = empty.
    private var slots: [UInt32]
    private var mask: Int
    /// The index ``index(of:inserting:)`` returned last and its text as five words (the bytes
    /// at 0, 8, 16, 24 and 28), compared before anything is parsed or hashed: SDKs send a
    /// device's events in batches.
    private var lastIndex = -1
    private var lastText: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)

    private static var caseBit: UInt32 { 1 << 31 }

    /// An empty table sized for about `capacity` keys before it grows.
    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// Number of distinct keys.
    var count: Int { entries.count }

    /// The index of the string `bytes` when it is of ``UUIDKey``'s form (adding it with `value`
    /// if new), else nil.
    ///
    /// - Complexity: O(1) expected; five word comparisons when `bytes` are the previous call's.
    @inline(__always)
    mutating func index(of bytes: UnsafeRawBufferPointer, inserting value: @autoclosure () -> Value) -> Int? {
        guard bytes.count == 36, let base = bytes.baseAddress else { return nil }
        let text = (
            base.loadUnaligned(as: UInt64.self), base.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
            base.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
            base.loadUnaligned(fromByteOffset: 24, as: UInt64.self),
            base.loadUnaligned(fromByteOffset: 28, as: UInt64.self)
        )
        if lastIndex >= 0, text == lastText { return lastIndex }
        guard let key = UUIDKey(bytes) else { return nil }
        lastIndex = index(of: key, inserting: value())
        lastText = text
        return lastIndex
    }

    /// The index of `key`, adding it with `value` if new.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    mutating func index(of key: UUIDKey, inserting value: @autoclosure () -> Value) -> Int {
        let tag = key.isUpperCase ? Self.caseBit : 0
        var slot = Int(truncatingIfNeeded: key.tableHash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if entry & Self.caseBit == tag {
                let index = Int(entry & ~Self.caseBit) - 1
                let stored = entries[index]
                if stored.high == key.high && stored.low == key.low { return index }
            }
            slot = (slot + 1) & mask
        }
        let index = entries.append(Entry(high: key.high, low: key.low, value: value()))
        slots[slot] = UInt32(index + 1) | tag
        if entries.count * 4 > slots.count * 3 { rehash() }
        return index
    }

    /// The value of the key at `index`, which ``index(of:inserting:)`` returned.
    subscript(index: Int) -> Value {
        get { entries[index].value }
        set { entries[index].value = newValue }
    }

    /// Doubles the table, placing the keys again from the old one (whose slots hold their case;
    /// both tables are held while it runs: 12 bytes a slot for that moment).
    private mutating func rehash() {
        let old = slots
        let size = old.count * 2
        slots = []
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        for entry in old where entry != 0 {
            let stored = entries[Int(entry & ~Self.caseBit) - 1]
            let key = UUIDKey(high: stored.high, low: stored.low, isUpperCase: entry & Self.caseBit != 0)
            var slot = Int(truncatingIfNeeded: key.tableHash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }
}
