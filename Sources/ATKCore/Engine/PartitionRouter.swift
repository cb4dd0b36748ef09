/// Sends each line to one of several partials of an analysis, by the rules the parallel engine
/// follows (``MergeableAnalysis``): an event by its key, a malformed line by its line number.
///
/// The serial model of the engine: tests and fuzzing feed text through a router and check that
/// the merged partials give the serial result, for any number of partials.
public struct PartitionRouter<Analysis: MergeableAnalysis>: DumpVisitor {
    /// The partials, one per partition.
    public private(set) var partials: [Analysis]
    private let key: PartitionKey

    /// `count` empty partials of `prototype` (its configuration; its state is not used).
    public init(_ prototype: Analysis, count: Int) {
        precondition(count >= 1, "at least one partition")
        partials = (0..<count).map { _ in prototype.makePartial() }
        key = prototype.partitionKey
    }

    /// Hands the event to the partial of its key.
    public mutating func visit(_ event: Event) {
        partials[key.partition(of: event, count: partials.count)].visit(event)
    }

    /// Hands the line to the partial of its line number.
    public mutating func visitMalformed(_ line: MalformedLine) {
        partials[PartitionKey.partition(ofMalformed: line.location, count: partials.count)].visitMalformed(line)
    }

    /// The partials merged into one, last first (the engine merges first first: a merge that
    /// depends on the order shows up as a difference), each prepared first as the engine's
    /// workers prepare theirs (``MergeableAnalysis/prepareForMerge()``).
    public consuming func merged() -> Analysis {
        for index in partials.indices { partials[index].prepareForMerge() }
        var result = partials.removeLast()
        while let next = partials.popLast() { result.merge(consume next) }
        return result
    }
}

extension LineFeed {
    /// Feeds `bytes` through `partitions` partials of `prototype` (``PartitionRouter``) and
    /// returns them merged: for a correct ``MergeableAnalysis`` the same as feeding one analysis.
    ///
    /// - Parameters:
    ///   - inputs: the texts, one per input (input `i` has file index `i`).
    ///   - prototype: the analysis, empty (its configuration is used).
    ///   - partitions: how many partials.
    public static func feed<A: MergeableAnalysis>(
        _ inputs: [[UInt8]], partitions: Int, prototype: A
    ) -> A {
        var router = PartitionRouter(prototype, count: partitions)
        for (index, bytes) in inputs.enumerated() {
            _ = feed(bytes, fileIndex: index, into: &router)
        }
        return router.merged()
    }
}

extension PartitionRouter where Analysis: DistributableAnalysis {
    /// The partials, each written to bytes and read back into an empty partial of `prototype`
    /// (as `atk dist merge` reads them), merged last first.
    ///
    /// - Throws: ``StateReader/Failure`` when a state does not read back whole.
    public consuming func mergedThroughState(prototype: Analysis) throws -> Analysis {
        var decoded: [Analysis] = []
        for partial in partials {
            var writer = StateWriter()
            partial.encodeState(to: &writer)
            var reader = StateReader(writer.bytes)
            var copy = prototype.makePartial()
            try copy.decodeState(from: &reader)
            try reader.expectEnd()
            decoded.append(copy)
        }
        var result = decoded.removeLast()
        while let next = decoded.popLast() { result.merge(consume next) }
        return result
    }
}
