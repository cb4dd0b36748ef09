import Testing

@testable import ATKCore

@Suite("compact keys and their table")
struct CompactKeyTests {
    static func key(_ bytes: [UInt8]) -> CompactKey? { bytes.withUnsafeBytes { CompactKey($0) } }

    static func uuid(_ k: Int) -> String {
        let number = String(UInt64(k) &* 0x9E37_79B9_7F4A_7C15, radix: 16)
        let chars = Array(String(repeating: "0", count: 32 - number.count) + number)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(chars[$0]) }.joined(separator: "-")
    }

    static func undashed(_ k: Int) -> String { String(uuid(k).filter { $0 != "-" }) }

    @Test("ids of up to 16 bytes, UUIDs and 32 hex digits have keys; other lengths and forms do not")
    func which() {
        for length in 0...16 { #expect(Self.key(Array(repeating: 0x41, count: length)) != nil, "\(length)") }
        for length in [17, 20, 35, 37, 100] { #expect(Self.key(Array(repeating: 0x41, count: length)) == nil) }
        #expect(Self.key(Array("CFCD2084-95D5-65EF-66E7-DFF9F98764DA".utf8))?.kind == .upperCaseUUID)
        #expect(Self.key(Array("cfcd2084-95d5-65ef-66e7-dff9f98764da".utf8))?.kind == .uuid)
        #expect(Self.key(Array("CFCD2084-95D5-65EF-66E7-DFF9F98764Da".utf8)) == nil)
        #expect(Self.key(Array("cfcd208495d565ef66e7dff9f98764da".utf8))?.kind == .hex)
        #expect(Self.key(Array("CFCD208495D565EF66E7DFF9F98764DA".utf8))?.kind == .upperCaseHex)
        #expect(Self.key(Array("CFCD208495D565EF66E7DFF9F98764Da".utf8)) == nil)
        #expect(Self.key(Array(repeating: 0x67, count: 32)) == nil)
        #expect(Self.key(Array("a3f1c2d4e5b60718".utf8))?.kind == .sixteen)
        #expect(Self.key(Array("user0000042".utf8))?.kind == .short)
    }

    @Test("two ids have one key exactly when they are equal: lengths, zero bytes, the 16th byte, kinds")
    func oneKeyPerId() {
        var ids: [[UInt8]] = [[], [0], [0, 0], [0x61], [0x61, 0], Array(repeating: 0, count: 15)]
        // A 16-byte id whose last byte is what a 15-byte id's length byte would be, and that id.
        ids.append(Array(repeating: 0x61, count: 15) + [15])
        ids.append(Array(repeating: 0x61, count: 15))
        ids.append(Array(repeating: 0, count: 16))
        for length in 0...16 {
            for position in 0..<length {
                for byte: UInt8 in [0, 1, 0x41, 0x7F, 0x80, 0xFF] {
                    var id = Array(repeating: UInt8(0x30), count: length)
                    id[position] = byte
                    ids.append(id)
                }
            }
        }
        // UUIDs whose 16 bytes of digits could meet a 16-byte id's bits.
        for k in 0..<2_000 {
            ids.append(Array(Self.uuid(k).utf8))
            ids.append(Array(Self.uuid(k).uppercased().utf8))
            // The same digits without hyphens: another id, so another key.
            ids.append(Array(Self.undashed(k).utf8))
            ids.append(Array(Self.undashed(k).uppercased().utf8))
        }
        var seen: [String: [UInt8]] = [:]
        for id in ids {
            guard let key = Self.key(id) else {
                Issue.record("no key for \(id)")
                continue
            }
            let name = "\(key.high) \(key.low) \(key.kind)"
            if let other = seen[name] { #expect(other == id, "\(other) and \(id) share a key") }
            seen[name] = id
        }
        #expect(seen.count == Set(ids).count)
    }

    @Test("a table numbers keys densely, finds them again through growth, keeps kinds apart and a value each")
    func table() {
        var table = CompactKeyTable<UInt64>(capacity: 4)
        var ids: [String] = []
        for k in 0..<30_000 {
            ids.append(Self.uuid(k))
            // A UUID in upper case is another id when it has letters.
            ids.append(Self.uuid(k).uppercased())
            ids.append("u\(k)")
            ids.append(String(repeating: "x", count: 16 - "\(k)".count) + "\(k)")
            ids.append(Self.undashed(k))
        }
        var expected: [String: Int] = [:]
        for id in ids {
            let index = Array(id.utf8).withUnsafeBytes { table.index(of: $0, inserting: UInt64(expected.count)) }
            if let known = expected[id] {
                #expect(index == known)
            } else {
                #expect(index == expected.count)
                expected[id] = expected.count
            }
        }
        #expect(table.count == Set(ids).count)
        for (id, index) in expected {
            #expect(Array(id.utf8).withUnsafeBytes { table.index(of: $0, inserting: 99) } == index)
            #expect(table[index] == UInt64(index))
        }
        table[7] |= 1 << 40
        #expect(table[7] == 7 | 1 << 40)
        // Each id twice running (the second through the previous call's text or key), then one
        // of another kind, then an id without a key.
        for k in 0..<2_000 {
            for id in [
                Self.uuid(k), Self.uuid(k), "u\(k)", "u\(k)", Self.uuid(k).uppercased(), "\(Self.uuid(k))g",
                Self.undashed(k), Self.undashed(k), Self.uuid(k),
            ] {
                let index = Array(id.utf8).withUnsafeBytes { table.index(of: $0, inserting: 99) }
                #expect(index == expected[id], "\(id)")
            }
        }
        #expect(table.count == Set(ids).count)
    }
}
