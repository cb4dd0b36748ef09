import ATKCore
import ATKGenerate
import Foundation
import Testing

/// The partition counts every merge is checked with: one, even, odd, and more partials than
/// most users in a small test.
let mergePartitionCounts = [1, 2, 3, 7]

/// Checks that `prototype`'s merge is exact: `inputs` (one text per input) fed through 1, 2, 3
/// and 7 partials and merged give what one serial pass gives, as seen through `project`.
func expectMergesExactly<A: MergeableAnalysis, R: Equatable>(
    _ inputs: [[UInt8]], prototype: A, sourceLocation: SourceLocation = #_sourceLocation,
    _ project: (A) -> R
) {
    var serial = prototype.makePartial()
    for (index, bytes) in inputs.enumerated() { _ = LineFeed.feed(bytes, fileIndex: index, into: &serial) }
    let expected = project(serial)
    for count in mergePartitionCounts {
        let merged = LineFeed.feed(inputs, partitions: count, prototype: prototype)
        let got = project(merged)
        #expect(got == expected, "\(count) partials", sourceLocation: sourceLocation)
    }
    // `prepareForMerge()` is a hint: a partial prepared after each input and visited again
    // gives the same.
    var prepared = prototype.makePartial()
    for (index, bytes) in inputs.enumerated() {
        _ = LineFeed.feed(bytes, fileIndex: index, into: &prepared)
        prepared.prepareForMerge()
    }
    #expect(project(prepared) == expected, "prepared after each input", sourceLocation: sourceLocation)
    // ... and prepared before each input: what a preparation kept must not outlive the visits
    // after it (no preparation after the last input).
    var visitedAfter = prototype.makePartial()
    for (index, bytes) in inputs.enumerated() {
        visitedAfter.prepareForMerge()
        _ = LineFeed.feed(bytes, fileIndex: index, into: &visitedAfter)
    }
    #expect(
        project(visitedAfter) == expected, "prepared before each input, visited after",
        sourceLocation: sourceLocation)
    // An event the analysis declines (``MergeableAnalysis/needsVisit(_:)``) is only counted: a
    // read that counts the declined events instead of visiting them, as a parallel read's parse
    // workers do, gives the same.
    var asking = AskingFirst(analysis: prototype.makePartial())
    for (index, bytes) in inputs.enumerated() { _ = LineFeed.feed(bytes, fileIndex: index, into: &asking) }
    #expect(
        project(asking.analysis) == expected, "declined events counted, not visited", sourceLocation: sourceLocation)
    // An analysis that says it visits in any order (``MergeableAnalysis/visitsInAnyOrder``), as a
    // parallel read's parse workers then do, gives the same with its events visited backwards,
    // each at a location that is not its own.
    if prototype.visitsInAnyOrder {
        var backwards = EventsBackwards(analysis: prototype.makePartial())
        for (index, bytes) in inputs.enumerated() { _ = LineFeed.feed(bytes, fileIndex: index, into: &backwards) }
        #expect(
            project(backwards.visitedBackwards()) == expected, "events visited backwards, at other locations",
            sourceLocation: sourceLocation)
    }
}

/// Hands malformed lines to the analysis as they come and keeps the events' lines, for
/// ``visitedBackwards()`` to visit them last to first, each parsed alone (at line 1 of input 0).
struct EventsBackwards<A: MergeableAnalysis>: DumpVisitor {
    var analysis: A
    var lines: [[UInt8]] = []

    mutating func visit(_ event: Event) { lines.append(Array(event.line) + [UInt8(ascii: "\n")]) }

    mutating func visitMalformed(_ line: MalformedLine) { analysis.visitMalformed(line) }

    /// The analysis after it has visited every kept event, the last first.
    func visitedBackwards() -> A {
        var analysis = analysis
        for line in lines.reversed() { _ = LineFeed.feed(line, into: &analysis) }
        return analysis
    }
}

/// Asks the analysis whether it needs each event, as a parallel read's parse workers do, and
/// counts the events it declines instead of visiting them.
struct AskingFirst<A: MergeableAnalysis>: DumpVisitor {
    var analysis: A

    mutating func visit(_ event: Event) {
        if analysis.needsVisit(event) { analysis.visit(event) } else { analysis.countUnvisited(1) }
    }

    mutating func visitMalformed(_ line: MalformedLine) { analysis.visitMalformed(line) }
}

/// Checks that `prototype`'s partial state leaves the process exactly: `inputs` fed through 1,
/// 2, 3 and 7 partials, each written to bytes and read back into an empty partial (as
/// `atk dist merge` does), merged, give what one serial pass gives, as seen through `project`.
func expectDistributesExactly<A: DistributableAnalysis, R: Equatable>(
    _ inputs: [[UInt8]], prototype: A, sourceLocation: SourceLocation = #_sourceLocation,
    _ project: (A) -> R
) throws {
    var serial = prototype.makePartial()
    for (index, bytes) in inputs.enumerated() { _ = LineFeed.feed(bytes, fileIndex: index, into: &serial) }
    let expected = project(serial)
    for count in mergePartitionCounts {
        var router = PartitionRouter(prototype, count: count)
        for (index, bytes) in inputs.enumerated() { _ = LineFeed.feed(bytes, fileIndex: index, into: &router) }
        let got = project(try router.mergedThroughState(prototype: prototype))
        #expect(got == expected, "\(count) partials through their state", sourceLocation: sourceLocation)
    }
}

/// ``expectDistributesExactly(_:prototype:sourceLocation:_:)`` for lines of one input.
func expectDistributesExactly<A: DistributableAnalysis, R: Equatable>(
    lines: [String], prototype: A, sourceLocation: SourceLocation = #_sourceLocation, _ project: (A) -> R
) throws {
    try expectDistributesExactly(
        [Array((lines.joined(separator: "\n") + "\n").utf8)], prototype: prototype, sourceLocation: sourceLocation,
        project)
}

/// ``expectMergesExactly(_:prototype:sourceLocation:_:)`` for lines of one input.
func expectMergesExactly<A: MergeableAnalysis, R: Equatable>(
    lines: [String], prototype: A, sourceLocation: SourceLocation = #_sourceLocation, _ project: (A) -> R
) {
    expectMergesExactly(
        [Array((lines.joined(separator: "\n") + "\n").utf8)], prototype: prototype, sourceLocation: sourceLocation,
        project)
}

/// Generated dumps for merge tests: `files` inputs of a simulated app (`users` users each, with
/// faults and late events), so every analysis meets lifecycles, clicks, exposures, duplicates
/// and broken lines spread over several inputs.
func generatedInputs(files: Int = 2, users: Int = 60, faultRate: Double = 0.05, seed: UInt64 = 7) throws -> [[UInt8]] {
    let directory = try TemporaryDirectory()
    return try (0..<files).map { index in
        var options = GeneratorOptions()
        options.users = users
        options.seed = seed &+ UInt64(index)
        options.faultRate = faultRate
        let path = directory.path("part\(index).jsonl")
        _ = try DumpGenerator(options: options).generate(to: DumpWriter(path: path, gzip: false))
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        // A malformed line and a line too broken to be an object in every input.
        bytes += Array("{\"type\":\"track\",\"event\":\n[1,2]\n".utf8)
        return bytes
    }
}
