import CScan
import Testing

@testable import ATKCore

@Suite("Interner")
struct InternerTests {
    @Test("the same bytes get the same id, ids are dense, strings round-trip through growth")
    func interning() {
        var interner = Interner(capacity: 4)
        var ids: [Int32] = []
        for k in 0..<10_000 { ids.append(interner.intern("user-\(k)")) }
        #expect(ids == (0..<10_000).map(Int32.init))
        #expect(interner.intern("user-1234") == 1234)
        #expect(interner.count == 10_000)
        #expect(interner.string(9999) == "user-9999")
        #expect(interner.intern("") == 10_000)
        #expect(interner.intern("商品") == 10_001)
        #expect(interner.string(10_001) == "商品")
        var key = "user-42"
        let found = key.withUTF8 { interner.lookup(UnsafeRawBufferPointer($0)) }
        #expect(found == 42)
    }

    @Test("long strings (four lanes; atk_hash_long from 128 bytes) that differ in one byte anywhere get their own ids")
    func longStrings() {
        var interner = Interner(capacity: 4)
        let base = Array(repeating: UInt8(ascii: "a"), count: 600)
        var strings: [[UInt8]] = []
        for length in [31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 159, 160, 161, 540] {
            strings.append(Array(base[..<length]))
            for position in 0..<length {
                var changed = Array(base[..<length])
                changed[position] = UInt8(ascii: "b")
                strings.append(changed)
            }
        }
        for (id, bytes) in strings.enumerated() {
            #expect(bytes.withUnsafeBytes { interner.intern($0) } == Int32(id))
        }
        for (id, bytes) in strings.enumerated() {
            #expect(bytes.withUnsafeBytes { interner.lookup($0) } == Int32(id))
        }
        #expect(interner.count == strings.count)
        // Spread over the table: 1,806 strings differing in one byte fill about as many of 8,192
        // places as random values would (1,621).
        #expect(strings.count == 1806)
        let low = Set(strings.map { bytes in bytes.withUnsafeBytes { Interner.tableHash($0) & 8191 } })
        #expect(low.count > 1550)
        let full = Set(strings.map { bytes in bytes.withUnsafeBytes { Interner.tableHash($0) } })
        #expect(full.count == strings.count)
    }

    @Test("atk_hash_long: the same value with and without AVX2, at every length and alignment")
    func longHashPaths() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<1200).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes.withUnsafeBufferPointer { buffer in
            for length in 32...1100 {
                for offset in [0, 1, 7, 31] {
                    let start = buffer.baseAddress! + offset
                    #expect(atk_hash_long(start, length) == atk_hash_long_plain(start, length), "\(length) \(offset)")
                }
            }
        }
    }

    @Test("atk_hash_long: swapping two blocks of 32 bytes, or a change in the last one, changes the hash")
    func longHashOrder() {
        let a = Array(repeating: UInt8(ascii: "a"), count: 32), b = Array(repeating: UInt8(ascii: "b"), count: 32)
        let c = Array(repeating: UInt8(ascii: "c"), count: 32)
        let hash = { (bytes: [UInt8]) in bytes.withUnsafeBufferPointer { atk_hash_long($0.baseAddress!, $0.count) } }
        #expect(hash(a + b + c + c) != hash(b + a + c + c))
        #expect(hash(a + b + c + c) != hash(a + b + c + b))
        #expect(hash(a + b + c) != hash(a + b + c + [0]))
        #expect(hash(a + b + c + c) != hash(c + c + a + b))
    }

    @Test("internRepeating gives intern's ids, whether the string repeats or not")
    func repeating() {
        var plain = Interner(capacity: 4)
        var repeating = Interner(capacity: 4)
        let strings = ["u1", "u1", "u1", "u2", "u1", "", "", "u10", "u1", "u2", "u2", "u10"]
        for string in strings + strings.reversed() {
            var bytes = string
            let expected = plain.intern(string)
            #expect(bytes.withUTF8 { repeating.internRepeating(UnsafeRawBufferPointer($0)) } == expected, "\(string)")
            // A plain intern between two repeating ones does not confuse the memory of the last.
            #expect(repeating.intern("other") == plain.intern("other"))
        }
        #expect(repeating.count == plain.count)
    }

    /// `Interner.hash` as it was first written (a byte at a time after the words): it routes users
    /// to partitions, in this process and across machines, so its values must never change.
    private static func referenceHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var i = 0
        let n = bytes.count
        guard let base = bytes.baseAddress else { return h }
        while i + 8 <= n {
            h = (h ^ base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < n {
            tail |= UInt64(base.load(fromByteOffset: i, as: UInt8.self)) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 29
        h = h &* 0x9E37_79B9_7F4A_7C15
        return h ^ (h >> 32)
    }

    @Test("Interner.hash keeps its values: every length from 0 to 80, at every alignment")
    func hashValuesStay() {
        var random = SystemRandomNumberGenerator()
        let bytes = (0..<96).map { _ in UInt8.random(in: 0...255, using: &random) }
        bytes.withUnsafeBytes { all in
            for offset in 0..<8 {
                for length in 0...80 {
                    let slice = UnsafeRawBufferPointer(rebasing: all[offset..<offset + length])
                    #expect(Interner.hash(slice) == Self.referenceHash(slice), "offset \(offset), length \(length)")
                }
            }
        }
        // Fixed values (computed apart, in Python), so a change to both functions is seen too.
        let fixed: [(String, UInt64)] = [
            ("u1", 0xC960_7735_1D0A_5AB0), ("distinct", 0xD885_317D_EAD3_C04B),
            ("FB4FF2C1-B42B-8A34-338C-43584B015FB5", 0xB4FD_9617_1AE8_1033),
        ]
        for (text, value) in fixed {
            #expect(Array(text.utf8).withUnsafeBytes { Interner.hash($0) } == value, "\(text)")
        }
    }

    @Test("isString tells an id's string from every other known string, the empty one included")
    func stringsCompare() {
        var interner = Interner(capacity: 4)
        let texts = ["", "a", "b", "ab", "$screen_name", "$screen_namf", String(repeating: "x", count: 40)]
        let ids = texts.map { interner.intern($0) }
        for (id, text) in zip(ids, texts) {
            for other in texts + ["c", "$screen_nam", String(repeating: "x", count: 41)] {
                let equal = Array(other.utf8).withUnsafeBytes { interner.isString(id, equalTo: $0) }
                #expect(equal == (other == text), "\(text) / \(other)")
            }
        }
        // Only empty strings: the arena holds no byte.
        var empty = Interner(capacity: 4)
        let id = empty.intern("")
        #expect(Array("".utf8).withUnsafeBytes { empty.isString(id, equalTo: $0) })
        #expect(!Array("a".utf8).withUnsafeBytes { empty.isString(id, equalTo: $0) })
    }

    @Test("intern(contentsOf:) maps every string to the id interning its bytes gives, shared or new, short or long")
    func internContents() {
        // Strings on both sides, strings on one, the empty string, lengths around the hashes'
        // thresholds (32, 128), and enough of them that both tables grow during the merge.
        func text(_ k: Int) -> String {
            let length = [0, 1, 7, 31, 32, 33, 127, 128, 129, 540][k % 10]
            return "\(k)-" + String(repeating: "x", count: length)
        }
        var mine = Interner(capacity: 4)
        var other = Interner(capacity: 4)
        for k in 0..<3_000 { _ = mine.intern(text(k)) }
        for k in stride(from: 5_999, through: 1_500, by: -1) { _ = other.intern(text(k)) }
        _ = other.intern("")
        var expected = mine
        let expectedMap = (0..<other.count).map { id in expected.intern(other.string(Int32(id))) }
        let map = mine.intern(contentsOf: other)
        #expect(map == expectedMap)
        #expect(mine.count == expected.count)
        #expect(mine.count == 6_001)
        for id in 0..<other.count { #expect(mine.string(map[id]) == other.string(Int32(id))) }
        // The merged table still finds every string, old and new, and adds no duplicate.
        for k in 0..<6_000 { #expect(mine.intern(text(k)) == expected.intern(text(k))) }
        #expect(mine.count == 6_001)
        var empty = Interner(capacity: 4)
        #expect(empty.intern(contentsOf: Interner()).isEmpty)
        #expect(empty.intern(contentsOf: other) == (0..<other.count).map(Int32.init))
    }

    @Test("append(disjoint:) gives the other's strings the ids after this one's, and the table finds them all")
    func appendDisjoint() {
        func text(_ k: Int) -> String {
            let length = [0, 1, 7, 31, 32, 33, 127, 128, 129, 540][k % 10]
            return "\(k)-" + String(repeating: "y", count: length)
        }
        // Enough strings on the other side that the table grows (more than once) in one append,
        // and few enough that it does not in another.
        for (mineCount, otherCount) in [(3, 5_000), (2_000, 10), (0, 300), (700, 0)] {
            var mine = Interner(capacity: 4)
            var other = Interner(capacity: 4)
            for k in 0..<mineCount { _ = mine.intern(text(k)) }
            for k in stride(from: mineCount + otherCount - 1, through: mineCount, by: -1) { _ = other.intern(text(k)) }
            if otherCount > 0 { _ = other.intern("") }
            var expected = mine
            let expectedIds = (0..<other.count).map { id in expected.intern(other.string(Int32(id))) }
            #expect(mine.append(disjoint: other) == Int32(mineCount))
            #expect(mine.count == mineCount + other.count)
            #expect(expectedIds == (0..<other.count).map { Int32(mineCount + $0) })
            for id in 0..<mine.count { #expect(mine.string(Int32(id)) == expected.string(Int32(id))) }
            // Every string is found where it is, none is added twice, and new ones still go in.
            for id in 0..<mine.count {
                let bytes = Array(expected.string(Int32(id)).utf8)
                #expect(bytes.withUnsafeBytes { mine.lookup($0) } == Int32(id))
            }
            let before = mine.count
            for k in 0..<(mineCount + otherCount) { _ = mine.intern(text(k)) }
            #expect(mine.count == before)
            #expect(mine.intern("new") == Int32(before))
        }
    }

    @Test("append(disjoint:unmapped:) adds only the strings the map leaves out, in order, and maps them")
    func appendDisjointUnmapped() {
        func text(_ k: Int) -> String { "\(k)-" + String(repeating: "z", count: [0, 5, 31, 32, 128, 600][k % 6]) }
        for (mineCount, otherCount) in [(3, 4_000), (1_500, 12), (0, 200), (50, 0)] {
            var mine = Interner(capacity: 4)
            for k in 0..<mineCount { _ = mine.intern(text(k)) }
            // The other holds every third of this interner's strings (found by other means: the
            // map names them) and strings of its own.
            var other = Interner(capacity: 4)
            var map: [Int32] = []
            for k in stride(from: 0, to: mineCount, by: 3) {
                _ = other.intern(text(k))
                map.append(Int32(k))
            }
            for k in mineCount..<(mineCount + otherCount) {
                _ = other.intern(text(k))
                map.append(-1)
            }
            let shared = map.filter { $0 >= 0 }.count
            mine.append(disjoint: other, unmapped: &map)
            #expect(mine.count == mineCount + otherCount)
            // The new strings follow in the other's order; the mapped ones keep their ids.
            #expect(map == (0..<shared).map { Int32($0 * 3) } + (0..<otherCount).map { Int32(mineCount + $0) })
            for id in 0..<other.count { #expect(mine.string(map[id]) == other.string(Int32(id))) }
            for k in 0..<(mineCount + otherCount) {
                let bytes = Array(text(k).utf8)
                #expect(bytes.withUnsafeBytes { mine.lookup($0) } == Int32(k))
            }
            let before = mine.count
            #expect(mine.intern(text(0)) == (mineCount + otherCount > 0 ? 0 : Int32(before)))
            #expect(mine.intern("new") == Int32(mine.count - 1))
        }
    }
}
