import Testing

@testable import ATKCore

@Suite("UUID keys")
struct UUIDKeyTests {
    static let upper = "CFCD2084-95D5-65EF-66E7-DFF9F98764DA"
    static let hex = Array("0123456789abcdefABCDEF".utf8)
    /// Where the 32 digits are among the 36 bytes.
    static let digitOffsets = (0..<36).filter { ![8, 13, 18, 23].contains($0) }

    static func key(_ bytes: [UInt8]) -> UUIDKey? { bytes.withUnsafeBytes { UUIDKey($0) } }
    static func key(_ string: String) -> UUIDKey? { key(Array(string.utf8)) }

    /// The rule, written the slow way: 36 bytes, hyphens at 8, 13, 18 and 23, hex digits
    /// elsewhere, letters not of both cases.
    static func isOfForm(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 36 else { return false }
        for (offset, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(offset) {
                if byte != UInt8(ascii: "-") { return false }
            } else if !hex.contains(byte) {
                return false
            }
        }
        let lower = bytes.contains { (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
        let upper = bytes.contains { (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) }
        return !(lower && upper)
    }

    @Test("the SDKs' forms are keys; mixed case, other lengths, other separators are not")
    func form() {
        #expect(Self.key(Self.upper)?.isUpperCase == true)
        #expect(Self.key(Self.upper.lowercased())?.isUpperCase == false)
        #expect(Self.key("01234567-8901-2345-6789-012345678901")?.isUpperCase == false)
        for string in [
            "CFCD2084-95D5-65EF-66E7-DFF9F98764Da", "cfcd2084-95d5-65ef-66e7-dff9f98764dA",
            "CFCD2084-95D5-65EF-66E7-DFF9F98764D", "CFCD2084-95D5-65EF-66E7-DFF9F98764DAA",
            "CFCD208495D565EF66E7DFF9F98764DA", "{CFCD2084-95D5-65EF-66E7-DFF9F98764DA}",
            "CFCD2084_95D5-65EF-66E7-DFF9F98764DA", "CFCD2084-95D5-65EF-66E7DDFF9F98764DA",
            "CFCD208-495D5-65EF-66E7-DFF9F98764DA", "GFCD2084-95D5-65EF-66E7-DFF9F98764DA",
            "", "u1",
        ] {
            #expect(Self.key(string) == nil, "\(string)")
        }
    }

    @Test("every byte value in every position: a key exactly when the slow rule says so")
    func everyByte() {
        for base in [
            Array(Self.upper.utf8), Array(Self.upper.lowercased().utf8),
            Array("01234567-8901-2345-6789-012345678901".utf8),
        ] {
            for offset in 0..<36 {
                for byte in 0...255 {
                    var bytes = base
                    bytes[offset] = UInt8(byte)
                    #expect((Self.key(bytes) != nil) == Self.isOfForm(bytes), "offset \(offset) byte \(byte)")
                }
            }
        }
    }

    @Test("two strings of the form have one key exactly when they are equal")
    func oneKeyPerString() {
        var seen: [String: String] = [:]
        func note(_ bytes: [UInt8]) {
            guard let key = Self.key(bytes) else { return }
            let name = "\(key.high) \(key.low) \(key.isUpperCase)"
            let string = String(decoding: bytes, as: UTF8.self)
            if let other = seen[name] { #expect(other == string, "\(other) and \(string) share a key") }
            seen[name] = string
        }
        // Every digit in every position, in both cases, over three bases.
        for base in [Self.upper, Self.upper.lowercased(), "00000000-0000-0000-0000-000000000000"] {
            for offset in Self.digitOffsets {
                for digit in Self.hex {
                    var bytes = Array(base.utf8)
                    bytes[offset] = digit
                    note(bytes)
                }
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            var bytes = Array(Self.upper.utf8)
            for offset in Self.digitOffsets { bytes[offset] = Self.hex[Int(generator.next() % 16)] }
            note(bytes)
            note(Array(String(decoding: bytes, as: UTF8.self).uppercased().utf8))
        }
        #expect(seen.count > 20_000)
    }
}
