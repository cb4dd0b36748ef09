import ATKCore
import ATKFunnel
import Foundation
import Testing

@Suite("stitched identities give what the same analysis gives on a dump rewritten to person keys")
struct StitchedRewriteTests {
    static let marker = Array(#""distinct_id":""#.utf8)

    /// The `distinct_id` string values of `bytes`' lines, in order, each once.
    static func ids(_ inputs: [[UInt8]]) -> [String] {
        var seen: [String] = []
        for bytes in inputs {
            for line in bytes.split(separator: UInt8(ascii: "\n")) {
                guard let id = value(in: Array(line)), !seen.contains(id) else { continue }
                seen.append(id)
            }
        }
        return seen
    }

    /// The `distinct_id` of one generated line (plain ids: no escapes), with where it is.
    static func span(in line: [UInt8]) -> Range<Int>? {
        guard let start = line.firstRange(of: marker)?.upperBound,
            let end = line[start...].firstIndex(of: UInt8(ascii: "\""))
        else { return nil }
        return start..<end
    }

    static func value(in line: [UInt8]) -> String? {
        span(in: line).map { String(decoding: line[$0], as: UTF8.self) }
    }

    /// `inputs` with every `distinct_id` replaced by its person key; malformed lines are left as
    /// they are (no analysis reads their ids, and their examples quote their bytes).
    static func rewritten(_ inputs: [[UInt8]], _ graph: IdentityGraph) -> [[UInt8]] {
        inputs.map { bytes in
            var out: [UInt8] = []
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                var line = Array(line)
                if (try? JSONSerialization.jsonObject(with: Data(line))) is [String: Any],
                    let range = span(in: line),
                    let key = line[range].withUnsafeBytes({ graph.personKey(of: $0) })
                {
                    line.replaceSubrange(range, with: Array(key.utf8))
                }
                out += line + [UInt8(ascii: "\n")]
            }
            out.removeLast()
            return out
        }
    }

    /// Generated dumps with late links appended: signups, a bind through `identities`, a conflict.
    static func linkedInputs() throws -> [[UInt8]] {
        var inputs = try generatedInputs(files: 2, users: 30)
        let ids = Self.ids(inputs)
        try #require(ids.count >= 8)
        let links = [
            IdentityGraphTests.signup("login-1", ids[0]), IdentityGraphTests.signup("login-1", ids[1]),
            IdentityGraphTests.bind(ids[2], #""$identity_idfv":"\#(ids[3])","$identity_login_id":"login-2""#),
            IdentityGraphTests.bind(ids[4], #""$identity_anonymous_id":"\#(ids[5])""#, type: "track"),
            IdentityGraphTests.signup("login-3", ids[0]),
        ]
        inputs[1] += Array(("\n" + links.joined(separator: "\n") + "\n").utf8)
        return inputs
    }

    static func graph(_ inputs: [[UInt8]]) -> IdentityGraph {
        var collector = IdentityLinkCollector()
        for (index, bytes) in inputs.enumerated() { _ = LineFeed.feed(bytes, fileIndex: index, into: &collector) }
        return IdentityGraph(collector)
    }

    static func feed<A: DumpVisitor>(_ inputs: [[UInt8]], into analysis: inout A) {
        for (index, bytes) in inputs.enumerated() { _ = LineFeed.feed(bytes, fileIndex: index, into: &analysis) }
    }

    @Test("sessions and retention, stitched against rewritten, on generated dumps with late links")
    func equalsRewritten() throws {
        let inputs = try Self.linkedInputs()
        let graph = Self.graph(inputs)
        #expect(graph.persons == graph.rawIds - 3)
        #expect(graph.conflicts == 1)
        let rewritten = Self.rewritten(inputs, graph)

        let configuration = SessionConfiguration(breakdown: "$app_version")
        var stitched = SessionAnalysis(configuration: configuration, persons: graph)
        var raw = SessionAnalysis(configuration: configuration)
        Self.feed(inputs, into: &stitched)
        Self.feed(rewritten, into: &raw)
        #expect(SessionMergeTests.projection(stitched) == SessionMergeTests.projection(raw))
        var unstitched = SessionAnalysis(configuration: configuration)
        Self.feed(inputs, into: &unstitched)
        #expect(stitched.totals().summary.users < unstitched.totals().summary.users)

        let calendar = RetentionCalendar(period: .day, timeZone: try #require(TimeZone(identifier: "Asia/Shanghai")))
        let retention = RetentionConfiguration(
            start: StepSpec(eventName: "$AppStart"), returning: StepSpec(eventName: "$AppViewScreen"),
            calendar: calendar, periods: 3)
        var stitchedRetention = try RetentionAnalysis(configuration: retention, persons: graph)
        var rawRetention = try RetentionAnalysis(configuration: retention)
        Self.feed(inputs, into: &stitchedRetention)
        Self.feed(rewritten, into: &rawRetention)
        #expect(RetentionMergeTests.projection(stitchedRetention) == RetentionMergeTests.projection(rawRetention))
    }

    @Test("a person's ids route to one partial, hashed as their person key would be")
    func personRouting() throws {
        let graph = IdentityGraphTests.graph([
            IdentityGraphTests.track("a1"), IdentityGraphTests.signup("u1", "a1"),
            IdentityGraphTests.bind("a2", #""$identity_idfv":"v2""#),
        ])
        let key = PartitionKey.person(graph)
        let u1 = withEvent(IdentityGraphTests.track("u1")) { PartitionKey.distinctId.hash(of: $0) }
        #expect(withEvent(IdentityGraphTests.track("a1")) { key.hash(of: $0) } == u1)
        #expect(withEvent(IdentityGraphTests.track("u1")) { key.hash(of: $0) } == u1)
        // Without a login id the person is keyed by the member seen first: a2.
        let a2 = withEvent(IdentityGraphTests.track("a2")) { PartitionKey.distinctId.hash(of: $0) }
        #expect(withEvent(IdentityGraphTests.track("v2")) { key.hash(of: $0) } == a2)
        #expect(a2 != withEvent(IdentityGraphTests.track("v2")) { PartitionKey.distinctId.hash(of: $0) })
        // An id written with escapes is the same identity, and routes with its person.
        #expect(withEvent(IdentityGraphTests.track(#"\u0061\u0031"#)) { key.hash(of: $0) } == u1)
        // An id no line linked hashes as itself.
        let other = withEvent(IdentityGraphTests.track("zz")) { PartitionKey.distinctId.hash(of: $0) }
        #expect(withEvent(IdentityGraphTests.track("zz")) { key.hash(of: $0) } == other)
        #expect(key == .person(graph))
        #expect(key != .person(IdentityGraphTests.graph([IdentityGraphTests.track("a1")])))
    }

    @Test("stitched sessions and retention merge exactly over 1, 2, 3 and 7 partials (linked identities)")
    func stitchedMerges() throws {
        let inputs = try Self.linkedInputs()
        let graph = Self.graph(inputs)
        let sessions = SessionMergeTests.stitchedPrototype(graph)
        #expect(sessions.partitionKey == .person(graph))
        expectMergesExactly(inputs, prototype: sessions, SessionMergeTests.projection)
        let retention = try RetentionMergeTests.stitchedPrototype(graph)
        expectMergesExactly(inputs, prototype: retention, RetentionMergeTests.projection)
    }
}
