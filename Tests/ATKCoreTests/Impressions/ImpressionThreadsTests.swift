import Testing

@testable import ATKCore

/// `ImpressionCollector.report(threads:)` evaluates parts of the users on several threads and
/// joins the evaluators: the report must be the one-thread report, whatever the cut.
@Suite("impressions evaluated on several threads")
struct ImpressionThreadsTests {
    /// The report as text (finding counts sorted: a dictionary's order is no output).
    private static func text(_ report: ImpressionReport) -> String {
        var report = report
        let counts = report.findingCounts.map { "\($0.key.rawValue)=\($0.value)" }.sorted()
        report.findingCounts = [:]
        return "\(report) | \(counts)"
    }

    private static func options(_ policy: ImpressionOptions.Policy, examples: Int) -> ImpressionOptions {
        var options = ImpressionOptions()
        options.policy = policy
        options.breakdownProperty = "$app_version"
        options.maxExamples = examples
        return options
    }

    /// Every thread count, with parts as small as one record, gives the one-thread report, on a
    /// serial read and on one merged from partials.
    private static func expectSameReport(_ inputs: [[UInt8]], _ options: ImpressionOptions) {
        for partitions in [1, 4] {
            let collector = LineFeed.feed(
                inputs, partitions: partitions, prototype: ImpressionCollector(options: options))
            var serial = collector
            let expected = text(serial.report())
            for threads in [2, 3, 7, 64] {
                var split = collector
                #expect(
                    text(split.report(threads: threads, minimumPart: 1)) == expected,
                    "threads \(threads), partitions \(partitions), policy \(options.policy)")
            }
        }
    }

    @Test("generated dumps, every policy, few and many examples", arguments: ImpressionOptions.Policy.allCases)
    func generated(policy: ImpressionOptions.Policy) throws {
        let inputs = try generatedInputs(files: 2, users: 80)
        Self.expectSameReport(inputs, Self.options(policy, examples: 2))
        Self.expectSameReport(inputs, Self.options(policy, examples: 50))
    }

    @Test(
        "the hand-made lines of the merge tests (ties, batches, keys first seen late)",
        arguments: ImpressionOptions.Policy.allCases)
    func handMade(policy: ImpressionOptions.Policy) {
        let inputs = ImpressionMergeTests.inputs.map { Array(($0.joined(separator: "\n") + "\n").utf8) }
        for examples in [1, 10] {
            var options = Self.options(policy, examples: examples)
            options.itemsProperty = "product_ids"
            options.indexProperty = "idx"
            Self.expectSameReport(inputs, options)
        }
    }

    @Test("the evaluation order is by user (first appearance), then time, then input order", arguments: [1, 4])
    func evaluationOrder(partitions: Int) throws {
        let collector = LineFeed.feed(
            try generatedInputs(files: 2, users: 60), partitions: partitions,
            prototype: ImpressionCollector(options: .init()))
        let records = collector.records.indices.map { collector.records[$0] }
        let rank = Dictionary(
            uniqueKeysWithValues: collector.userFirstSeen.indices.sorted {
                collector.userFirstSeen[$0] < collector.userFirstSeen[$1]
            }
            .enumerated().map { (Int32($0.element), $0.offset) })
        let expected = records.indices.sorted { a, b in
            let (ra, rb) = (rank[records[a].user] ?? 0, rank[records[b].user] ?? 0)
            if ra != rb { return ra < rb }
            return records[a].time != records[b].time ? records[a].time < records[b].time : a < b
        }
        #expect(records.count > 1000)
        #expect(collector.evaluationOrder().map(Int.init) == expected)
    }

    @Test(
        "the grouped order counted and placed in pieces on several threads is the one-thread order",
        arguments: [1, 4])
    func groupedInPieces(partitions: Int) throws {
        let collector = LineFeed.feed(
            try generatedInputs(files: 2, users: 60), partitions: partitions,
            prototype: ImpressionCollector(options: .init()))
        let serial = collector.groupedOrder()
        #expect(serial.count > 1000)
        #expect(Set(serial).count == serial.count)
        for threads in [2, 3, 7, 64] {
            #expect(collector.groupedOrder(threads: threads, minimumPiece: 1) == serial, "threads \(threads)")
        }
        // Pieces need enough records: a small read is one piece whatever the threads.
        #expect(collector.groupedOrder(threads: 7, minimumPiece: serial.count) == serial)
    }

    @Test("parts hold whole users, cover the order once, and small reads stay one part")
    func parts() throws {
        var collector = LineFeed.feed(
            try generatedInputs(files: 1, users: 40), partitions: 1, prototype: ImpressionCollector(options: .init()))
        let order = collector.evaluationOrder()
        #expect(order.count > 100)
        for count in [2, 3, 5, 1000] {
            let parts = collector.userParts(of: order, count: count, minimum: 1)
            #expect(parts.count > 1 && parts.count <= count)
            #expect(parts.first?.lowerBound == 0 && parts.last?.upperBound == order.count)
            for (a, b) in zip(parts, parts.dropFirst()) {
                #expect(a.upperBound == b.lowerBound && !a.isEmpty)
                let before = collector.records[Int(order[a.upperBound - 1])].user
                let after = collector.records[Int(order[b.lowerBound])].user
                #expect(before != after, "a user cut between two parts")
            }
        }
        #expect(collector.userParts(of: order, count: 8, minimum: order.count).count == 1)
        #expect(collector.userParts(of: order, count: 1, minimum: 1).count == 1)
        _ = collector.report(threads: 2)
    }
}

extension ImpressionCollector {
    /// The order ``report(threads:)`` walks, in one piece: records per user (first appearance),
    /// each user's by time, ties in input order.
    func evaluationOrder() -> [UInt32] {
        var order = groupedOrder()
        order.withUnsafeMutableBufferPointer { sortUsersByTime($0) }
        return order
    }
}
