import ATKCore
import Testing

@Suite("partitions: one key, one partial; stable hashes; analyses paired in one pass")
struct PartitionTests {
    private struct Keys: MergeableAnalysis {
        var key: PartitionKey = .distinctId
        var seen: [String: Set<Int>] = [:]
        var partition = 0
        var partitionKey: PartitionKey { key }
        func makePartial() -> Keys { Keys(key: key) }
        mutating func merge(_ other: consuming Keys) {
            for (user, partials) in other.seen { seen[user, default: []].formUnion(partials) }
        }
        mutating func visit(_ event: Event) {
            let user = event.distinctId?.stringValue ?? event.property("uid")?.stringValue ?? "-"
            seen[user, default: []].insert(key.partition(of: event, count: 7))
        }
        mutating func visitMalformed(_ line: MalformedLine) {}
    }

    @Test("a key written with escapes meets its plain spelling in the same partial")
    func escapedKeys() {
        let lines = [
            #"{"distinct_id":"u1","event":"A"}"#, #"{"distinct_id":"\u0075\u0031","event":"B"}"#,
            #"{"distinct_id":"u2","properties":{"uid":"x"}}"#, #"{"distinct_id":"u3","properties":{"uid":"x"}}"#,
        ]
        var keys = Keys()
        for line in lines { _ = LineFeed.feed(Array((line + "\n").utf8), into: &keys) }
        #expect(keys.seen["u1"]?.count == 1)
        var byProperty = Keys(key: .property("uid"))
        for line in lines { _ = LineFeed.feed(Array((line + "\n").utf8), into: &byProperty) }
        #expect(byProperty.seen["u2"] == byProperty.seen["u3"])
    }

    @Test("the hash is stable: the same partitions on every machine and run")
    func stableHash() throws {
        let event = #"{"distinct_id":"user-42"}"#
        let hash = withEvent(event) { PartitionKey.distinctId.hash(of: $0) }
        // Fixed by the hash function (Interner.hash): a change moves users between machines.
        #expect(hash == withEvent(#"{"distinct_id":"user-42","x":1}"#) { PartitionKey.distinctId.hash(of: $0) })
        #expect(hash != 0)
        #expect(withEvent(#"{"event":"A"}"#) { PartitionKey.distinctId.hash(of: $0) } == 0)
        #expect(withEvent(event) { PartitionKey.distinctId.partition(of: $0, count: 1) } == 0)
    }

    @Test("keys spread over the partials")
    func spread() {
        var counts = [Int](repeating: 0, count: 7)
        for user in 0..<1400 {
            let line = #"{"distinct_id":"u\#(user)"}"#
            counts[withEvent(line) { PartitionKey.distinctId.partition(of: $0, count: 7) }!] += 1
        }
        #expect(counts.allSatisfy { $0 > 140 && $0 < 260 }, "\(counts)")
    }

    @Test("one pass runs two analyses, each as if it read alone")
    func pair() throws {
        let inputs = try generatedInputs()
        var alone = StatsCollector()
        var keys = Keys()
        for (index, bytes) in inputs.enumerated() {
            _ = LineFeed.feed(bytes, fileIndex: index, into: &alone)
            _ = LineFeed.feed(bytes, fileIndex: index, into: &keys)
        }
        for count in mergePartitionCounts {
            let pair = LineFeed.feed(inputs, partitions: count, prototype: AnalysisPair(StatsCollector(), Keys()))
            #expect(pair.first.events == alone.events)
            #expect(pair.first.userCount == alone.userCount)
            #expect(pair.second.seen == keys.seen)
            #expect(pair.second.seen.values.allSatisfy { $0.count == 1 })
        }
    }
}
