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
}
