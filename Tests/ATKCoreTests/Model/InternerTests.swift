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

    @Test("long strings (hashed in four lanes) that differ in one byte anywhere get their own ids")
    func longStrings() {
        var interner = Interner(capacity: 4)
        let base = Array(repeating: UInt8(ascii: "a"), count: 100)
        var strings: [[UInt8]] = []
        for length in [31, 32, 33, 63, 64, 65, 100] {
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
        // Spread over the table: 396 strings differing in one byte leave few in one place.
        let low = Set(strings.map { bytes in bytes.withUnsafeBytes { Interner.tableHash($0) & 1023 } })
        #expect(low.count > 300)
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
}
