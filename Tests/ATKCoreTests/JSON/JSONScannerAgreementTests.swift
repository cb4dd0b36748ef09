import ATKGenerate
import ATKSchema
import CScan
import Testing

@testable import ATKCore

/// The C scanner (`atk_json_scan`) against the Swift reference: the same texts accepted, with
/// the same tapes, entry by entry.
@Suite("JSON scanner: C and Swift agree")
struct JSONScannerAgreementTests {
    /// Scans `bytes` with both scanners and records a disagreement.
    private func expectAgreement(_ bytes: [UInt8], scanner: inout JSONScanner, _ note: @autoclosure () -> String = "") {
        let fast = JSONTape(capacity: 16)
        let reference = JSONTape(capacity: 16)
        bytes.withUnsafeBytes { buffer in
            let accepted = scanner.fastScan(buffer, into: fast)
            var referenceAccepted = true
            do throws(JSONSyntaxError) {
                try scanner.referenceScan(buffer, into: reference)
            } catch {
                referenceAccepted = false
            }
            #expect(
                accepted == referenceAccepted, "C \(accepted), Swift \(referenceAccepted): \(render(bytes)) \(note())")
            if accepted && referenceAccepted {
                #expect(fast.hasSameEntries(as: reference), "tapes differ: \(render(bytes))")
            }
        }
    }

    private func render(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix(300), as: UTF8.self).debugDescription
    }

    @Test("the tape entry has the same layout in C and Swift, and JSONKind the same tags")
    func layout() {
        var sizes = (0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &sizes) { raw in
            atk_tape_entry_layout(raw.baseAddress?.assumingMemoryBound(to: Int.self))
        }
        #expect(MemoryLayout<TapeEntry>.size == sizes.0)
        #expect(sizes.0 == 16)
        #expect(MemoryLayout<TapeEntry>.stride == sizes.0)
        #expect(MemoryLayout<TapeEntry>.offset(of: \.kind) == 0)
        #expect(MemoryLayout<TapeEntry>.offset(of: \.flags) == 1)
        #expect(MemoryLayout<TapeEntry>.offset(of: \.start) == sizes.1)
        #expect(MemoryLayout<TapeEntry>.offset(of: \.end) == sizes.2)
        #expect(MemoryLayout<TapeEntry>.offset(of: \.next) == sizes.3)
        #expect(MemoryLayout<TapeEntry>.offset(of: \.count) == sizes.4)
        let tags: [(JSONKind, Int32)] = [
            (.null, Int32(ATK_KIND_NULL)), (.bool, Int32(ATK_KIND_BOOL)), (.number, Int32(ATK_KIND_NUMBER)),
            (.string, Int32(ATK_KIND_STRING)), (.array, Int32(ATK_KIND_ARRAY)), (.object, Int32(ATK_KIND_OBJECT)),
        ]
        for (kind, tag) in tags {
            #expect(Int32(unsafeBitCast(kind, to: UInt8.self)) == tag, "\(kind)")
        }
        #expect(Int32(TapeEntry.escaped) == Int32(ATK_FLAG_ESCAPED))
        #expect(Int32(TapeEntry.integer) == Int32(ATK_FLAG_INTEGER))
        #expect(Int32(TapeEntry.isTrue) == Int32(ATK_FLAG_TRUE))
        #expect(Int32(TapeEntry.unicodeEscape) == Int32(ATK_FLAG_UNICODE_ESCAPE))
    }

    /// Texts at every edge of the grammar, valid and not, each also cut at every length.
    static let edges: [String] = [
        "{}", "[]", "{\"a\":1}", " { \"a\" : [ 1 , 2.5 , -3e2 , true , false , null ] } ", "\"s\"", "0", "-0",
        "1.5E+10", "1e5", "1E-5", "-", "01", "1.", ".5", "1e", "1e+", "--1", "+1", "0x10", "1.5.5", "2e3e4",
        "{\"k\":\"\\u5546\\\"\\\\\\/\\b\\f\\n\\r\\t\"}", "\"\\u12\"", "\"\\u12G4\"", "\"\\x\"", "\"\\\"", "\"a\\",
        "[[[[[[[[[[[]]]]]]]]]]]", "[[]", "[]]", "{\"a\"}", "{\"a\":}", "{\"a\" 1}", "{,}", "[1,]", "[,1]", "{\"a\":1,}",
        "{1:2}", "{\"a\":1 \"b\":2}", "tru", "true", "truee", "fals", "false", "falsy", "nul", "null", "nulll", "t",
        "[true,false,null]", "\"\u{01}\"", "\"tab\there\"", "\" \u{7F} \u{80} é 商品\"", "{\"a\":\"b\"}x", "{} {}",
        "\t\n\r {} \t\n\r", "\u{0C}{}", "[1\u{0B}]", "\"0123456789abcdef0123456789abcdef\"",
        "\"0123456789abcde\\\"0123456789abcdef\"", "\"0123456789abcdef\\u00e9\"", "[\"\\u00e9\",\"\\ud83d\\ude00\"]",
        "{\"\":\"\"}", "[\"\",\"\"]", "{\"a\":{\"b\":{\"c\":[{\"d\":null}]}}}",
        "[-0.0e-0,1E+9999,123456789012345678901]",
        "{\"a\":[1,{\"b\":[2,[3,{}]]}],\"c\":\"d\"}", "[1 2]", "[\"a\" \"b\"]", "{\"a\":1}}", "]", "}", ":", ",",
    ]

    @Test("every edge text, and every prefix of it, is accepted or rejected alike with the same tape")
    func edgesAndPrefixes() {
        var scanner = JSONScanner()
        for text in Self.edges {
            let bytes = Array(text.utf8)
            for length in 0...bytes.count {
                expectAgreement(Array(bytes.prefix(length)), scanner: &scanner, "edge \(text.debugDescription)")
            }
        }
    }

    @Test("deep nesting and long arrays grow the C scanner's stack and tape the same way")
    func growth() {
        var scanner = JSONScanner()
        let depth = 5_000
        expectAgreement(
            Array(String(repeating: "[", count: depth).utf8) + Array(String(repeating: "]", count: depth).utf8),
            scanner: &scanner)
        expectAgreement(
            Array(String(repeating: "{\"k\":[", count: 300).utf8) + [UInt8(ascii: "1")]
                + Array(String(repeating: "]}", count: 300).utf8), scanner: &scanner)
        let array =
            "[" + (0..<10_000).map { "\($0 % 7 == 0 ? "\"s\\n\($0)\"" : String($0))" }.joined(separator: ",") + "]"
        expectAgreement(Array(array.utf8), scanner: &scanner)
        // Counts past what an entry stores (65,535), also while a nested container is open.
        for size in [65_535, 65_536, 70_000] {
            let members = (0..<size).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
            expectAgreement(Array("{\(members)}".utf8), scanner: &scanner)
            expectAgreement(Array("{\(members),\"n\":{\(members)},\"z\":{}}".utf8), scanner: &scanner)
            expectAgreement(Array("[\((0..<size).map { String($0) }.joined(separator: ","))]".utf8), scanner: &scanner)
        }
        // The same scanner keeps working on small texts after growing.
        expectAgreement(Array("{\"a\":[1,2]}".utf8), scanner: &scanner)
    }

    /// A random JSON text with every construct: nested containers, escapes, numbers, literals.
    private func randomValue(_ random: inout SplitMix64, depth: Int) -> String {
        let pick = Int.random(in: 0..<(depth > 3 ? 6 : 9), using: &random)
        switch pick {
        case 0: return "null"
        case 1: return Bool.random(using: &random) ? "true" : "false"
        case 2:
            let forms = [
                "0", "-0", "12", "-7", "1788246001424", "3.25", "-0.5e-3", "6E+2", "1e9", "12345678901234567890",
            ]
            return forms[Int.random(in: 0..<forms.count, using: &random)]
        case 3, 4, 5:
            let pieces = ["a", "UIView", "商品", "é", "\\n", "\\\"", "\\\\", "\\u00e9", "\\/", " ", "0123456789", "\\t"]
            let count = Int.random(in: 0..<8, using: &random)
            return "\"" + (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
                + "\""
        case 6:
            let count = Int.random(in: 0..<5, using: &random)
            return "[" + (0..<count).map { _ in randomValue(&random, depth: depth + 1) }.joined(separator: ",") + "]"
        default:
            let count = Int.random(in: 0..<6, using: &random)
            let space = Bool.random(using: &random) ? " " : ""
            return "{"
                + (0..<count).map { index in
                    "\(space)\"k\(index)\"\(space):\(space)" + randomValue(&random, depth: depth + 1)
                }.joined(separator: ",") + "}"
        }
    }

    /// Bytes that change the grammar when put anywhere.
    private static let disruptive: [UInt8] = Array("\"\\{}[],: \t0-.eE+tfnu".utf8) + [0x01, 0x1F, 0x7F, 0x80, 0xFF]

    @Test("random texts and their byte mutations are accepted or rejected alike with the same tapes")
    func randomTexts() {
        var random = SplitMix64(seed: 20_261_123)
        var scanner = JSONScanner()
        for round in 0..<4_000 {
            let bytes = Array(randomValue(&random, depth: 0).utf8)
            expectAgreement(bytes, scanner: &scanner, "round \(round)")
            for _ in 0..<4 where !bytes.isEmpty {
                var mutated = bytes
                let position = Int.random(in: 0..<mutated.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: mutated[position] = Self.disruptive[Int.random(in: 0..<Self.disruptive.count, using: &random)]
                case 1: mutated.remove(at: position)
                case 2:
                    mutated.insert(
                        Self.disruptive[Int.random(in: 0..<Self.disruptive.count, using: &random)], at: position)
                default: mutated.removeLast(mutated.count - position)
                }
                expectAgreement(mutated, scanner: &scanner, "round \(round), mutated")
            }
        }
    }
}
