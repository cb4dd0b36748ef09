import Foundation
import Testing

@testable import ATKCore
@testable import ATKGenerate

@Suite("Generator and stats agree with the truth")
struct DumpGeneratorTests {
    private func generate(
        users: Int, seed: UInt64, faults: Double, gzip: Bool = false, in directory: ScratchDirectory
    ) throws -> (path: String, truth: GeneratorTruth) {
        var options = GeneratorOptions()
        options.users = users
        options.seed = seed
        options.faultRate = faults
        let path = directory.path(gzip ? "dump.jsonl.gz" : "dump.jsonl")
        let truth = try DumpGenerator(options: options).generate(to: DumpWriter(path: path, gzip: gzip))
        return (path, truth)
    }

    @Test("users, days and start outside their ranges are clamped, so no time overflows")
    func clampedOptions() throws {
        var options = GeneratorOptions()
        options.users = -5
        options.days = Int.max
        options.start = .max
        var generator = DumpGenerator(options: options)
        #expect(generator.options.users == 0 && generator.options.days == GeneratorOptions.maximumDays)
        #expect(generator.options.start == TimeSyntax.instantRange.upperBound)
        options.users = 2
        options.days = -1
        options.start = .min
        generator = DumpGenerator(options: options)
        #expect(generator.options.days == 1 && generator.options.start == 0)
        let directory = try ScratchDirectory()
        let path = directory.path("dump.jsonl")
        _ = try generator.generate(to: DumpWriter(path: path, gzip: false))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"time\":"))
    }

    @Test("the same seed gives the same bytes; another seed does not")
    func deterministic() throws {
        let directory = try ScratchDirectory()
        let a = try generate(users: 30, seed: 9, faults: 0.05, in: directory)
        let first = try Data(contentsOf: URL(fileURLWithPath: a.path))
        let b = try generate(users: 30, seed: 9, faults: 0.05, in: directory)
        #expect(try Data(contentsOf: URL(fileURLWithPath: b.path)) == first)
        let c = try generate(users: 30, seed: 10, faults: 0.05, in: directory)
        #expect(try Data(contentsOf: URL(fileURLWithPath: c.path)) != first)
    }

    @Test("stats counts equal the truth exactly, for plain and gzip dumps with faults", arguments: [false, true])
    func statsMatchTruth(gzip: Bool) throws {
        let directory = try ScratchDirectory()
        let (path, truth) = try generate(users: 80, seed: 4, faults: 0.05, gzip: gzip, in: directory)
        var stats = StatsCollector()
        let reports = DumpReader(sources: [.file(path)]).read(into: &stats)
        #expect(reports[0].error == nil)
        #expect(reports[0].isGzip == gzip)
        #expect(reports[0].lines == truth.lines)
        #expect(reports[0].malformedLines == truth.malformedLines)
        #expect(truth.malformedLines > 0)
        #expect(stats.events == truth.events)
        #expect(stats.userCount == truth.users.count)
        #expect(stats.firstTime == truth.firstTime)
        #expect(stats.lastTime == truth.lastTime)
        let expected = truth.eventCounts.keys.sorted().map {
            ($0, truth.eventCounts[$0] ?? 0, truth.eventUsers[$0]?.count ?? 0)
        }
        let actual = stats.eventRows.sorted { $0.event < $1.event }.map { ($0.event, $0.count, $0.users) }
        #expect(actual.map(\.0) == expected.map(\.0))
        #expect(actual.map(\.1) == expected.map(\.1))
        #expect(actual.map(\.2) == expected.map(\.2))
    }

    @Test("every malformed line the truth lists is one the reader reports, at the same line")
    func malformedLineNumbers() throws {
        let directory = try ScratchDirectory()
        let (path, truth) = try generate(users: 60, seed: 5, faults: 0.08, in: directory)
        struct MalformedLines: DumpVisitor {
            var lines: [Int] = []
            mutating func visit(_ event: Event) {}
            mutating func visitMalformed(_ line: MalformedLine) { lines.append(line.location.line) }
        }
        var visitor = MalformedLines()
        _ = DumpReader(sources: [.file(path)]).read(into: &visitor)
        #expect(visitor.lines == truth.ruleLines["json.malformed"]?.sorted())
    }

    @Test("a clean dump has no fault of any kind")
    func clean() throws {
        let directory = try ScratchDirectory()
        let (_, truth) = try generate(users: 60, seed: 6, faults: 0, in: directory)
        #expect(truth.ruleLines.isEmpty)
        #expect(truth.faultLines.isEmpty && truth.unlinedFaults.isEmpty)
        #expect(
            truth.impressions.duplicates == 0 && truth.impressions.clicksWithoutExposure == 0
                && truth.impressions.indexGaps == 0)
        #expect(truth.invalidChains == 0 && truth.mismatches.values.allSatisfy { $0 == 0 })
        #expect(truth.conversions > 0 && truth.conversionsWithoutPath == 0)
        #expect(truth.impressions.exposures > 0 && truth.withChain > 0)
    }

    @Test("lines arrive roughly in time order, with a few late arrivals")
    func arrivalOrder() throws {
        let directory = try ScratchDirectory()
        let (path, _) = try generate(users: 60, seed: 7, faults: 0, in: directory)
        var times: [Int64] = []
        struct Times: DumpVisitor {
            var times: [Int64] = []
            mutating func visit(_ event: Event) { if let t = event.timeMilliseconds { times.append(t) } }
            mutating func visitMalformed(_ line: MalformedLine) {}
        }
        var visitor = Times()
        _ = DumpReader(sources: [.file(path)]).read(into: &visitor)
        times = visitor.times
        let inversions = zip(times, times.dropFirst()).filter { $0 > $1 }.count
        #expect(inversions > 0)
        #expect(Double(inversions) < Double(times.count) * 0.2)
    }
}
