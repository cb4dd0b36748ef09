import Foundation
import Testing

@Suite("atk validate, end to end: invalid UTF-8 and lone surrogates")
struct ValidateEncodingEndToEndTests {
    @Test("the JSON report names json.invalid_utf8 and json.lone_surrogate with file and line; bad rows get them")
    func encodingFindings() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atk-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func line(_ value: [UInt8]) -> Data {
            Data("{\"_track_id\":1,\"time\":1788220000000,\"type\":\"track\",\"distinct_id\":\"u1\",".utf8)
                + Data("\"event\":\"ProductView\",\"properties\":{\"p\":\"".utf8) + Data(value) + Data("\"}}\n".utf8)
        }
        var dump = Data()
        dump += line(Array("商品 \\ud83d\\ude00".utf8))  // 1: valid
        dump += line([0x61, 0xED, 0xA0, 0x80])  // 2: a surrogate encoded in UTF-8
        dump += line(Array("\\ud800x".utf8))  // 3: lone high surrogate
        dump += line([0xF5])  // 4: a byte UTF-8 never uses
        dump += line(Array("\\udc00".utf8))  // 5: lone low surrogate
        let path = directory.appendingPathComponent("enc.jsonl").path
        let badRows = directory.appendingPathComponent("bad.jsonl").path
        try dump.write(to: URL(fileURLWithPath: path))

        let result = try CLI.run(
            ["validate", "--format", "json", "--now", "2030-01-01T00:00:00Z", "--bad-rows", badRows, path])
        #expect(result.status == 1)
        let rules = Dictionary(
            uniqueKeysWithValues: result.json[array: "rules"].map {
                ($0["id"] as? String ?? "", $0)
            })
        for (id, lines) in [("json.invalid_utf8", [2, 4]), ("json.lone_surrogate", [3, 5])] {
            let rule = rules[id] ?? [:]
            #expect(rule["severity"] as? String == "error", "\(id)")
            #expect(rule[int: "count"] == lines.count, "\(id)")
            #expect(rule[array: "examples"].compactMap { $0[int: "line"] } == lines, "\(id)")
            #expect(rule[array: "examples"].allSatisfy { $0["file"] as? String == path }, "\(id)")
        }
        #expect(rules["json.malformed"] == nil)
        #expect(result.json[object: "summary"][int: "events"] == 5)
        let rows = try Data(contentsOf: URL(fileURLWithPath: badRows)).split(separator: 0x0A)
        #expect(rows.count == 4)
    }
}
