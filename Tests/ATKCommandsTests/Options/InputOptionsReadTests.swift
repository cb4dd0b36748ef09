import ATKCore
import Foundation
import Testing

@testable import ATKCommands

@Suite("a reading command uses --jobs workers: a mergeable analysis is never read serially by accident")
struct InputOptionsReadTests {
    /// Counts the partials a read makes (one per worker) and the lines it saw.
    final class Partials: @unchecked Sendable {
        private let lock = NSLock()
        private var made = 0
        var count: Int { lock.withLock { made } }
        func add() { lock.withLock { made += 1 } }
    }

    struct Probe: DistributableAnalysis {
        let partials: Partials
        var lines = 0

        func makePartial() -> Probe {
            partials.add()
            return Probe(partials: partials)
        }
        mutating func merge(_ other: consuming Probe) { lines += other.lines }
        mutating func visit(_ event: Event) { lines += 1 }
        mutating func visitMalformed(_ line: MalformedLine) { lines += 1 }
        func encodeState(to writer: inout StateWriter) { writer.write(lines) }
        mutating func decodeState(from reader: inout StateReader) throws { lines = try reader.readInt() }
    }

    /// A dump of `count` lines over 50 users, in a temporary file.
    private func dump(lines count: Int) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("atk-jobs-\(UUID().uuidString).jsonl")
            .path
        let text = (0..<count).map { #"{"type":"track","event":"E","distinct_id":"u\#($0 % 50)","time":1}"# }
        try (text.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("InputOptions.read runs --jobs N workers, for a concrete analysis and through SingleRun", arguments: [2, 3])
    func workers(jobs: Int) throws {
        let path = try dump(lines: 5_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let input = try InputOptions.parse(["--quiet", "--jobs", "\(jobs)", path])
        let resolved = try input.resolve()

        var probe = Probe(partials: Partials())
        let (_, unreadable) = input.read(resolved, into: &probe)
        #expect(!unreadable && probe.lines == 5_000)
        #expect(probe.partials.count == jobs, "a read with --jobs \(jobs) made \(probe.partials.count) partials")

        // The single run of every distributable command goes through SingleRun's generic read.
        var runner = SingleRun(
            input: input, inputs: resolved,
            output: ReportOutput(file: try OutputFile.opening("/dev/null"), isText: false))
        let generic = Probe(partials: Partials())
        var seen = 0
        try runner.run(generic) { analysis, _, _, _ in seen = analysis.lines }
        #expect(seen == 5_000)
        #expect(generic.partials.count == jobs, "SingleRun with --jobs \(jobs) made \(generic.partials.count) partials")
    }
}
