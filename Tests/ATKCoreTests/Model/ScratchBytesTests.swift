import Testing

@testable import ATKCore

@Suite("ScratchBytes")
struct ScratchBytesTests {
    @Test("appends bytes and little-endian words through growth; removeAll starts again; copies stay apart")
    func appends() {
        var scratch = ScratchBytes()
        var expected: [UInt8] = []
        for length in 0..<300 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ length) }
            bytes.withUnsafeBytes { scratch.append($0) }
            scratch.append(littleEndian: UInt32(length) | 0xA0B0_0000)
            expected += bytes + [UInt8(length & 0xFF), UInt8(length >> 8), 0xB0, 0xA0]
        }
        #expect(scratch.count == expected.count)
        #expect(scratch.withUnsafeBytes { Array($0) } == expected)
        let copy = scratch
        scratch.removeAll()
        #expect(scratch.count == 0 && scratch.withUnsafeBytes { $0.isEmpty })
        scratch.append(littleEndian: 1)
        #expect(scratch.withUnsafeBytes { Array($0) } == [1, 0, 0, 0])
        #expect(copy.withUnsafeBytes { Array($0) } == expected)
    }
}
