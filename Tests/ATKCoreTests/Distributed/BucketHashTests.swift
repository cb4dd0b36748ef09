import Testing

@testable import ATKCore

@Suite("the bucket hash of atk dist shard")
struct BucketHashTests {
    @Test("FNV-1a 64 gives the published vectors")
    func vectors() {
        #expect(BucketHash.fnv1a64([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(BucketHash.fnv1a64("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(BucketHash.fnv1a64("foobar".utf8) == 0x8594_4171_f739_67e8)
    }

    /// The bucket of the first event of `line` under `key`, for `count` buckets.
    private func bucket(_ line: String, key: PartitionKey = .distinctId, count: Int) -> Int? {
        var probe = KeyProbe(key: key, count: count)
        _ = LineFeed.feed(Array(line.utf8), into: &probe)
        return probe.buckets.first
    }

    @Test("a string distinct_id hashes its decoded UTF-8; the bucket is the hash modulo the count")
    func distinctId() {
        // FNV-1a 64 of "u100080" is 0x30f68d845b98f1f1: 2 modulo 3, 6 modulo 7.
        #expect(bucket(#"{"distinct_id":"u100080"}"#, count: 3) == 2)
        #expect(bucket(#"{"distinct_id":"u100080"}"#, count: 7) == 6)
        // "é" written as an escape hashes as its UTF-8 (0xc3 0xa9): 0x0ac21707b7181e01.
        #expect(bucket(#"{"distinct_id":"\u00e9"}"#, count: 7) == Int(0x0ac2_1707_b718_1e01 % 7))
        #expect(bucket(#"{"distinct_id":"é"}"#, count: 7) == Int(0x0ac2_1707_b718_1e01 % 7))
    }

    @Test("--by hashes the property's text; a line without the key hashes INPUT:LINE")
    func propertyAndKeyless() {
        let line = #"{"distinct_id":"x","properties":{"$device_id":"a"}}"#
        #expect(bucket(line, key: .property("$device_id"), count: 7) == 5)
        // No distinct_id on line 1 of input 0: FNV-1a 64 of "0:1".
        let keyless = Int(BucketHash.fnv1a64("0:1".utf8) % 7)
        #expect(bucket(#"{"event":"A"}"#, count: 7) == keyless)
        #expect(BucketHash.locationHash(LineLocation(fileIndex: 0, line: 17)) == 0x6c0a_44f9_bab1_0b57)
    }
}

/// Records the bucket of each event, as the shard computes it.
private struct KeyProbe: DumpVisitor {
    let key: PartitionKey
    let count: Int
    var buckets: [Int] = []

    mutating func visit(_ event: Event) {
        let hash = BucketHash.keyHash(of: event, key: key) ?? BucketHash.locationHash(event.location)
        buckets.append(BucketHash.bucket(hash: hash, count: count))
    }

    mutating func visitMalformed(_ line: MalformedLine) {}
}
