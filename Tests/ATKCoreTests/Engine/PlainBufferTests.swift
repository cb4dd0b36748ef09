import Testing

@testable import ATKCore

/// The parse workers' growable lists (``PlainBuffer``).
@Suite("plain buffers: appends across growth, emptied and refilled")
struct PlainBufferTests {
    @Test("every value is kept, in order, as the list grows from 16 to beyond 10,000")
    func growth() {
        var buffer = PlainBuffer<Int32>(capacity: 1)
        defer { buffer.deallocate() }
        for value in 0..<10_000 { buffer.append(Int32(value * 3)) }
        #expect(buffer.count == 10_000)
        #expect(Array(buffer.values) == (0..<10_000).map { Int32($0 * 3) })
        buffer.removeAll()
        #expect(buffer.count == 0 && buffer.values.isEmpty)
        for value in 0..<5 { buffer.append(Int32(-value)) }
        #expect(Array(buffer.values) == [0, -1, -2, -3, -4])
    }

    @Test("records of several fields survive the copy when the list grows")
    func records() {
        var buffer = PlainBuffer<ParsedBlock.Line>(capacity: 2)
        defer { buffer.deallocate() }
        for value in 0..<100 {
            buffer.append(
                ParsedBlock.Line(
                    start: value, count: value * 2, relativeLine: value + 1, tapeStart: UInt32(value),
                    tapeCount: UInt32(value % 7), envelope: .absent, stringFlags: UInt8(value % 3)))
        }
        // The record every worker loads for each of its events stays as small as its doc says.
        #expect(MemoryLayout<ParsedBlock.Line>.stride == 72)
        #expect(buffer.values.map(\.start) == Array(0..<100))
        #expect(buffer.values.map(\.relativeLine) == Array(1...100))
        #expect(buffer.values.allSatisfy { $0.count == 2 * $0.start && Int($0.tapeCount) == $0.start % 7 })
        #expect(buffer.values.allSatisfy { $0.envelope.distinctId == -1 && Int($0.stringFlags) == $0.start % 3 })
    }
}
