import Foundation
import Testing

@testable import ATKCore

@Suite("the parallel read: every line once, in order per key, the serial result for every --jobs")
struct ParallelReadTests {
    /// Every line as the analysis saw it: where, its bytes, the envelope's name and user.
    ///
    /// A malformed line has its reason as its name. Merges by location, so the merged record is
    /// the serial one.
    struct Transcript: MergeableAnalysis {
        struct Entry: Equatable {
            var location: LineLocation
            var text: String
            var event: String?
            var distinctId: String?
            var keys: Int
        }
        var entries: [Entry] = []
        /// Per user: the lines seen, in the order seen (must be input order).
        var perUser: [String: [LineLocation]] = [:]

        func makePartial() -> Transcript { Transcript() }
        mutating func merge(_ other: consuming Transcript) {
            entries = (entries + other.entries).sorted { $0.location < $1.location }
            for (user, lines) in other.perUser {
                #expect(perUser[user] == nil, "user \(user) in two partials")
                perUser[user] = lines
            }
        }
        mutating func visit(_ event: Event) {
            let user = event.distinctId?.stringValue
            entries.append(
                Entry(
                    location: event.location, text: String(decoding: event.line, as: UTF8.self),
                    event: event.event?.stringValue, distinctId: user, keys: event.root.count))
            if let user { perUser[user, default: []].append(event.location) }
        }
        mutating func visitMalformed(_ line: MalformedLine) {
            entries.append(
                Entry(
                    location: line.location, text: String(decoding: line.bytes, as: UTF8.self), event: nil,
                    distinctId: nil, keys: -1))
            entries[entries.count - 1].event = line.reason.description
        }
    }

    /// Inputs that stress the cut points: generated dumps, a multi-member gzip with a damaged
    /// last member, BOM, CRLF, blank lines, an over-long line, a file without a final newline.
    private func inputs(in directory: TemporaryDirectory) throws -> [InputSource] {
        let generated = try generatedInputs(files: 2, users: 40)
        var paths = try generated.enumerated().map { try directory.write("g\($0.offset).jsonl", $0.element) }
        let first = try gzip(generated[0], in: directory, name: "m1.gz")
        let second = try gzip(Array(#"{"event":"Z","distinct_id":"u1"}"#.utf8) + [10], in: directory, name: "m2.gz")
        paths.append(try directory.write("members.jsonl.gz", first + second + Array(second.prefix(second.count - 5))))
        let odd =
            "\u{FEFF}{\"event\":\"A\",\"distinct_id\":\"u1\"}\r\n\n   \n{\"event\":\"B\",\"distinct_id\":\"u2\"}\n"
            + "{\"event\":\"" + String(repeating: "x", count: 3000)
            + "\"}\n[1]\n{\"event\":\"C\",\"distinct_id\":\"u1\"}"
        paths.append(try directory.write("odd.jsonl", odd))
        // Lines routed by ids written several ways: escaped, after a `distinct_id` in the
        // properties, with spaces, none, and lines of every length.
        let guesses = (0..<200).map { index in
            switch index % 5 {
            case 0: #"{"event":"G","distinct_id":"u\u0031\#(index % 7)","time":\#(index)}"#
            case 1: #"{"properties":{"distinct_id":"p\#(index)"},"distinct_id":"u\#(index % 7)","event":"G"}"#
            case 2: #"{"event":"G", "distinct_id" : "u\#(index % 7)"}"#
            case 3: #"{"event":"G","time":\#(index)}"#
            default: #"{"distinct_id":"u\#(index % 7)","event":"G","x":"\#(String(repeating: "y", count: index))"}"#
            }
        }
        paths.append(try directory.write("guesses.jsonl", guesses.joined(separator: "\n") + "\n"))
        return paths.map { InputSource.file($0) }
    }

    private func describe(_ reports: [FileReport]) -> [String] {
        reports.map {
            "\($0.lines) \($0.malformedLines) \($0.bytes) \($0.inputBytes) \($0.gzipMembers) \(String(describing: $0.error))"
        }
    }

    @Test("jobs 1, 2, 3 and 7 give the serial transcript and reports", arguments: [256, 4096, 1 << 20])
    func transcript(blockSize: Int) throws {
        let directory = try TemporaryDirectory()
        let sources = try inputs(in: directory)
        var serial = Transcript()
        let serialReports = DumpReader(sources: sources, maxLineLength: 2048, blockSize: blockSize)
            .read(into: &serial)
        #expect(serial.entries.count > 1000)
        #expect(serialReports.contains { $0.error != nil })
        for jobs in [1, 2, 3, 7] {
            var parallel = Transcript()
            let reports = DumpReader(sources: sources, maxLineLength: 2048, blockSize: blockSize)
                .read(into: &parallel, jobs: jobs)
            let difference = zip(parallel.entries, serial.entries).first { $0.0 != $0.1 }
            #expect(difference == nil, "jobs \(jobs): first difference \(String(describing: difference))")
            #expect(parallel.entries.count == serial.entries.count, "jobs \(jobs)")
            #expect(parallel.perUser == serial.perUser, "jobs \(jobs)")
            #expect(describe(reports) == describe(serialReports), "jobs \(jobs)")
        }
    }

    @Test("forty small inputs, read several at once, give the serial transcript and reports", arguments: [256, 4096])
    func manyInputs(blockSize: Int) throws {
        let directory = try TemporaryDirectory()
        let generated = try generatedInputs(files: 4, users: 12)
        var sources: [InputSource] = []
        for index in 0..<40 {
            let text = generated[index % generated.count]
            let path: String
            switch index % 5 {
            case 0: path = try directory.write("f\(index).jsonl.gz", try gzip(text, in: directory, name: "z\(index)"))
            case 1: path = try directory.write("f\(index).jsonl", Array(text.prefix(index * 37)))
            case 2: path = try directory.write("f\(index).jsonl", [])
            case 3: path = directory.path("missing-\(index).jsonl")
            default:
                let member = try gzip(text, in: directory, name: "y\(index)")
                path = try directory.write("f\(index).jsonl.gz", member + Array(member.prefix(member.count / 2)))
            }
            sources.append(.file(path))
        }
        var serial = Transcript()
        let serialReports = DumpReader(sources: sources, maxLineLength: 2048, blockSize: blockSize).read(into: &serial)
        #expect(serial.entries.count > 1000)
        for jobs in [2, 3, 7] {
            var parallel = Transcript()
            let reports = DumpReader(sources: sources, maxLineLength: 2048, blockSize: blockSize)
                .read(into: &parallel, jobs: jobs)
            #expect(parallel.entries == serial.entries, "jobs \(jobs)")
            #expect(parallel.perUser == serial.perUser, "jobs \(jobs)")
            let differing = zip(describe(reports), describe(serialReports)).filter { $0.0 != $0.1 }
            #expect(reports.count == serialReports.count && differing.isEmpty, "jobs \(jobs): \(differing)")
        }
    }

    /// Generated dumps written as many gzip members (at line ends, and inside lines), one of
    /// them damaged, several files at once.
    private func memberInputs(in directory: TemporaryDirectory) throws -> [InputSource] {
        let generated = try generatedInputs(files: 3, users: 60)
        func members(_ text: [UInt8], size: Int, atLineEnds: Bool = true) -> [UInt8] {
            var out: [UInt8] = []
            var start = 0
            while start < text.count {
                var end = min(text.count, start + size)
                if atLineEnds, let newline = text[end...].firstIndex(of: 10) { end = newline + 1 }
                out += InflaterRun.member(Array(text[start..<end]), level: 6)
                start = end
            }
            return out
        }
        let atLineEnds = members(generated[0], size: 1500)
        let insideLines = members(generated[1], size: 1777, atLineEnds: false)
        var damaged = members(generated[2], size: 900)
        damaged[damaged.count * 2 / 3] ^= 0x55
        return try [atLineEnds, insideLines, damaged, atLineEnds].enumerated().map {
            .file(try directory.write("members\($0.offset).jsonl.gz", $0.element))
        }
    }

    @Test("multi-member gzip read in segments gives the one-reader transcript for every --jobs")
    func segments() throws {
        let directory = try TemporaryDirectory()
        let sources = try memberInputs(in: directory)
        var whole = Transcript()
        let oneStream = DumpReader(sources: sources, maxLineLength: 2048, blockSize: 4096)
        oneStream.segmentText = 0
        let wholeReports = oneStream.read(into: &whole)
        #expect(whole.entries.count > 1000)
        #expect(wholeReports.contains { $0.error != nil } && wholeReports.allSatisfy { $0.gzipMembers > 20 })
        for jobs in [1, 2, 3, 7] {
            var parallel = Transcript()
            let reader = DumpReader(sources: sources, maxLineLength: 2048, blockSize: 4096)
            reader.segmentText = 1
            reader.minimumSpan = 256
            let reports = reader.read(into: &parallel, jobs: jobs)
            #expect(parallel.entries == whole.entries, "jobs \(jobs)")
            #expect(parallel.perUser == whole.perUser, "jobs \(jobs)")
            #expect(describe(reports) == describe(wholeReports), "jobs \(jobs)")
        }
    }

    /// A transcript that declines the events named `G` (``MergeableAnalysis/needsVisit(_:)``):
    /// a visit of one only counts it, and records that it was handed over.
    struct Declining: MergeableAnalysis {
        var transcript = Transcript()
        /// The `G` events counted, visited or not.
        var declined = 0
        /// The `G` events the engine handed over anyway.
        var handedOver = 0

        func makePartial() -> Declining { Declining() }
        mutating func merge(_ other: consuming Declining) {
            transcript.merge(other.transcript)
            declined += other.declined
            handedOver += other.handedOver
        }
        mutating func needsVisit(_ event: Event) -> Bool { event.event?.stringValue != "G" }
        mutating func countUnvisited(_ count: Int) { declined += count }
        mutating func visit(_ event: Event) {
            guard event.event?.stringValue == "G" else { return transcript.visit(event) }
            declined += 1
            handedOver += 1
        }
        mutating func visitMalformed(_ line: MalformedLine) { transcript.visitMalformed(line) }
    }

    @Test("events an analysis declines are counted where they were parsed, never handed over")
    func declined() throws {
        let directory = try TemporaryDirectory()
        let sources = try inputs(in: directory)
        var serial = Declining()
        _ = DumpReader(sources: sources, maxLineLength: 2048, blockSize: 4096).read(into: &serial)
        // One thread visits every event, the 200 `G` lines among them.
        #expect(serial.declined == 200 && serial.handedOver == 200)
        for jobs in [2, 3, 7] {
            var parallel = Declining()
            _ = DumpReader(sources: sources, maxLineLength: 2048, blockSize: 4096).read(into: &parallel, jobs: jobs)
            #expect(parallel.transcript.entries == serial.transcript.entries, "jobs \(jobs)")
            #expect(parallel.transcript.perUser == serial.transcript.perUser, "jobs \(jobs)")
            #expect(parallel.declined == serial.declined, "jobs \(jobs)")
            #expect(parallel.handedOver == 0, "jobs \(jobs)")
        }
    }

    @Test("stats over several inputs is the serial stats for every jobs")
    func stats() throws {
        let directory = try TemporaryDirectory()
        let sources = try inputs(in: directory)
        var serial = StatsCollector()
        _ = DumpReader(sources: sources, blockSize: 4096).read(into: &serial)
        for jobs in [2, 3, 7] {
            var parallel = StatsCollector()
            _ = DumpReader(sources: sources, blockSize: 4096).read(into: &parallel, jobs: jobs)
            #expect(parallel.userCount == serial.userCount)
            #expect("\(parallel.eventRows)" == "\(serial.eventRows)")
            #expect(parallel.malformedExamples == serial.malformedExamples)
        }
    }

    @Test("progress is reported every 16 MB, the same for one worker and several")
    func progress() throws {
        let directory = try TemporaryDirectory()
        let line = #"{"distinct_id":"u1","event":"A","time":1700000000000}"# + "\n"
        let path = try directory.write("big.jsonl", String(repeating: line, count: (33 << 20) / line.utf8.count))
        final class Seen: @unchecked Sendable { var calls: [ReadProgress] = [] }
        var byJobs: [[Int64]] = []
        for jobs in [1, 2] {
            let seen = Seen()
            var stats = StatsCollector()
            _ = DumpReader(sources: [.file(path)]).read(into: &stats, jobs: jobs) { seen.calls.append($0) }
            // At the first block end (blocks of whole lines, about 1 MiB) at or past each 16 MiB.
            #expect(seen.calls.count == 2, "jobs \(jobs)")
            for (call, mark) in zip(seen.calls, [Int64(16 << 20), Int64(32 << 20)]) {
                #expect(call.bytes >= mark && call.bytes < mark + (2 << 20), "jobs \(jobs): \(call.bytes)")
                #expect(call.lines * line.utf8.count == Int(call.bytes))
            }
            byJobs.append(seen.calls.map(\.bytes))
        }
        #expect(byJobs[0] == byJobs[1])
    }

    /// Every envelope field as an analysis that reads only the envelope sees it: its kind, and
    /// a scalar's text (an object or array keeps no members with several workers).
    struct EnvelopeTranscript: MergeableAnalysis {
        var entries: [(LineLocation, [String])] = []

        var readsWholeEvents: Bool { false }
        func makePartial() -> EnvelopeTranscript { EnvelopeTranscript() }
        mutating func merge(_ other: consuming EnvelopeTranscript) {
            entries = (entries + other.entries).sorted { $0.0 < $1.0 }
        }
        mutating func visit(_ event: Event) {
            let fields = [
                event.type, event.event, event.time, event.distinctId, event.properties, event.lib, event.trackId,
                event.flushTime, event.originalId,
            ]
            entries.append(
                (
                    event.location,
                    fields.map { node in
                        guard let node else { return "-" }
                        switch node.kind {
                        case .object, .array: return "\(node.kind)"
                        default: return "\(node.kind) \(String(decoding: node.sourceBytes, as: UTF8.self))"
                        }
                    } + [String(decoding: event.line, as: UTF8.self), "\(event.isTrackType)"]
                ))
        }
        mutating func visitMalformed(_ line: MalformedLine) {}
    }

    @Test("an analysis that reads only the envelope sees every envelope field for every --jobs")
    func envelopeOnly() throws {
        let directory = try TemporaryDirectory()
        var lines = [
            #"{"type":"track","event":"A","time":1788246001424,"distinct_id":"u1","properties":{"a":1},"lib":{"$lib":"iOS"},"_track_id":12,"_flush_time":1788246001425,"original_id":"o1"}"#,
            // Escaped keys, values of every kind, a key given twice (the last counts).
            #"{"\u0074ype":"track_signup","ev\u0065nt":"B\u00e9","time":"12","distinct_id":{"x":[1,2]},"distinct_id":"u2","properties":[1,{"k":2}]}"#,
            #"{"type":["a",{"b":1}],"event":null,"time":-1.5e3,"distinct_id":true,"lib":"text","_track_id":-0,"original_id":[]}"#,
            #"{}"#, #"{"properties":{},"lib":{}}"#, #"{"event":"C","distinct_id":"u1","time":1}"#,
        ]
        lines += (0..<300).map {
            #"{"event":"E\#($0 % 7)","distinct_id":"u\#($0 % 11)","time":\#($0),"properties":{"n":\#($0)}}"#
        }
        let text = Array((lines.joined(separator: "\n") + "\n").utf8) + (try generatedInputs(files: 1, users: 30)[0])
        let sources = [InputSource.file(try directory.write("envelopes.jsonl", text))]
        var serial = EnvelopeTranscript()
        _ = DumpReader(sources: sources, blockSize: 512).read(into: &serial)
        #expect(serial.entries.count > 1000)
        for jobs in [2, 3, 7] {
            var parallel = EnvelopeTranscript()
            _ = DumpReader(sources: sources, blockSize: 512).read(into: &parallel, jobs: jobs)
            let difference = zip(parallel.entries, serial.entries).first { $0.0 != $1.0 || $0.1 != $1.1 }
            #expect(difference == nil, "jobs \(jobs): first difference \(String(describing: difference))")
            #expect(parallel.entries.count == serial.entries.count, "jobs \(jobs)")
        }
    }

    @Test("a kept envelope has the fields' entries, and objects and arrays with no members")
    func keptEnvelope() throws {
        let line = Array(
            #"{"lib":{"a":1},"event":"A","x":[1,2],"time":5,"properties":{"b":[3]},"distinct_id":"u"}"#.utf8)
        let tape = JSONTape()
        var scanner = JSONScanner()
        try line.withUnsafeBytes { bytes in
            try scanner.scan(bytes, into: tape)
            let event = Event(line: bytes, location: LineLocation(fileIndex: 0, line: 1), tape: tape)
            let arena = JSONTape()
            var envelope = event.envelope
            let count = arena.keep(envelopeOf: tape.entries, &envelope)
            #expect(count == 6)
            #expect(arena.kept == 6)
            let view = JSONTape(viewing: arena.storage)
            view.view(arena.storage, count: count, stringFlags: tape.stringFlags)
            let kept = Event(line: bytes, location: event.location, tape: view, envelope: envelope)
            #expect(kept.root.kind == .object && kept.root.count == 0)
            #expect(kept.event?.stringValue == "A" && kept.time?.int64Value == 5 && kept.distinctId?.stringValue == "u")
            #expect(kept.lib?.kind == .object && kept.lib?.count == 0)
            #expect(kept.properties?.kind == .object && kept.properties?.count == 0)
            #expect(kept.type == nil && kept.trackId == nil)
            // Each entry's subtree, the root's included, ends after it: a walk of members finds
            // none, whether it counts them or goes to the subtree's end.
            for index in 0..<count { #expect(Int(view.entries[index].next) == index + 1) }
            var members = 0
            kept.root.forEachMember { _, _ in
                members += 1
                return true
            }
            #expect(members == 0)
            #expect(kept.root.member("event") == nil && kept.root.member("A") == nil)
        }
    }

    @Test("an empty input list and empty files read as they do serially")
    func empty() throws {
        let directory = try TemporaryDirectory()
        var stats = StatsCollector()
        #expect(DumpReader(sources: []).read(into: &stats, jobs: 4).isEmpty)
        let path = try directory.write("empty.jsonl", "")
        let reports = DumpReader(sources: [.file(path), .file(path)]).read(into: &stats, jobs: 4)
        #expect(reports.map(\.lines) == [0, 0])
        #expect(stats.events == 0)
    }
}
