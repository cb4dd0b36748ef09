import Testing

@testable import ATKCore

@Suite("byte-range equality, inline up to 16 bytes")
struct BytesEqualTests {
    @Test("every length from 0 to 40: equal ranges are equal, one changed byte anywhere is not")
    func everyLengthAndPosition() {
        for length in 0...40 {
            let a = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            a.withUnsafeBytes { pa in
                // A copy at another address and alignment, so no pointer identity helps.
                let b = [0x55] + a
                b.withUnsafeBytes { pb in
                    #expect(JSONDecoding.bytesEqual(pa, UnsafeRawBufferPointer(rebasing: pb[1...])), "length \(length)")
                }
                for position in 0..<length {
                    var changed = a
                    changed[position] ^= 0x80
                    changed.withUnsafeBytes { pc in
                        #expect(!JSONDecoding.bytesEqual(pa, pc), "length \(length), byte \(position)")
                    }
                }
                let longer = a + [0]
                longer.withUnsafeBytes { pl in #expect(!JSONDecoding.bytesEqual(pa, pl)) }
            }
        }
    }
}
