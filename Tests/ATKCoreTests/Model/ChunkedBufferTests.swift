import Testing

@testable import ATKCore

@Suite("ChunkedBuffer")
struct ChunkedBufferTests {
    private static func buffer(_ values: Range<Int>) -> ChunkedBuffer<Int> {
        var buffer = ChunkedBuffer<Int>()
        for value in values { buffer.append(value) }
        return buffer
    }

    private static func elements(_ buffer: ChunkedBuffer<Int>) -> [Int] {
        buffer.indices.map { buffer[$0] }
    }

    @Test(
        "adopting another buffer keeps every element once, each buffer's in its order, transformed",
        arguments: [
            (0, 0), (0, 5), (5, 0), (3, 70_000), (65_536, 10), (70_000, 131_072), (131_073, 65_537),
            (125_536, 75_536),  // this buffer's tail does not fit in the room the other's last chunk has
        ])
    func adopting(sizes: (Int, Int)) {
        let (mine, theirs) = sizes
        var buffer = Self.buffer(0..<mine)
        var other = Self.buffer(1_000_000..<1_000_000 + theirs)
        buffer.append(adopting: &other) { $0 += 1 }
        #expect(other.count == 0)
        #expect(buffer.count == mine + theirs)
        let all = Self.elements(buffer)
        let own = all.filter { $0 < 1_000_000 }
        let adopted = all.filter { $0 >= 1_000_000 }
        #expect(own == Array(0..<mine))
        #expect(adopted == Array(1_000_001..<1_000_001 + theirs))
        // This buffer's full chunks stay first.
        let full = mine - mine % 65_536
        #expect(Array(all.prefix(full)) == Array(0..<full))
        // Appending goes on after everything.
        buffer.append(-1)
        #expect(buffer[buffer.count - 1] == -1 && buffer.count == mine + theirs + 1)
    }

    @Test("appending an array fills each chunk's room, then new chunks", arguments: [0, 1, 65_535, 65_536, 65_537])
    func appendingContents(start: Int) {
        var buffer = Self.buffer(0..<start)
        let more = Array(start..<start + 140_000)
        buffer.append(contentsOf: more)
        #expect(Self.elements(buffer) == Array(0..<start + 140_000))
        buffer.append(contentsOf: [])
        buffer.append(-1)
        #expect(buffer.count == start + 140_001 && buffer[start + 140_000] == -1)
    }
}
