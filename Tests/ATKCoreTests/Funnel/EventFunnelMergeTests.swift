import ATKCore
import ATKFunnel
import Testing

/// Event funnels split over partials: every mode and unit, breakdowns, `--by`, exclusions and
/// skipped lines give the serial result.
@Suite("event funnels merge exactly")
struct EventFunnelMergeTests {
    /// Every combination of the three options, the default mode first.
    static let modes = (0..<8).map { FunnelMode(rawValue: UInt8($0)) }

    /// Users over two inputs (u1 and d1 in both), late arrivals, ties, unmatched rows (X, Y),
    /// breakdown values with escapes (`\u00e9` is `é`; `1` and `"1"` are one text), a tie between
    /// values, missing values, device keys with escapes, skipped and malformed lines.
    static let inputs: [[String]] = [
        [
            track("u1", 0, "A", #""src":"a","device":"d1""#), track("u2", 1, "A", #""src":"\u00e9","device":"d2""#),
            track("u1", 3, "X", #""k":"yes""#), track("u3", 2, "A", #""src":"é""#), track("u2", 4, "B"),
            track("u1", 5, "B", #""device":"d\u0031""#), track("u4", 0, "A", #""src":1"#),
            track("u4", 2, "Y"), track("u4", 3, "B"), track("u5", 7, "A"), track("u5", 7, "B"),
            track("u5", 7, "C"), track("u6", 3, "C"), track("u6", 1, "B"), track("u6", 0, "A", #""src":"1""#),
            #"{"type":"profile_set","distinct_id":"u7","time":0,"event":"A","properties":{}}"#,
            #"{"type":"track","distinct_id":"u8","event":"A","properties":{}}"#,
            "not json",
            track("q\\\"uote", 0, "A", #""src":"q\"x","device":"d\"2""#), track("q\\\"uote", 1, "B"),
            track("u9", 0, "A", #""src":"b""#), track("u9", 2, "X", #""k":"no""#), track("u9", 3, "B"),
        ],
        [
            track("u1", 8, "C", #""device":"d1""#), track("u1", 12, "A", #""src":"b""#), track("u1", 15, "B"),
            track("u10", 0, "A", #""src":"b""#), track("u10", 1, "X"), track("u10", 2, "B"), track("u10", 3, "C"),
            "{broken",
            track("u2", 6, "C", #""device":"d2""#), track("u11", 4, "A"), track("u11", 4, "A"),
            track("u11", 6, "B"), track("u11", 9, "C"), track("u11", 12, "A"), track("u11", 14, "B"),
        ],
    ]

    private static var bytes: [[UInt8]] {
        inputs.map { Array(($0.joined(separator: "\n") + "\n").utf8) }
    }

    /// Everything `atk funnel` prints, as text; the merged partials' users run on several threads
    /// give the same.
    static func summary(_ analysis: EventFunnelAnalysis) -> String {
        func text(_ result: EventFunnelResult) -> String {
            "\(result.total) | \(result.breakdown) | \(result.events) \(result.matchedEvents) "
                + "\(result.exclusionEvents) \(result.skippedEvents) \(result.userCount) | \(result.malformedExamples)"
        }
        let serial = text(analysis.result())
        #expect(text(analysis.result(threads: 3)) == serial)
        return serial
    }

    static func analysis(
        steps: String, window: String, mode: FunnelMode, unit: FunnelCountingUnit,
        configure: (inout EventFunnelConfiguration) throws -> Void = { _ in }
    ) throws -> EventFunnelAnalysis {
        var configuration = EventFunnelConfiguration(
            steps: try FunnelSteps(steps: try StepSpec.parseList(steps)), window: try FunnelWindow(parsing: window))
        configuration.mode = mode
        configuration.unit = unit
        configuration.maxExamples = 1
        try configure(&configuration)
        return try EventFunnelAnalysis(configuration: configuration)
    }

    @Test("every mode and unit, with a breakdown and an exclusion", arguments: modes)
    func modesAndUnits(mode: FunnelMode) throws {
        for unit in [FunnelCountingUnit.users, .conversions] {
            let prototype = try Self.analysis(steps: "A,B,C", window: "10ms", mode: mode, unit: unit) {
                $0.steps = try FunnelSteps(steps: $0.steps.steps, exclusions: [StepSpec.parse("X[k!=no]")])
                $0.breakdownProperty = "src"
                $0.breakdownLimit = 3
            }
            expectMergesExactly(Self.bytes, prototype: prototype, Self.summary)
            // Without a breakdown the funnel visits in any order: the merge check then also
            // visits the events backwards.
            let unbroken = try Self.analysis(steps: "A,B,C", window: "10ms", mode: mode, unit: unit) {
                $0.steps = try FunnelSteps(steps: $0.steps.steps, exclusions: [StepSpec.parse("X[k!=no]")])
            }
            #expect(unbroken.visitsInAnyOrder && !prototype.visitsInAnyOrder)
            expectMergesExactly(Self.bytes, prototype: unbroken, Self.summary)
        }
    }

    @Test("a breakdown depends on input order: two step-1 events at one time, of different values")
    func breakdownTieNeedsInputOrder() throws {
        let prototype = try Self.analysis(steps: "A,B", window: "10ms", mode: [], unit: .users) {
            $0.breakdownProperty = "src"
        }
        let lines = [
            track("u1", 0, "A", #""src":"first""#), track("u1", 0, "A", #""src":"second""#), track("u1", 1, "B"),
        ]
        func value(_ lines: [String]) -> String? {
            var analysis = prototype.makePartial()
            _ = LineFeed.feed(Array((lines.joined(separator: "\n") + "\n").utf8), into: &analysis)
            return analysis.result().breakdown.first?.value
        }
        // The first in input order names the attempt: visited backwards, the other would.
        #expect(value(lines) == "first")
        #expect(value([lines[1], lines[0], lines[2]]) == "second")
        #expect(!prototype.visitsInAnyOrder)
    }

    @Test("--by a property: users keyed (and routed) by its text", arguments: modes)
    func byProperty(mode: FunnelMode) throws {
        let prototype = try Self.analysis(steps: "A,B,C", window: "20ms", mode: mode, unit: .users) {
            $0.userProperty = "device"
            $0.breakdownProperty = "src"
        }
        #expect(prototype.partitionKey == .property("device"))
        expectMergesExactly(Self.bytes, prototype: prototype, Self.summary)
    }

    @Test("the hand-made lines meet every structure: users of both inputs, values beyond the limit, exclusions")
    func handMadeLinesCoverTheCases() throws {
        let prototype = try Self.analysis(steps: "A,B,C", window: "10ms", mode: [], unit: .users) {
            $0.steps = try FunnelSteps(steps: $0.steps.steps, exclusions: [StepSpec.parse("X[k!=no]")])
            $0.breakdownProperty = "src"
            $0.breakdownLimit = 3
        }
        let result = LineFeed.feed(Self.bytes, partitions: 3, prototype: prototype).result()
        #expect(result.userCount == 10)
        // "1" and "é" tie at 2 and rank by text; the missing value next; "a", "b" and "q\"x" are "other".
        #expect(result.breakdown.map(\.value) == ["1", "é", nil, nil])
        #expect(result.breakdown.map(\.isOther) == [false, false, false, true])
        #expect(result.malformedExamples.map(\.location) == [LineLocation(fileIndex: 0, line: 18)])
        #expect(result.skippedEvents == 2)
        #expect(result.total.users.excludedCount == 2)
    }

    /// The funnels the generated-dump tests run: every mode that changes what a merge keeps.
    static func generatedPrototypes() throws -> [EventFunnelAnalysis] {
        let runs: [(FunnelMode, FunnelCountingUnit)] = [
            ([], .users), ([], .conversions), (.strictOrder, .users), (.strictOrder, .conversions),
            ([.strictDeduplication, .strictIncrease], .users),
        ]
        return try runs.map { mode, unit in
            try Self.analysis(steps: "$AppViewScreen,$AppClick,AddToCart", window: "10m", mode: mode, unit: unit) {
                $0.breakdownProperty = "$screen_name"
                $0.breakdownLimit = 4
                $0.maxExamples = 3
            }
        }
    }

    @Test("generated dumps over several inputs")
    func generated() throws {
        let inputs = try generatedInputs(files: 3)
        for prototype in try Self.generatedPrototypes() {
            expectMergesExactly(inputs, prototype: prototype, Self.summary)
        }
        let byVersion = try Self.analysis(steps: "$AppStart,$AppViewScreen", window: "1h", mode: [], unit: .users) {
            $0.userProperty = "$app_version"
        }
        expectMergesExactly(inputs, prototype: byVersion, Self.summary)
    }

    static func breakdownAndExclusion(mode: FunnelMode, unit: FunnelCountingUnit) throws -> EventFunnelAnalysis {
        try Self.analysis(steps: "A,B,C", window: "10ms", mode: mode, unit: unit) {
            $0.steps = try FunnelSteps(steps: $0.steps.steps, exclusions: [StepSpec.parse("X[k!=no]")])
            $0.breakdownProperty = "src"
            $0.breakdownLimit = 3
        }
    }

    @Test("partials written to bytes and read back merge exactly (atk dist)", arguments: modes)
    func throughState(mode: FunnelMode) throws {
        for unit in [FunnelCountingUnit.users, .conversions] {
            try expectDistributesExactly(
                Self.bytes, prototype: try Self.breakdownAndExclusion(mode: mode, unit: unit), Self.summary)
        }
        let byDevice = try Self.analysis(steps: "A,B,C", window: "20ms", mode: mode, unit: .users) {
            $0.userProperty = "device"
            $0.breakdownProperty = "src"
        }
        try expectDistributesExactly(Self.bytes, prototype: byDevice, Self.summary)
    }

    @Test("generated dumps written to bytes and read back merge exactly (atk dist)")
    func generatedThroughState() throws {
        let inputs = try generatedInputs(files: 3)
        for prototype in try Self.generatedPrototypes() {
            try expectDistributesExactly(inputs, prototype: prototype, Self.summary)
        }
        let byVersion = try Self.analysis(steps: "$AppStart,$AppViewScreen", window: "1h", mode: [], unit: .users) {
            $0.userProperty = "$app_version"
        }
        try expectDistributesExactly(inputs, prototype: byVersion, Self.summary)
    }

    @Test("a damaged state is refused, never trapped on", arguments: [FunnelMode(), .strictOrder])
    func damagedState(mode: FunnelMode) throws {
        let prototype = try Self.breakdownAndExclusion(mode: mode, unit: .users)
        // Merged partials: the state holds several user tables.
        let merged = LineFeed.feed(Self.bytes, partitions: 3, prototype: prototype)
        try expectDamagedStatesHandled(merged, Self.summary)
    }

    @Test("stitched identities: the graph is configuration, the partials distribute exactly")
    func stitchedThroughState() throws {
        let inputs = try StitchedRewriteTests.linkedInputs()
        let graph = StitchedRewriteTests.graph(inputs)
        for unit in [FunnelCountingUnit.users, .conversions] {
            let prototype = try Self.analysis(
                steps: "$AppStart,$AppViewScreen,AddToCart", window: "3d", mode: [], unit: unit
            ) {
                $0.breakdownProperty = "$app_version"
                $0.persons = graph
            }
            try expectDistributesExactly(inputs, prototype: prototype, Self.summary)
        }
    }
}
