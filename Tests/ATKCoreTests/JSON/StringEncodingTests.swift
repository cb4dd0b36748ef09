import CScan
import Foundation
import Testing

@testable import ATKCore

@Suite("String encoding: the scanner's flags and the UTF-8 and surrogate checks")
struct StringEncodingTests {
    /// Scans `bytes` (a JSON text) and returns the tape's string flags and each string's flags.
    private func flags(_ bytes: [UInt8]) throws -> (tape: UInt8, strings: [UInt8]) {
        let tape = JSONTape()
        var scanner = JSONScanner()
        try bytes.withUnsafeBytes { try scanner.scan($0, into: tape) }
        let strings = (0..<tape.count).filter { tape.entries[$0].kind == .string }
            .map { tape.entries[$0].flags & TapeEntry.unicodeEscape }
        return (tape.stringFlags, strings)
    }

    private func invalid(_ bytes: [UInt8]) -> (offset: Int, length: Int, problem: StringEncoding.UTF8Problem)? {
        bytes.withUnsafeBytes { StringEncoding.firstInvalidUTF8($0) }
    }

    private func lone(_ raw: String) -> (offset: Int, value: UInt16, isHigh: Bool)? {
        Array(raw.utf8).withUnsafeBytes { StringEncoding.firstLoneSurrogate($0) }
    }

    @Test("ASCII strings without \\u escapes set no flag, however long")
    func asciiUnflagged() throws {
        let long = String(repeating: "abcdefgh", count: 40)
        let result = try flags(Array("{\"key\":\"\(long)\",\"k2\":\"a\\n\\\"b\",\"n\":1}".utf8))
        #expect(result.tape == 0 && result.strings.allSatisfy { $0 == 0 })
    }

    @Test("bytes above 0x7F are accepted by the scanner unflagged; validate checks them on its own")
    func nonASCIIAccepted() throws {
        // 9 bytes before the é: it falls in the second 8-byte word; "é\"" alone is the tail.
        let result = try flags(Array("[\"abcdefghié\",\"é\",\"plain\"]".utf8))
        #expect(result.strings == [0, 0, 0])
        #expect(try flags([0x22, 0xFF, 0x22]).strings == [0])
    }

    @Test("a \\u escape flags its string, keys too; other escapes do not")
    func unicodeEscapeFlagged() throws {
        let result = try flags(Array("{\"k\\u0041\":\"x\\ty\",\"v\":\"\\ud83d\\ude00\"}".utf8))
        #expect(result.strings == [TapeEntry.unicodeEscape, 0, 0, TapeEntry.unicodeEscape])
        #expect(result.tape == TapeEntry.unicodeEscape)
    }

    @Test("a reused tape starts each line without flags")
    func flagsReset() throws {
        let tape = JSONTape()
        var scanner = JSONScanner()
        try Array("\"é\"".utf8).withUnsafeBytes { try scanner.scan($0, into: tape) }
        try Array("\"e\"".utf8).withUnsafeBytes { try scanner.scan($0, into: tape) }
        #expect(tape.stringFlags == 0)
    }

    /// Where the standard library's UTF-8 parser meets its first error (nil: none).
    private static func firstError(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    @Test("the first invalid sequence is where the standard library's parser fails, on random text")
    func againstStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        // Mostly well-formed text of every length, with a byte changed, cut or inserted now and then.
        let pieces: [[UInt8]] = ["a", "é", "ж", "商", "品", "\u{1F600}", "\u{10FFFF}", "\u{800}", "\u{FFFF}", "\u{E000}"]
            .map { Array($0.utf8) }
        let odd: [UInt8] = [0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0x41]
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                bytes += pieces.randomElement(using: &generator) ?? []
            }
            if !bytes.isEmpty && Bool.random(using: &generator) {
                let place = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[place] = odd.randomElement(using: &generator) ?? 0
                case 1: bytes.insert(odd.randomElement(using: &generator) ?? 0, at: place)
                default: bytes.removeSubrange(place...)
                }
            }
            #expect(invalid(bytes)?.offset == Self.firstError(bytes), "\(bytes)")
        }
    }

    /// Whether the vector check says `bytes` are valid UTF-8 (always false without it).
    private static func vectorValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { atk_utf8_valid($0.baseAddress, $0.count) == 1 }
    }

    @Test("the vector UTF-8 check runs wherever the CPU has AVX2")
    func vectorCheckPresent() throws {
        #if arch(x86_64)
            let flags =
                try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
                .split(separator: "\n").first { $0.hasPrefix("flags") }.map { $0.split(separator: " ") } ?? []
            #expect((atk_utf8_vector_check() == 1) == flags.contains("avx2"))
        #else
            #expect(atk_utf8_vector_check() == 0)
        #endif
    }

    /// `sequence` placed at each of `places` (offsets into ASCII padding of `length` bytes), as
    /// buffers: around the vector check's 32-byte blocks, its 64-byte steps, the overlapping
    /// last 64 bytes of a buffer of 96 bytes or more, and the zero-padded end of a shorter one.
    private static func placed(_ sequence: [UInt8]) -> [[UInt8]] {
        let places: [(length: Int, offset: Int)] = [
            (sequence.count, 0), (40, 30), (70, 31), (70, 62), (128, 63), (100, 33), (100, 100 - sequence.count),
            (130, 64 + 30),
        ]
        return places.map { length, offset in
            var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: max(length, offset + sequence.count))
            bytes.replaceSubrange(offset..<offset + sequence.count, with: sequence)
            return bytes
        }
    }

    @Test("the vector check agrees with the standard library on every 1- and 2-byte sequence, anywhere in a block")
    func vectorShortSequences() {
        guard atk_utf8_vector_check() == 1 else { return }
        var disagreements: [[UInt8]] = []
        for first in 0...255 {
            for second in [nil] + (0...255).map(Optional.some) {
                let sequence = [UInt8(first)] + (second.map { [UInt8($0)] } ?? [])
                for bytes in Self.placed(sequence) where Self.vectorValid(bytes) != (Self.firstError(bytes) == nil) {
                    disagreements.append(bytes)
                }
            }
        }
        #expect(disagreements.count == 0, "the first: \(disagreements.prefix(3))")
    }

    @Test("the vector check agrees with the standard library on 3- and 4-byte sequences of the boundary bytes")
    func vectorLongSequences() {
        guard atk_utf8_vector_check() == 1 else { return }
        // Each range's edges (Unicode table 3-7), ASCII, and the bytes UTF-8 never uses.
        let edges: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF,
            0xF0, 0xF4, 0xF5, 0xFF,
        ]
        var disagreements: [[UInt8]] = []
        for lead in 0xC0...0xFF {
            for second in edges {
                for third in edges {
                    // A fourth byte after the 4-byte leads and the leads beyond them at the edges.
                    let fourths = [0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF].contains(lead) ? edges : []
                    for fourth in [nil] + fourths.map(Optional.some) {
                        let sequence = [UInt8(lead), second, third] + (fourth.map { [$0] } ?? [])
                        for bytes in Self.placed(sequence)
                        where Self.vectorValid(bytes) != (Self.firstError(bytes) == nil) {
                            disagreements.append(bytes)
                        }
                    }
                }
            }
        }
        #expect(disagreements.count == 0, "the first: \(disagreements.prefix(3))")
    }

    @Test("the vector check agrees with the standard library on long random text, damaged now and then")
    func vectorRandomText() {
        guard atk_utf8_vector_check() == 1 else { return }
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = ["a", "abcdefgh", "é", "ж", "商", "品", "\u{1F600}", "\u{10FFFF}", "\u{800}", "\u{FFFF}"]
            .map { Array($0.utf8) }
        let odd: [UInt8] = [0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0x41]
        var valid = 0
        var disagreements: [[UInt8]] = []
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...160, using: &generator) {
                bytes += pieces.randomElement(using: &generator) ?? []
            }
            if !bytes.isEmpty && Int.random(in: 0..<3, using: &generator) == 0 {
                let place = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[place] = odd.randomElement(using: &generator) ?? 0
                case 1: bytes.insert(odd.randomElement(using: &generator) ?? 0, at: place)
                default: bytes.removeSubrange(place...)
                }
            }
            let expected = Self.firstError(bytes) == nil
            if expected { valid += 1 }
            if Self.vectorValid(bytes) != expected
                || bytes.withUnsafeBytes({ StringEncoding.scalarFirstInvalidUTF8($0) })?.offset
                    != Self.firstError(bytes)
            {
                disagreements.append(bytes)
            }
        }
        #expect(disagreements.count == 0, "the first: \(disagreements.prefix(3))")
        #expect(valid > 10_000 && valid < 20_000)
    }

    @Test(
        "valid UTF-8 of every length passes",
        arguments: [
            "plain", "é", "商品", "\u{1F600}", "\u{10FFFF}", "\u{FFFD}\u{D7FF}\u{E000}", "a\u{80}b\u{7FF}\u{800}",
            String(repeating: "ascii and 商品 ", count: 20),
        ])
    func validUTF8(_ text: String) {
        #expect(invalid(Array(text.utf8)) == nil)
    }

    @Test(
        "invalid UTF-8: where, how many bytes show it, and why",
        arguments: [
            ([0xC0, 0xAF], 0, 1, StringEncoding.UTF8Problem.invalidByte),  // overlong '/' in 2 bytes
            ([0x61, 0xE0, 0x80, 0xAF], 1, 2, .overlong),  // overlong '/' in 3 bytes
            ([0xF0, 0x80, 0x80, 0xAF], 0, 2, .overlong),  // overlong '/' in 4 bytes
            ([0xED, 0xA0, 0x80], 0, 2, .surrogate),  // U+D800 encoded in UTF-8
            ([0xED, 0xBF, 0xBF], 0, 2, .surrogate),  // U+DFFF
            ([0xF4, 0x90, 0x80, 0x80], 0, 2, .aboveMaximum),  // U+110000
            ([0xF5, 0x80, 0x80, 0x80], 0, 1, .invalidByte),
            ([0x41, 0xFF], 1, 1, .invalidByte),
            ([0xFE], 0, 1, .invalidByte),
            ([0x80], 0, 1, .continuationWithoutLead),
            ([0x61, 0x62, 0xC3], 2, 1, .truncated),  // cut at the end
            ([0xE5, 0x95, 0x41], 0, 2, .truncated),  // 3-byte sequence, 2 given
            ([0xF0, 0x9F, 0x98], 0, 3, .truncated),
            ([0xC3, 0x41], 0, 1, .truncated),
            (Array("12345678abcdefgh".utf8) + [0xED, 0xA0, 0x80], 16, 2, .surrogate),  // after whole ASCII words
        ] as [([UInt8], Int, Int, StringEncoding.UTF8Problem)])
    func invalidUTF8(_ bytes: [UInt8], offset: Int, length: Int, problem: StringEncoding.UTF8Problem) {
        let found = invalid(bytes)
        #expect(found?.offset == offset && found?.length == length && found?.problem == problem)
    }

    @Test("surrogate escapes: a high-low pair passes, a lone high or low one is found")
    func surrogates() {
        #expect(lone("\\ud83d\\ude00") == nil)
        #expect(lone("x\\uD83D\\uDE00y\\u00e9") == nil)
        #expect(lone("\\ud800") ?? (-1, 0, false) == (0, 0xD800, true))
        #expect(lone("\\ud800x") ?? (-1, 0, false) == (0, 0xD800, true))
        #expect(lone("ab\\ud800\\u0041") ?? (-1, 0, false) == (2, 0xD800, true))
        #expect(lone("\\ud800\\ud800\\udc00") ?? (-1, 0, false) == (0, 0xD800, true))
        #expect(lone("\\udc00") ?? (-1, 0, false) == (0, 0xDC00, false))
        #expect(lone("\\ud83d\\ude00\\udc00") ?? (-1, 0, false) == (12, 0xDC00, false))
        // An escaped backslash before "ud800" is text, not an escape.
        #expect(lone("\\\\ud800") == nil)
    }

    @Test("a tape names the first string of each problem, and nothing for clean lines")
    func tapeProblems() throws {
        func problems(_ bytes: [UInt8]) throws -> (Int?, Int?) {
            let tape = JSONTape()
            var scanner = JSONScanner()
            return try bytes.withUnsafeBytes { buffer in
                try scanner.scan(buffer, into: tape)
                let found = tape.encodingProblems(line: buffer)
                return (found.invalidUTF8?.string, found.loneSurrogate?.string)
            }
        }
        #expect(try problems(Array("{\"a\":\"é\",\"b\":\"\\ud83d\\ude00\"}".utf8)) == (nil, nil))
        // Entries: 0 object, 1 "a", 2 value, 3 "b", 4 value, 5 "c", 6 value.
        let line = Array("{\"a\":\"ok\",\"b\":\"".utf8) + [0xED, 0xA0, 0x80] + Array("\",\"c\":\"\\udc00\"}".utf8)
        #expect(try problems(line) == (4, 6))
    }
}
