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

    @Test("the evaluation order is by user id, then time, then input order", arguments: [1, 4])
    func evaluationOrder(partitions: Int) throws {
        let collector = LineFeed.feed(
            try generatedInputs(files: 2, users: 60), partitions: partitions,
            prototype: ImpressionCollector(options: .init()))
        let records = collector.records.indices.map { collector.records[$0] }
        let expected = records.indices.sorted { a, b in
            if records[a].user != records[b].user { return records[a].user < records[b].user }
            return records[a].time != records[b].time ? records[a].time < records[b].time : a < b
        }
        #expect(records.count > 1000)
        #expect(collector.evaluationOrder().map(Int.init) == expected)
        // Merged partials' users are not in order of first appearance: nothing ranks them.
        let firstSeen = collector.userFirstSeen
        #expect(partitions == 1 || !zip(firstSeen, firstSeen.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test(
        "the grouped order counted and placed in pieces on several threads is the one-thread order",
        arguments: [1, 4])
    func groupedInPieces(partitions: Int) throws {
        let collector = LineFeed.feed(
            try generatedInputs(files: 2, users: 60), partitions: partitions,
            prototype: ImpressionCollector(options: .init()))
        let serial = collector.groupedOrder()
        #expect(serial.order.count > 1000)
        #expect(Set(serial.order).count == serial.order.count)
        #expect(serial.starts.count == collector.users.count + 1)
        #expect(serial.starts.first == 0 && serial.starts.last.map(Int.init) == serial.order.count)
        // Each user's run holds that user's records only.
        for (start, end) in zip(serial.starts, serial.starts.dropFirst()) {
            let users = Set(serial.order[Int(start)..<Int(end)].map { collector.records[Int($0)].user })
            #expect(users.count == 1)
        }
        for threads in [2, 3, 7, 64] {
            let pieces = collector.groupedOrder(threads: threads, minimumPiece: 1)
            #expect(pieces.order == serial.order && pieces.starts == serial.starts, "threads \(threads)")
        }
        // Pieces need enough records: a small read is one piece whatever the threads.
        #expect(collector.groupedOrder(threads: 7, minimumPiece: serial.order.count).order == serial.order)
    }

    @Test("parts hold whole users, cover the users once, and small reads stay one part")
    func parts() throws {
        var collector = LineFeed.feed(
            try generatedInputs(files: 1, users: 40), partitions: 1, prototype: ImpressionCollector(options: .init()))
        let grouping = collector.groupedOrder()
        let records = grouping.order.count
        #expect(records > 100)
        for count in [2, 3, 5, 1000] {
            let parts = grouping.userParts(count: count, minimum: 1)
            #expect(parts.count > 1 && parts.count <= count)
            #expect(parts.first?.lowerBound == 0 && parts.last?.upperBound == collector.users.count)
            for (a, b) in zip(parts, parts.dropFirst()) {
                #expect(a.upperBound == b.lowerBound && !a.isEmpty)
            }
            // About as many records each: no part more than its share and one user's records.
            let share = records / parts.count
            let largest = zip(grouping.starts, grouping.starts.dropFirst()).map { Int($1 - $0) }.max() ?? 0
            for part in parts {
                let size = Int(grouping.starts[part.upperBound] - grouping.starts[part.lowerBound])
                #expect(size > 0 && size <= share + largest, "count \(count)")
            }
        }
        #expect(grouping.userParts(count: 8, minimum: records).count == 1)
        #expect(grouping.userParts(count: 1, minimum: 1).count == 1)
        _ = collector.report(threads: 2)
    }

    @Test("a record's input position orders as its file, then its line")
    func positions() {
        let places: [(file: Int, line: Int32)] = [
            (0, 1), (0, 2), (0, 70_000), (0, Int32.max), (1, 1), (1, 3), (2, 0), (1 << 30 - 1, Int32.max),
        ]
        let positions = places.map {
            ImpressionRecord(time: 0, user: 0, file: $0.file, line: $0.line, kind: .click).position
        }
        #expect(positions == positions.sorted() && Set(positions).count == places.count)
        #expect(positions.allSatisfy { $0 < .max })
    }

    @Test("a user's run is put in time order, ties in input order; a run in order stays as it is")
    func timeOrder() {
        var records = ChunkedBuffer<ImpressionRecord>()
        for time: Int64 in [5, 3, 3, 9, 1, 3, 5] {
            records.append(ImpressionRecord(time: time, user: 0, file: 0, line: 1, kind: .exposure))
        }
        // The run lists records 6, 1, 2, 4, 5 and 0 in input order (indices need not rise).
        let order: [UInt32] = [3, 6, 1, 2, 4, 5, 0]
        var pairs: [(time: Int64, index: UInt32)] = []
        var run: [UInt32] = []
        ImpressionEvaluator.timeOrder(order, 1..<7, end: 7, of: records, pairs: &pairs, into: &run)
        #expect(run == [4, 1, 2, 5, 0, 6])
        ImpressionEvaluator.timeOrder(order, 2..<4, end: 7, of: records, pairs: &pairs, into: &run)
        #expect(run == [1, 2])
        ImpressionEvaluator.timeOrder(order, 0..<0, end: 7, of: records, pairs: &pairs, into: &run)
        #expect(run.isEmpty)
    }

    @Test("a user of more records than are ordered by gathered times is ordered the same way")
    func timeOrderOfALongRun() {
        let count = ImpressionEvaluator.pairedRun * 3 + 5
        var records = ChunkedBuffer<ImpressionRecord>()
        // Times falling and repeating, so that order and ties both matter.
        for index in 0..<count {
            records.append(ImpressionRecord(time: Int64(count - index) / 3, user: 0, file: 0, line: 1, kind: .exposure))
        }
        let order = (0..<UInt32(count)).map { $0 }
        var pairs: [(time: Int64, index: UInt32)] = []
        var run: [UInt32] = []
        ImpressionEvaluator.timeOrder(order, 0..<count, end: count, of: records, pairs: &pairs, into: &run)
        let expected = order.sorted { a, b in
            let (timeA, timeB) = (records[Int(a)].time, records[Int(b)].time)
            return timeA != timeB ? timeA < timeB : a < b
        }
        #expect(run == expected && run != order)
        #expect(pairs.isEmpty)
        // In time order already (ties too, as given): left as it is.
        let rising = Array(order.reversed())
        ImpressionEvaluator.timeOrder(rising, 0..<count, end: count, of: records, pairs: &pairs, into: &run)
        #expect(run == rising)
    }
}

extension ImpressionCollector {
    /// The order ``report(threads:)`` walks, in one piece: records per user (by id), each user's
    /// by time, ties in input order.
    func evaluationOrder() -> [UInt32] {
        let grouping = groupedOrder()
        var pairs: [(time: Int64, index: UInt32)] = []
        var run: [UInt32] = []
        var order: [UInt32] = []
        for user in 0..<users.count {
            let positions = Int(grouping.starts[user])..<Int(grouping.starts[user + 1])
            ImpressionEvaluator.timeOrder(
                grouping.order, positions, end: grouping.order.count, of: records, pairs: &pairs, into: &run)
            order += run
        }
        return order
    }
}
