import Testing

@testable import ATKCore

/// A merge takes over the other partial's storage: whoever calls it (the engine, a router, or a
/// wrapper merging its member) hands it the only reference, so writing to what it took over
/// copies nothing.
@Suite("merges move what they take over")
struct MergeMovesTests {
    /// `count` exposures of user `user`, each its own line.
    private static func exposures(_ user: String, count: Int) -> [UInt8] {
        let lines = (0..<count).map { index in
            #"{"type":"track","event":"$AppExposure","time":\#(1000 + index),"distinct_id":"\#(user)","#
                + #""properties":{"$screen_name":"Home","$element_path":"UIView/UIButton[\#(index % 3)]"}}"#
        }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// Two partials of `prototype`: the larger one fed 300 exposures, the smaller 40 (whose record
    /// chunk the merge adopts).
    private static func partials<A: MergeableAnalysis>(_ prototype: A) -> (larger: A, smaller: A) {
        var larger = prototype.makePartial()
        var smaller = prototype.makePartial()
        _ = LineFeed.feed(exposures("big", count: 300), into: &larger)
        _ = LineFeed.feed(exposures("small", count: 40), fileIndex: 1, into: &smaller)
        return (larger, smaller)
    }

    /// Whether every chunk of `adopted` is still where it was, in `merged`.
    private static func tookOver(_ adopted: [UInt], in merged: ImpressionCollector) -> Bool {
        let now = Set(merged.records.chunkAddresses)
        return !adopted.isEmpty && adopted.allSatisfy { $0 != 0 && now.contains($0) }
    }

    @Test func collectorPassedWithConsume() {
        var (larger, smaller) = Self.partials(ImpressionCollector(options: ImpressionOptions()))
        let adopted = smaller.records.chunkAddresses
        larger.merge(consume smaller)
        let (count, tookOver) = (larger.records.count, Self.tookOver(adopted, in: larger))
        #expect(count == 340)
        #expect(tookOver)
    }

    @Test func selectedAnalysisMovesItsInnerOut() {
        let prototype = SelectedAnalysis(ImpressionCollector(options: ImpressionOptions()), selection: EventSelection())
        var (larger, smaller) = Self.partials(prototype)
        let adopted = smaller.inner.records.chunkAddresses
        larger.merge(consume smaller)
        let (count, tookOver) = (larger.inner.records.count, Self.tookOver(adopted, in: larger.inner))
        #expect(count == 340)
        #expect(tookOver)
    }

    @Test func pairMovesBothMembersOut() {
        let collector = ImpressionCollector(options: ImpressionOptions())
        var (larger, smaller) = Self.partials(AnalysisPair(collector, collector))
        let adopted = (smaller.first.records.chunkAddresses, smaller.second.records.chunkAddresses)
        larger.merge(consume smaller)
        let counts = (larger.first.records.count, larger.second.records.count)
        let tookOver = (Self.tookOver(adopted.0, in: larger.first), Self.tookOver(adopted.1, in: larger.second))
        #expect(counts == (340, 340))
        #expect(tookOver == (true, true))
    }

    @Test func reportPassMovesItsMembersOut() {
        var prototype = ReportPass()
        prototype.impressions = ImpressionCollector(options: ImpressionOptions())
        var (larger, smaller) = Self.partials(SelectedAnalysis(prototype, selection: EventSelection()))
        let adopted = smaller.inner.impressions?.records.chunkAddresses ?? []
        larger.merge(consume smaller)
        let merged = larger.inner.impressions ?? ImpressionCollector(options: ImpressionOptions())
        let (count, tookOver) = (merged.records.count, Self.tookOver(adopted, in: merged))
        #expect(count == 340)
        #expect(tookOver)
    }

    @Test func routerMergesWithoutCopies() throws {
        // The loop the engine's merge is written as: each partial popped and passed on.
        // Two users that two partitions keep apart, so that each partial has records.
        let users = (0..<64).map { "user\($0)" }
        let partition = { (user: String) in
            Array(user.utf8).withUnsafeBytes { PartitionKey.partition(hash: Interner.hash($0), count: 2) }
        }
        let big = try #require(users.first { partition($0) == 0 })
        let small = try #require(users.first { partition($0) == 1 })
        var router = PartitionRouter(ImpressionCollector(options: ImpressionOptions()), count: 2)
        _ = LineFeed.feed(Self.exposures(big, count: 300) + Self.exposures(small, count: 40), into: &router)
        let adopted = router.partials[1].records.chunkAddresses
        let split = (router.partials[0].records.count, router.partials[1].records.count)
        #expect(split == (300, 40))
        let merged = (consume router).merged()
        let (count, tookOver) = (merged.records.count, Self.tookOver(adopted, in: merged))
        #expect(count == 340)
        #expect(tookOver)
    }
}
