import Testing

@testable import ATKCore

@Suite("partial states written to bytes and read back")
struct StateCodecTests {
    @Test("numbers, flags, strings, arrays, optionals, dictionaries and sets read back equal")
    func roundTrip() throws {
        var writer = StateWriter()
        let ints = [0, 1, -1, 63, -64, 64, 127, 128, Int.max, Int.min]
        writer.write(ints)
        writer.write([UInt64.max, 0, 300])
        writer.write([Int32.min, Int32.max])
        writer.write([true, false])
        writer.write([0.1, -0.0, .infinity, 1e300])
        writer.write(["", "é", "a\u{0}b"])
        writer.write([nil, 5] as [Int64?])
        writer.write([3: "c", 1: "a", 2: "b"] as [Int: String])
        writer.write(Set([9, 2, 5]))
        var reader = StateReader(writer.bytes)
        #expect(try reader.read([Int].self) == ints)
        #expect(try reader.read([UInt64].self) == [UInt64.max, 0, 300])
        #expect(try reader.read([Int32].self) == [Int32.min, Int32.max])
        #expect(try reader.read([Bool].self) == [true, false])
        let doubles = try reader.read([Double].self)
        #expect(doubles.map(\.bitPattern) == [0.1, -0.0, .infinity, 1e300].map(\.bitPattern))
        #expect(try reader.read([String].self) == ["", "é", "a\u{0}b"])
        #expect(try reader.read([Int64?].self) == [nil, 5])
        #expect(try reader.read([Int: String].self) == [1: "a", 2: "b", 3: "c"])
        #expect(try reader.read(Set<Int>.self) == [2, 5, 9])
        try reader.expectEnd()
    }

    @Test("equal dictionaries and sets write equal bytes, whatever their insertion order")
    func stableBytes() {
        var a = StateWriter()
        var b = StateWriter()
        var left: [String: Int] = [:]
        var right: [String: Int] = [:]
        for key in (0..<50).map(String.init) { left[key] = key.count }
        for key in (0..<50).reversed().map(String.init) { right[key] = key.count }
        a.write(left)
        b.write(right)
        #expect(a.bytes == b.bytes)
    }

    @Test("an interner reads back with every id in place")
    func interner() throws {
        var interner = Interner(capacity: 4)
        for word in ["b", "a", "", "long string with é", "c"] { _ = interner.intern(word) }
        var writer = StateWriter()
        writer.write(interner)
        var reader = StateReader(writer.bytes)
        let copy = try reader.read(Interner.self)
        #expect(copy.count == 5)
        #expect((0..<5).map { copy.string(Int32($0)) } == (0..<5).map { interner.string(Int32($0)) })
    }

    @Test("truncated, overlong and foreign bytes throw instead of trapping")
    func damaged() throws {
        var writer = StateWriter()
        writer.write(["abc", "def"])
        let bytes = writer.bytes
        for cut in 0..<bytes.count {
            var reader = StateReader(Array(bytes.prefix(cut)))
            #expect(throws: StateReader.Failure.self) { try reader.read([String].self) }
        }
        var long = StateReader([UInt8](repeating: 0xFF, count: 11) + [1])
        #expect(throws: StateReader.Failure.self) { try long.readUInt64() }
        var huge = StateReader([0xFE, 0xFF, 0xFF, 0xFF, 0x0F])
        #expect(throws: StateReader.Failure.self) { try huge.read([Int].self) }
        var flag = StateReader([2])
        #expect(throws: StateReader.Failure.self) { try flag.readBool() }
        var narrow = StateReader(
            {
                var w = StateWriter(); w.write(Int(Int32.max) + 1); return w.bytes
            }())
        #expect(throws: StateReader.Failure.self) { try narrow.readInt32() }
        var twice = StateReader(
            {
                var w = StateWriter(); w.write(["x", "x"]); return w.bytes
            }())
        #expect(throws: StateReader.Failure.self) { try twice.read(Interner.self) }
        var extra = StateReader(bytes + [0])
        _ = try extra.read([String].self)
        #expect(throws: StateReader.Failure.self) { try extra.expectEnd() }
    }
}
