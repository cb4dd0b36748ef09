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
    static func hexKey(_ bytes: [UInt8]) -> UUIDKey? { bytes.withUnsafeBytes { UUIDKey(hexDigits: $0) } }

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

    @Test("32 hex digits without hyphens: a key exactly when all are digits and letters of one case")
    func hexDigits() {
        let digits = Array(Self.upper.utf8).filter { $0 != UInt8(ascii: "-") }
        #expect(Self.hexKey(digits)?.isUpperCase == true)
        #expect(Self.hexKey(Array(String(decoding: digits, as: UTF8.self).lowercased().utf8))?.isUpperCase == false)
        #expect(Self.hexKey(Array(repeating: UInt8(ascii: "7"), count: 32))?.isUpperCase == false)
        // The same digits as the hyphenated form give the same bits (the kind tells them apart).
        let dashed = Self.key(Self.upper)
        #expect(Self.hexKey(digits)?.high == dashed?.high && Self.hexKey(digits)?.low == dashed?.low)
        for bytes in [Array(digits.dropLast()), digits + [UInt8(ascii: "0")], [], Array(Self.upper.utf8)] {
            #expect(Self.hexKey(bytes) == nil, "\(bytes.count) bytes")
        }
        for base in [digits, Array(String(decoding: digits, as: UTF8.self).lowercased().utf8)] {
            for offset in 0..<32 {
                for byte in 0...255 {
                    var bytes = base
                    bytes[offset] = UInt8(byte)
                    let lower = bytes.contains { (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
                    let upper = bytes.contains { (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) }
                    let expected = bytes.allSatisfy { Self.hex.contains($0) } && !(lower && upper)
                    #expect((Self.hexKey(bytes) != nil) == expected, "offset \(offset) byte \(byte)")
                }
            }
        }
        var seen: [String: String] = [:]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let bytes = (0..<32).map { _ in Self.hex[Int(generator.next() % 16)] }
            for string in [
                String(decoding: bytes, as: UTF8.self).lowercased(),
                String(decoding: bytes, as: UTF8.self).uppercased(),
            ] {
                guard let key = Self.hexKey(Array(string.utf8)) else {
                    Issue.record("no key for \(string)")
                    continue
                }
                let name = "\(key.high) \(key.low) \(key.isUpperCase)"
                if let other = seen[name] { #expect(other == string, "\(other) and \(string) share a key") }
                seen[name] = string
            }
        }
        #expect(seen.count > 20_000)
    }
}
