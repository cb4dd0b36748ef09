import Testing

@testable import ATKCore

@Suite("shard records and manifest lines: writing and parsing")
struct ShardRecordTests {
    private func record(_ payload: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        ShardRecord.append(bucket: 3, input: 1, line: 42, payload: .line(payload), to: &output)
        return output
    }

    private func parse(_ text: [UInt8]) throws -> ShardRecord {
        try ShardRecord(parsing: text.dropLast()[...])
    }

    @Test("a plain line travels as it is, tabs inside the payload included")
    func rawWithTabs() throws {
        let line = Array("{\"event\":\"A\tB\"}\t\t".utf8)
        let text = record(line)
        #expect(text == Array("3\t1\t42\t".utf8) + line + [0x0A])
        let parsed = try parse(text)
        #expect(parsed.bucket == 3 && parsed.input == 1 && parsed.line == 42)
        guard case .line(let bytes) = parsed.payload else {
            Issue.record("not a line")
            return
        }
        #expect(bytes == line)
    }

    @Test("invalid UTF-8, control bytes and a leading ~ travel as ~b64:, and come back exact")
    func encoded() throws {
        for line in [[0x7B, 0xFF, 0x7D], Array("a\rb".utf8), Array("~b64:AAAA".utf8), [0x7B, 0x00, 0x7D]] as [[UInt8]] {
            let text = record(line)
            #expect(text.starts(with: Array("3\t1\t42\t~b64:".utf8)))
            #expect(String(validating: text, as: UTF8.self) != nil)
            guard case .line(let bytes) = try parse(text).payload else {
                Issue.record("not a line")
                continue
            }
            #expect(bytes == line)
        }
    }

    @Test("~long: and ~input: records read back; damaged records are refused")
    func markersAndDamage() throws {
        var output: [UInt8] = []
        ShardRecord.append(bucket: 0, input: 2, line: 9, payload: .tooLong(123_456), to: &output)
        guard case .tooLong(let length) = try parse(output).payload else {
            Issue.record("not ~long:")
            return
        }
        #expect(length == 123_456)
        var report = FileReport(source: .file("d/a.jsonl.gz"))
        report.lines = 7
        report.isGzip = true
        report.gzipMembers = 2
        report.error = .truncatedGzip(path: "d/a.jsonl.gz", offset: 99)
        output = []
        let fact = InputFact(index: 2, report: report, key: .property("$device_id"), buckets: 4)
        ShardRecord.append(bucket: 1, input: 2, line: 0, payload: .input(fact), to: &output)
        guard case .input(let back) = try parse(output).payload else {
            Issue.record("not ~input:")
            return
        }
        #expect(back.stateBytes == fact.stateBytes)
        #expect(back.report.error == report.error)
        for damaged in [
            "1\t2\t{}", "x\t0\t1\t{}", "0\t0\t1\t~b64:!!", "0\t0\t1\t~what:1", "0\t0\t0\t{}", "0\t-1\t1\t{}",
        ] {
            #expect(throws: DistFormatError.self) { try ShardRecord(parsing: Array(damaged.utf8)[...]) }
        }
    }

    @Test("a fact's key reads back, and matches only the key the command routes by")
    func shardKeys() throws {
        for key in [ShardKey.distinctId, .property("$device_id"), .person(links: 0xABCD)] {
            var output: [UInt8] = []
            let fact = InputFact(index: 0, report: FileReport(source: .file("a")), key: key, buckets: 2)
            ShardRecord.append(bucket: 0, input: 0, line: 0, payload: .input(fact), to: &output)
            guard case .input(let back) = try parse(output).payload else {
                Issue.record("not ~input:")
                continue
            }
            #expect(back.key == key)
        }
        #expect(ShardKey.distinctId.matches(.distinctId, links: nil))
        #expect(!ShardKey.distinctId.matches(.property("p"), links: nil))
        #expect(ShardKey.property("p").matches(.property("p"), links: nil))
        #expect(!ShardKey.property("p").matches(.property("q"), links: nil))
        #expect(!ShardKey.person(links: 1).matches(.distinctId, links: 1))
    }

    @Test("manifest lines: paths raw or ~b64:, errors after the inputs, and back")
    func manifest() throws {
        var resolved = ResolvedInputs()
        resolved.sources = [.file("a.jsonl"), .file(PathName.string(bytes: [0x62, 0xFF, 0x2E, 0x67, 0x7A]))]
        resolved.errors = [.emptyDirectory(path: "empty/")]
        let manifest = DistManifest(resolved)
        let lines = manifest.text.split(separator: 0x0A)
        #expect(lines.count == 3)
        #expect(Array(lines[0]) == Array("0\ta.jsonl".utf8))
        #expect(lines[1].starts(with: Array("1\t~b64:".utf8)))
        #expect(lines[2].starts(with: Array("!0\t~error:".utf8)))
        guard case .input(let index, let source) = try DistManifest.entry(parsing: lines[1]) else {
            Issue.record("not an input")
            return
        }
        #expect(index == 1 && source == resolved.sources[1])
        guard case .error(_, let error) = try DistManifest.entry(parsing: lines[2]) else {
            Issue.record("not an error")
            return
        }
        #expect(error == .emptyDirectory(path: "empty/"))
        #expect(manifest.hash == BucketHash.fnv1a64(manifest.text))
    }
}
