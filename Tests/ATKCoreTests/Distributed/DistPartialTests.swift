import Testing

@testable import ATKCore

@Suite("records replayed in input order, partials written as text and read back")
struct DistPartialTests {
    @Test("records in any order replay in input order, as the reader feeds them")
    func replayOrder() throws {
        let lines = [
            #"{"distinct_id":"a","event":"A","time":1}"#, "not json", #"{"distinct_id":"b","event":"B","time":2}"#,
            #"{"distinct_id":"a","event":"C","time":3}"#,
        ]
        var text: [UInt8] = []
        for (index, line) in lines.enumerated().reversed() {
            ShardRecord.append(
                bucket: 0, input: index % 2, line: index + 1, payload: .line(Array(line.utf8)), to: &text)
        }
        var batch = RecordBatch()
        try batch.add(text)
        var order = OrderProbe()
        try batch.replay(into: &order, maxLineLength: 1 << 20)
        #expect(order.seen == ["0:1", "0:3", "1:2!", "1:4"])
        #expect(batch.linesPerInput == [0: 2, 1: 2])
    }

    @Test("an encoded payload is decoded once and replayed as a malformed line, never read as a record")
    func encodedPayload() throws {
        var text: [UInt8] = []
        ShardRecord.append(bucket: 0, input: 0, line: 2, payload: .line([0x7B, 0xFF, 0x7D]), to: &text)
        ShardRecord.append(bucket: 0, input: 0, line: 1, payload: .line(Array("{}".utf8)), to: &text)
        var batch = RecordBatch()
        try batch.add(text)
        try batch.add(text.prefix(0) + Array("0\t1\t1\t{}\n".utf8))
        var order = OrderProbe()
        try batch.replay(into: &order, maxLineLength: 100)
        #expect(order.seen == ["0:1", "0:2!", "1:1"])
    }

    @Test("a line received twice, and a line the command's limit would read but the shard skipped, are refused")
    func refused() throws {
        var text: [UInt8] = []
        ShardRecord.append(bucket: 0, input: 0, line: 1, payload: .line(Array("{}".utf8)), to: &text)
        var twice = RecordBatch()
        try twice.add(text + text)
        var probe = OrderProbe()
        #expect(throws: DistFormatError.self) { try twice.replay(into: &probe, maxLineLength: 100) }
        var long: [UInt8] = []
        ShardRecord.append(bucket: 0, input: 0, line: 1, payload: .tooLong(50), to: &long)
        var skipped = RecordBatch()
        try skipped.add(long)
        #expect(throws: DistFormatError.self) { try skipped.replay(into: &probe, maxLineLength: 100) }
        var limit = RecordBatch()
        try limit.add(long)
        try limit.replay(into: &probe, maxLineLength: 10)
        #expect(probe.seen.last == "0:1!")
    }

    @Test("a partial's text is ASCII and reads back; a truncated or altered one is refused")
    func partialText() throws {
        var report = FileReport(source: .file("a.jsonl"))
        report.lines = 3
        let fact = InputFact(index: 0, report: report, key: .distinctId, buckets: 2)
        var partial = DistPartial(
            command: "stats", optionsHash: 0xABC, facts: [0: fact], errors: [0: .emptyDirectory(path: "e")],
            seen: [0: 2], state: Array(0..<200))
        partial.malformed = [0: 1]
        let text = Array(partial.text.utf8)
        #expect(text.allSatisfy { $0 < 0x80 })
        let back = try DistPartial.parseAll(text + text)
        #expect(back.count == 2)
        #expect(back[0].command == "stats" && back[0].optionsHash == 0xABC && back[0].seen == [0: 2])
        #expect(back[0].malformed == [0: 1])
        #expect(back[0].state == partial.state && back[0].manifestHash == partial.manifestHash)
        #expect(back[1].errors[0] == .emptyDirectory(path: "e"))
        #expect(throws: DistFormatError.self) { try DistPartial.parseAll(Array(text.dropLast(20))) }
        var altered = text
        altered[altered.count - 10] = altered[altered.count - 10] == 0x41 ? 0x42 : 0x41
        #expect(throws: DistFormatError.self) { try DistPartial.parseAll(altered) }
        #expect(throws: DistFormatError.self) { try DistPartial.parseAll(Array("0\t0\t1\t{}\n".utf8)) }
    }
}

/// Records each line's location (`INPUT:LINE`, `!` when malformed) in the order visited.
private struct OrderProbe: DumpVisitor {
    var seen: [String] = []

    mutating func visit(_ event: Event) { seen.append("\(event.location.fileIndex):\(event.location.line)") }

    mutating func visitMalformed(_ line: MalformedLine) {
        seen.append("\(line.location.fileIndex):\(line.location.line)!")
    }
}
