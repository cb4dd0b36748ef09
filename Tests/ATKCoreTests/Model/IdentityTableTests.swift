import Testing

@testable import ATKCore

@Suite("IdentityTable")
struct IdentityTableTests {
    private final class Object {}

    @Test("every object kept finds its value through growth; others find none; a set replaces")
    func valuesThroughGrowth() {
        let objects = (0..<5000).map { _ in Object() }
        var table = IdentityTable(capacity: 4)
        for (index, object) in objects.enumerated() { table.set(ObjectIdentifier(object), Int32(index)) }
        #expect(table.count == objects.count)
        for (index, object) in objects.enumerated() { #expect(table[ObjectIdentifier(object)] == Int32(index)) }
        let others = (0..<100).map { _ in Object() }
        #expect(others.allSatisfy { table[ObjectIdentifier($0)] == nil })
        table.set(ObjectIdentifier(objects[7]), -3)
        #expect(table[ObjectIdentifier(objects[7])] == -3 && table.count == objects.count)
        #expect(IdentityTable()[ObjectIdentifier(objects[0])] == nil)
    }
}
