import ATKCore
import Testing

@Suite("stats counts events, users, names, types, malformed lines and the time range")
struct StatsCollectorTests {
    /// Eight lines worked out by hand: three names, three users, one profile line without a name,
    /// one event without a user, one malformed line, one time just before the SDKs' floor.
    static let lines = [
        #"{"type":"track","event":"A","distinct_id":"u1","time":1500000000000}"#,
        #"{"type":"track","event":"A","distinct_id":"u1","time":1600000000000}"#,
        #"{"type":"track","event":"B","distinct_id":"u2","time":1431656640000}"#,
        #"{"type":"track","event":"A","distinct_id":"u2","time":1431656639999}"#,
        #"{"type":"profile_set","distinct_id":"u3","time":1700000000000}"#,
        #"{"type":"track","event":"B","time":1550000000000}"#,
        #"not json {"#,
        #"{"type":"track","event":"C","distinct_id":7,"time":"x"}"#,
    ]

    private func collect(_ lines: [String], maxExamples: Int = 10) throws -> StatsCollector {
        let directory = try TemporaryDirectory()
        let path = try directory.write("dump.jsonl", lines.joined(separator: "\n") + "\n")
        var stats = StatsCollector(maxExamples: maxExamples)
        let reports = DumpReader(sources: [.file(path)]).read(into: &stats)
        #expect(reports.map(\.lines) == [lines.count])
        return stats
    }

    @Test("events, users and lines without a name")
    func counts() throws {
        let stats = try collect(Self.lines)
        #expect(stats.events == 7)
        #expect(stats.userCount == 3)
        #expect(stats.eventsWithoutName == 1)
    }

    @Test("per name: events and distinct users, most frequent first; per type: events")
    func names() throws {
        let stats = try collect(Self.lines)
        #expect(stats.eventRows.map(\.event) == ["A", "B", "C"])
        #expect(stats.eventRows.map(\.count) == [3, 2, 1])
        #expect(stats.eventRows.map(\.users) == [2, 1, 0])
        #expect(stats.typeRows.map(\.type) == ["track", "profile_set"])
        #expect(stats.typeRows.map(\.count) == [6, 1])
    }

    @Test("distinct users per name beyond the first 64 names (bits per user, then pairs), against a count by hand")
    func manyNames() throws {
        // 130 names: user u<k> sends names 0..<(k * 7 % 131), each twice, so the names 63, 64 and
        // 65 sit on both sides of the 64-name boundary of the per-user bits.
        var lines: [String] = []
        var expected: [String: Set<String>] = [:]
        for user in 0..<60 {
            for name in 0..<(user * 7 % 131) {
                for _ in 0..<2 {
                    lines.append(#"{"event":"n\#(name)","distinct_id":"u\#(user)"}"#)
                    expected["n\(name)", default: []].insert("u\(user)")
                }
            }
        }
        let stats = try collect(lines)
        let users = Dictionary(uniqueKeysWithValues: stats.eventRows.map { ($0.event, $0.users) })
        #expect(users.count == expected.count && users.count > 65)
        for (name, senders) in expected { #expect(users[name] == senders.count, "\(name)") }
        expectMergesExactly(lines: lines, prototype: StatsCollector(maxExamples: 1)) { "\($0.eventRows)" }
    }

    @Test("users with the SDKs' UUID ids and 32 hex digits (kept as 16 bytes) and other ids count as their text does")
    func uuidUsers() throws {
        // Each id in upper case, lower case, mixed case, escaped and as another string of 36
        // bytes; some users send several names, beyond the 64 of the per-user bits too.
        let ids = [
            "u1", "CFCD2084_95D5_65EF_66E7_DFF9F98764DA", "CFCD2084-95D5-65EF-66E7-DFF9F98764Da",
            "01234567-8901-2345-6789-012345678901", "CFCD2084-95D5-65EF-66E7-DFF9F98764DA",
            "cfcd2084-95d5-65ef-66e7-dff9f98764da", "C4CA4238-A0B9-2382-0DCC-509A6F75849B",
            // The same digits without hyphens (32 hex digits, kept as 16 bytes too), in both
            // cases and mixed (text).
            "CFCD208495D565EF66E7DFF9F98764DA", "cfcd208495d565ef66e7dff9f98764da",
            "CFCD208495D565EF66E7DFF9F98764Da",
        ]
        var lines: [String] = []
        var expected: [String: Set<String>] = [:]
        for (k, id) in ids.enumerated() {
            for name in 0..<(3 + k * 13) {
                lines.append(#"{"event":"n\#(name)","distinct_id":"\#(id)"}"#)
                expected["n\(name)", default: []].insert(id)
            }
        }
        // The same first user written with an escape: the same string, so the same user.
        lines.append(#"{"event":"n0","distinct_id":"\u0043FCD2084-95D5-65EF-66E7-DFF9F98764DA"}"#)
        lines.append(#"{"event":"late","distinct_id":"C4CA4238-A0B9-2382-0DCC-509A6F75849B"}"#)
        expected["late"] = [ids[6]]
        let stats = try collect(lines)
        #expect(stats.userCount == ids.count)
        let users = Dictionary(uniqueKeysWithValues: stats.eventRows.map { ($0.event, $0.users) })
        #expect(users.count == expected.count && users.count > 65)
        for (name, senders) in expected { #expect(users[name] == senders.count, "\(name)") }
        expectMergesExactly(lines: lines, prototype: StatsCollector(maxExamples: 1)) {
            "\($0.eventRows) \($0.userCount)"
        }
    }

    @Test("names with equal counts are ordered by name")
    func ties() throws {
        let stats = try collect([#"{"event":"b","distinct_id":"x"}"#, #"{"event":"a","distinct_id":"x"}"#])
        #expect(stats.eventRows.map(\.event) == ["a", "b"])
        #expect(stats.eventRows.map(\.users) == [1, 1])
    }

    @Test("the time range starts at the SDKs' floor: earlier and non-integer times are left out")
    func timeRange() throws {
        let stats = try collect(Self.lines)
        #expect(stats.firstTime == SDKLimits.timeFloor)
        #expect(stats.lastTime == 1_700_000_000_000)
        let none = try collect([#"{"event":"A","time":1431656639999}"#, #"{"event":"A","time":1.5e12}"#])
        #expect(none.firstTime == nil && none.lastTime == nil)
    }

    @Test("malformed lines are kept as examples up to the limit, with their line numbers")
    func malformed() throws {
        let stats = try collect(Self.lines)
        #expect(stats.malformedExamples.map(\.location.line) == [7])
        #expect(stats.malformedExamples.first?.excerpt == "not json {")
        let limited = try collect(["x", "y", "z"], maxExamples: 2)
        #expect(limited.malformedExamples.map(\.location.line) == [1, 2])
        #expect(limited.events == 0)
    }
}

@Suite("stats merges exactly")
struct StatsMergeTests {
    private func summary(_ stats: StatsCollector) -> String {
        "\(stats.events) \(stats.userCount) \(stats.eventsWithoutName) \(stats.firstTime ?? -1) \(stats.lastTime ?? -1) "
            + "\(stats.eventRows) \(stats.typeRows) \(stats.malformedExamples)"
    }

    @Test("the hand-made lines, split over 1, 2, 3 and 7 partials")
    func handMade() {
        expectMergesExactly(lines: StatsCollectorTests.lines, prototype: StatsCollector(maxExamples: 1), summary)
    }

    @Test("generated dumps over several inputs")
    func generated() throws {
        expectMergesExactly(try generatedInputs(files: 3), prototype: StatsCollector(maxExamples: 3), summary)
    }

    @Test("partials written to bytes and read back merge exactly (atk dist)")
    func throughState() throws {
        try expectDistributesExactly(
            lines: StatsCollectorTests.lines, prototype: StatsCollector(maxExamples: 1), summary)
        try expectDistributesExactly(try generatedInputs(files: 3), prototype: StatsCollector(maxExamples: 3), summary)
    }
}
