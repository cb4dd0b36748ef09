/// Distinct user keys numbered densely from 0 in the order first seen, for analyses that keep
/// their per-user state by number and never need a key's text back (funnels, sessions,
/// retention).
///
/// A key with a ``CompactKey`` (the SDKs' UUIDs, 32 hex digits, keys of up to 16 bytes) is kept in
/// 16 bytes with its number (a ``CompactKeyTable`` entry: 24 bytes, and 5-11 bytes of table);
/// any other key as its text in an ``Interner``, with a 4-byte number beside it. A user of the
/// SDKs' 36-character ids costs about 30 bytes instead of about 60 as text.
struct UserNumbers {
    /// Keys with a ``CompactKey``, each with its user's number.
    private var compactKeys = CompactKeyTable<Int32>(capacity: 4096)
    /// Other keys as text, and per interned key its user's number.
    private var keys = Interner(capacity: 1024)
    private var numbers: [Int32] = []

    /// Distinct keys numbered.
    var count: Int { compactKeys.count + keys.count }

    /// The number of the user with key `key`, the next number if it is new.
    ///
    /// - Complexity: O(1) expected: five word comparisons when the key is the previous one's
    ///   UUID, else one table look-up (and one interner look-up for a key of no compact form).
    @inline(__always)
    mutating func number(of key: UnsafeRawBufferPointer) -> Int32 {
        let next = Int32(truncatingIfNeeded: count)
        if let index = compactKeys.index(of: key, inserting: next) { return compactKeys[index] }
        let id = Int(keys.internRepeating(key))
        if id == numbers.count { numbers.append(next) }
        return numbers[id]
    }

    /// The number of the user of `distinctId`: its person key with stitched identities
    /// (`persons`), else its own bytes.
    @inline(__always)
    mutating func number(of distinctId: JSONNode, persons: IdentityGraph?) -> Int32 {
        distinctId.withUserKey(persons: persons) { number(of: $0) }
    }
}
