/// The bucket of a line in `atk dist shard`: a stable hash of the user key, the same on every
/// machine, run and version (Docs/distributed.md#the-bucket-hash).
///
/// The hash is FNV-1a 64 (offset basis 0xcbf29ce484222325, prime 0x100000001b3) over the key's
/// bytes, and the bucket is that hash modulo the bucket count. The key bytes are the ones the
/// parallel engine routes by (``PartitionKey``): a string `distinct_id` as UTF-8 after its escapes
/// are decoded, any other `distinct_id` as its JSON text, a `--by` property as its text. A line
/// without a key (malformed, or no such member) hashes the ASCII text `INPUT:LINE` (its input
/// index and line number in decimal, e.g. `0:17`), so keyless lines spread over the buckets.
/// With `--links` (stitched identities) a string `distinct_id` the graph knows hashes its
/// person's key instead, so a person's ids meet in one bucket.
public enum BucketHash {
    /// FNV-1a 64 of `bytes`.
    ///
    /// - Complexity: O(bytes).
    public static func fnv1a64<Bytes: Sequence<UInt8>>(_ bytes: Bytes, seed: UInt64 = offsetBasis) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }

    /// FNV-1a 64's offset basis: the hash of no bytes.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    /// FNV-1a 64's prime.
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The key bytes' hash of `event` under `key`, or nil when the event has no key.
    public static func keyHash(of event: Event, key: PartitionKey) -> UInt64? {
        switch key {
        case .distinctId:
            guard let id = event.distinctId else { return nil }
            return id.kind == .string ? id.withUTF8 { fnv1a64($0) } : fnv1a64(id.sourceBytes)
        case .person(let persons):
            guard let id = event.distinctId else { return nil }
            guard id.kind == .string else { return fnv1a64(id.sourceBytes) }
            return id.withUTF8 { bytes in persons.withPersonKey(of: bytes) { fnv1a64($0) } ?? fnv1a64(bytes) }
        case .property(let name):
            return EventProperties(event).withText(name) { fnv1a64($0) }
        }
    }

    /// The hash of a keyless line: FNV-1a 64 of `INPUT:LINE` in ASCII decimal.
    public static func locationHash(_ location: LineLocation) -> UInt64 {
        fnv1a64("\(location.fileIndex):\(location.line)".utf8)
    }

    /// The bucket, of `count`, for a hash.
    public static func bucket(hash: UInt64, count: Int) -> Int {
        Int(hash % UInt64(max(1, count)))
    }
}
