import ATKCore
import Testing

@Suite("identity stitching gives the serial answer for any split of the input")
struct IdentityMergeTests {
    /// Everything `atk identities` prints, and every identity's person key.
    static func projection(_ collector: IdentityLinkCollector) -> [String] {
        let graph = IdentityGraph(collector)
        let summary = "\(graph.rawIds) \(graph.persons) \(graph.conflicts) \(graph.counts)"
        let conflicts = graph.conflictExamples.map { "\($0.location) \($0.members) \($0.loginIds)" }
        let people = graph.largestPersons(limit: 20).map { "\($0)" }
        return [summary] + conflicts + people + collector.malformedExamples.map { "\($0.location)" }
    }

    static let lines = [
        IdentityGraphTests.track("a1"), IdentityGraphTests.track("a2"), IdentityGraphTests.signup("u1", "a1"),
        IdentityGraphTests.signup("u2", "a1"), IdentityGraphTests.signup("u2", "a1"),
        IdentityGraphTests.bind("a2", #""$identity_login_id":"u2","$identity_idfv":"v2""#),
        IdentityGraphTests.bind("v3", #""$identity_idfv":"v2""#, type: "track"), "not json",
        IdentityGraphTests.bind("a2", #""$identity_login_id":"u2""#, type: "track_id_unbind"),
        IdentityGraphTests.track("u3", #""$is_login_id":true"#), IdentityGraphTests.signup("u3", "a2"),
    ]

    @Test("hand-made lines: conflicts, duplicates, late links and sightings in several partials")
    func handMade() {
        expectMergesExactly(lines: Self.lines, prototype: IdentityLinkCollector(maxExamples: 2), Self.projection)
    }

    @Test("generated dumps")
    func generated() throws {
        expectMergesExactly(try generatedInputs(files: 3), prototype: IdentityLinkCollector(), Self.projection)
    }

    @Test("partials written to bytes and read back merge exactly (atk dist)")
    func throughState() throws {
        try expectDistributesExactly(
            lines: Self.lines, prototype: IdentityLinkCollector(maxExamples: 2), Self.projection)
        try expectDistributesExactly(try generatedInputs(files: 3), prototype: IdentityLinkCollector(), Self.projection)
    }

    @Test("a truncated state throws instead of trapping")
    func truncatedState() throws {
        let bytes = [Array((Self.lines.joined(separator: "\n") + "\n").utf8)]
        let collector = LineFeed.feed(bytes, partitions: 3, prototype: IdentityLinkCollector(maxExamples: 2))
        try expectTruncatedStatesThrow(collector)
    }
}
