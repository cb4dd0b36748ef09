import CScan
import Testing

@testable import ATKCore

@Suite("JSON scanner")
struct JSONScannerTests {
    private func scan(_ text: String) -> Result<JSONTape, JSONSyntaxError> {
        let tape = JSONTape()
        var scanner = JSONScanner()
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { buffer in
            do throws(JSONSyntaxError) {
                try scanner.scan(UnsafeRawBufferPointer(buffer), into: tape)
                return .success(tape)
            } catch {
                return .failure(error)
            }
        }
    }

    private func error(_ text: String) -> JSONSyntaxError? {
        if case .failure(let error) = scan(text) { return error }
        return nil
    }

    @Test(
        "accepts valid JSON texts",
        arguments: [
            "{}", "[]", "{\"a\":1}", " { \"a\" : [ 1 , 2.5 , -3e2 , true , false , null ] } ",
            "\"just a string\"", "0", "-0", "1.5E+10", "{\"k\":\"\\u5546\\\"\\\\\\/\\b\\f\\n\\r\\t\"}",
            "[[[[[[[[[[[]]]]]]]]]]]", "{\"a\":{\"b\":{\"c\":[{\"d\":null}]}}}", "\"\u{1F600} 商品\"",
        ])
    func acceptsValid(_ text: String) {
        #expect(error(text) == nil)
    }

    @Test(
        "rejects invalid JSON with the offending column",
        arguments: [
            ("{\"a\":1", JSONSyntaxError.Reason.unexpectedEnd, 6),
            ("{\"a\":1,}", .unexpectedByte(UInt8(ascii: "}")), 7),
            ("{a:1}", .unexpectedByte(UInt8(ascii: "a")), 1),
            ("[01]", .unexpectedByte(UInt8(ascii: "1")), 2),
            ("[1.]", .invalidNumber, 1),
            ("[1e]", .invalidNumber, 1),
            ("[-]", .invalidNumber, 1),
            ("[tru]", .invalidLiteral, 1),
            ("[nul", .unexpectedEnd, 1),
            ("{\"a\":\"x\\q\"}", .invalidEscape, 7),
            ("{\"a\":\"\\u12G4\"}", .invalidEscape, 6),
            ("{\"a\":\"tab\there\"}", .controlCharacterInString, 9),
            ("{} {}", .trailingData, 3),
            ("{\"a\":\"cut off", .unexpectedEnd, 13),
            ("", .unexpectedEnd, 0),
        ])
    func rejectsInvalid(_ text: String, _ reason: JSONSyntaxError.Reason, _ offset: Int) {
        #expect(error(text) == JSONSyntaxError(reason: reason, offset: offset))
    }

    @Test("nesting 100,000 deep is parsed without recursion")
    func deepNesting() {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        guard case .success(let tape) = scan(text) else {
            Issue.record("deep nesting rejected")
            return
        }
        #expect(tape.count == depth)
        #expect(error(String(repeating: "[", count: depth) + String(repeating: "]", count: depth - 1)) != nil)
    }

    @Test("the SWAR string test finds quotes, backslashes and control bytes in any position")
    func specialByteDetection() {
        for position in 0..<8 {
            for special: UInt8 in [0x22, 0x5C, 0x00, 0x1F] {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                bytes[position] = special
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                #expect(JSONScanner.hasSpecialByte(UInt64(littleEndian: word)))
            }
        }
        let plain = Array("abcdefgh".utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        #expect(!JSONScanner.hasSpecialByte(plain))
        let utf8 = Array("商品商".utf8.prefix(8)).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        #expect(!JSONScanner.hasSpecialByte(utf8))
        let space = Array("        ".utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        #expect(!JSONScanner.hasSpecialByte(space))
    }

    @Test("the vector scan flags exactly the quotes, backslashes and control bytes of 16 bytes")
    func vectorSpecials() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x5C, 0x5B, 0x7F, 0x80, 0x9F, 0xA0, 0xE5, 0xFF]
        for round in 0..<2000 {
            let bytes = (0..<16).map { k in
                round % 3 == 0
                    ? UInt8.random(in: 0...255, using: &generator) : alphabet[(round * 7 + k * k) % alphabet.count]
            }
            var expected: UInt32 = 0
            for (k, c) in bytes.enumerated() where c == 0x22 || c == 0x5C || c < 0x20 { expected |= 1 << k }
            #expect(bytes.withUnsafeBufferPointer { atk_string_specials16($0.baseAddress) } == expected)
        }
    }

    @Test("the lowest flag of the SWAR mask is the first special byte, whatever follows it")
    func specialByteFirstPosition() {
        // Every first position, every special byte, followed by every mix that can raise false flags.
        let fillers: [UInt8] = [UInt8(ascii: "a"), 0x00, 0x21, 0x22, 0x5C, 0x5D, 0x1F, 0x20, 0x80, 0xFF, 0xA0]
        for position in 0..<8 {
            for special: UInt8 in [0x22, 0x5C, 0x00, 0x01, 0x1F] {
                for filler in fillers {
                    var bytes = [UInt8](repeating: UInt8(ascii: "b"), count: 8)
                    bytes[position] = special
                    for k in (position + 1)..<8 { bytes[k] = filler }
                    let word = UInt64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
                    #expect(JSONScanner.specialBytes(word).trailingZeroBitCount >> 3 == position)
                }
            }
        }
        for filler: UInt8 in [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xA0, 0xFF] {
            #expect(JSONScanner.specialBytes(UInt64(filler) &* 0x0101_0101_0101_0101) == 0)
        }
    }

    @Test("strings longer than a SWAR word keep their exact bounds")
    func longStrings() {
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 9000] {
            let body = String(repeating: "x", count: length)
            guard case .success(let tape) = scan("\"\(body)\"") else {
                Issue.record("rejected length \(length)")
                continue
            }
            #expect(Int(tape.entries[0].end) - Int(tape.entries[0].start) == length)
        }
    }
}
