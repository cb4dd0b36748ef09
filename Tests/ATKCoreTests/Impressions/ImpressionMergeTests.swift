import Testing

@testable import ATKCore

/// Impressions split over partials: duplicates, missing exposures, index gaps, click-through
/// above 100 % and their examples give the serial report, for every policy.
@Suite("impressions merge exactly")
struct ImpressionMergeTests {
    private static let list = "UIView/UITableView[0]/Cell[0][-]"
    private static let grid = "UIView/UICollectionView[0]"

    private static func event(_ name: String, _ user: String, _ time: Int64, _ properties: String) -> String {
        #"{"type":"track","event":"\#(name)","time":\#(time),"distinct_id":"\#(user)","properties":{\#(properties)}}"#
    }

    private static func view(_ user: String, _ time: Int64, _ screen: String = "Home") -> String {
        event("$AppViewScreen", user, time, #""$screen_name":"\#(screen)","$app_version":"2.\#(time % 3)""#)
    }

    /// An exposure or click of row `row` of the list (item `item`, absent when nil).
    private static func element(
        _ name: String, _ user: String, _ time: Int64, row: Int, item: String?, screen: String = "Home"
    ) -> String {
        let itemMember = item.map { #","item_id":"\#($0)""# } ?? ""
        return event(
            name, user, time,
            #""$screen_name":"\#(screen)","$element_path":"\#(list)","$element_position":"0:\#(row)""#
                + itemMember + #","$app_version":"2.\#(time % 3)""#)
    }

    private static func exposure(_ user: String, _ time: Int64, row: Int, item: String?, screen: String = "Home")
        -> String
    { element("$AppExposure", user, time, row: row, item: item, screen: screen) }

    private static func click(_ user: String, _ time: Int64, row: Int, item: String?, screen: String = "Home")
        -> String
    { element("$AppClick", user, time, row: row, item: item, screen: screen) }

    /// A batch exposure of the grid: `items` (JSON strings) at `indexes`.
    private static func batch(_ user: String, _ time: Int64, _ items: String, _ indexes: String) -> String {
        event(
            "$AppExposure", user, time,
            #""$screen_name":"Home","$element_path":"\#(grid)","product_ids":[\#(items)],"idx":[\#(indexes)]"#)
    }

    /// Rows where an absent and an empty `item_id` (keys that read the same) are clicked once
    /// more than exposed, the absent one first.
    private static let tiedKeys = Array(20..<26)

    /// Users over two inputs (u1 in both); duplicates, gaps and clicks without exposure from
    /// several users (more than the examples kept); key K clicked by u4 (first seen on an empty
    /// batch), u5, u6 and k0…k7, whose clicks come in the input in another order than the users;
    /// keys that read the same (`item_id` absent and empty) tied in excess; a screen with an escape;
    /// batch exposures; a click on an element never exposed; skipped and malformed lines.
    static let inputs: [[String]] = [
        [
            view("u1", 100), exposure("u1", 110, row: 0, item: "A"), exposure("u1", 120, row: 0, item: "A"),
            exposure("u1", 130, row: 3, item: "D"), click("u1", 140, row: 5, item: "F"),
            view("u2", 50, "Caf\\u00e9"), exposure("u2", 60, row: 0, item: "A", screen: "Caf\\u00e9"),
            click("u2", 70, row: 0, item: "A", screen: "Café"), click("u2", 80, row: 0, item: "A", screen: "Café"),
            "not json",
            exposure("u3", 10, row: 0, item: nil), click("u3", 20, row: 0, item: nil),
            click("u3", 21, row: 0, item: nil),
            batch("u4", 5, "", ""), view("u5", 1), view("u6", 1), exposure("u6", 2, row: 9, item: "K"),
            click("u6", 3, row: 9, item: "K"), exposure("u6", 4, row: 9, item: "K"),
            event("$AppClick", "u6", 5, #""$screen_name":"Other","$element_path":"UIView/UIButton[0]""#),
            #"{"type":"track","event":"$AppExposure","distinct_id":"u9","properties":{}}"#,
            batch("u1", 150, #""P1","P2","P3""#, "0,1,2"), batch("u1", 160, #""P2","P3","P4""#, "1,2,3"),
            batch("u1", 170, #""P9""#, #""7""#),
        ] + (0..<8).map { view("k\($0)", 1) } + tiedKeys.map { exposure("t\($0)", 1, row: $0, item: nil) },
        [
            view("u7", 0), exposure("u7", 1, row: 0, item: ""), click("u7", 2, row: 0, item: ""),
            click("u7", 3, row: 0, item: ""),
            click("u5", 10, row: 9, item: "K"), click("u4", 20, row: 9, item: "K"),
            "{broken",
            view("u1", 300, "Caf\\u00e9"), exposure("u1", 310, row: 0, item: "A", screen: "Café"),
            exposure("u1", 320, row: 0, item: "A", screen: "Café"), exposure("u1", 330, row: 4, item: "E"),
            event("$AppEnd", "u1", 340, ""), click("u1", 350, row: 1, item: "B"),
            view("u8", 0), exposure("u8", 1, row: 0, item: "A"), exposure("u8", 1, row: 0, item: "A"),
            exposure("u8", 2, row: 2, item: "C"), click("u8", 3, row: 7, item: "H"),
            batch("u8", 4, #""P1","P2""#, "0,1"), batch("u8", 4, #""P1""#, "0"),
        ] + (0..<8).reversed().map { click("k\($0)", 30, row: 9, item: "K") }
            + tiedKeys.flatMap { row in
                [
                    click("t\(row)", 2, row: row, item: nil), click("t\(row)", 3, row: row, item: nil),
                    exposure("v\(row)", 1, row: row, item: ""), click("v\(row)", 2, row: row, item: ""),
                    click("v\(row)", 3, row: row, item: ""),
                ]
            },
    ]

    private static var bytes: [[UInt8]] {
        inputs.map { Array(($0.joined(separator: "\n") + "\n").utf8) }
    }

    /// Everything `atk impressions` prints, as text (finding counts sorted: a dictionary's order
    /// is no output).
    static func summary(_ collector: ImpressionCollector) -> String {
        var collector = collector
        var report = collector.report()
        let counts = report.findingCounts.map { "\($0.key.rawValue)=\($0.value)" }.sorted()
        report.findingCounts = [:]
        return "\(report) | \(counts) | \(collector.events) | \(collector.malformedExamples)"
    }

    private static func options(_ policy: ImpressionOptions.Policy) -> ImpressionOptions {
        var options = ImpressionOptions()
        options.policy = policy
        options.itemsProperty = "product_ids"
        options.indexProperty = "idx"
        options.breakdownProperty = "$app_version"
        options.maxExamples = 10
        return options
    }

    @Test("every policy, with batches and a breakdown", arguments: ImpressionOptions.Policy.allCases)
    func handMade(policy: ImpressionOptions.Policy) {
        expectMergesExactly(Self.bytes, prototype: ImpressionCollector(options: Self.options(policy)), Self.summary)
        var plain = ImpressionOptions()
        plain.policy = policy
        plain.maxExamples = 1
        expectMergesExactly(Self.bytes, prototype: ImpressionCollector(options: plain), Self.summary)
    }

    @Test("the hand-made lines meet every structure: K's first click is u4's, the tied keys rank by first sight")
    func handMadeLinesCoverTheCases() {
        let prototype = ImpressionCollector(options: Self.options(.buffer))
        var collector = LineFeed.feed(Self.bytes, partitions: 7, prototype: prototype)
        let report = collector.report()
        // F, the absent item, the empty item, K (u4's click: u4 was first seen before u5, u6 and
        // k0…k7), B, H; then the tied rows.
        let above = report.examples.filter { $0.finding == .clickThroughAbove100 }.map(\.location)
        let lines = [(0, 5), (0, 12), (1, 3), (1, 6), (1, 13), (1, 18)]
        #expect(Array(above.prefix(6)) == lines.map { LineLocation(fileIndex: $0.0, line: $0.1) })
        // K exceeds by ten; the others by one, the absent and the empty item reading the same.
        #expect(
            report.keysAboveFullClickThrough.prefix(8).map { ($0.key[2] ?? "") + ($0.key[3] ?? "-") }
                == ["0:9K", "0:0-", "0:0", "0:1B", "0:20-", "0:20", "0:21-", "0:21"])
        #expect(report.users == 8 + 8 + 2 * Self.tiedKeys.count)
        #expect(report.skippedEvents == 1)
        #expect((report.findingCounts[.duplicate] ?? 0) > 2)
        #expect((report.findingCounts[.clickWithoutExposure] ?? 0) > 2)
        #expect((report.findingCounts[.indexGap] ?? 0) > 2)
    }

    @Test("a key's first judged click is its first-seen user's, whatever order the merge gave the users")
    func firstClickByFirstAppearance() {
        // Both users click K once more than they see it; `early` appears first (input 0).
        func lines(_ user: String, extra: Int) -> [UInt8] {
            let events =
                [Self.view(user, 100), Self.exposure(user, 110, row: 1, item: "K")]
                + [Self.click(user, 120, row: 1, item: "K")]
                + (0..<extra).map { Self.exposure(user, 130 + Int64($0), row: 2, item: "L") }
                + [Self.click(user, 200, row: 1, item: "K")]
            return Array((events.joined(separator: "\n") + "\n").utf8)
        }
        let (early, late) = (lines("early", extra: 0), lines("late", extra: 3))
        let prototype = ImpressionCollector(options: ImpressionOptions())
        var serial = prototype.makePartial()
        _ = LineFeed.feed(early, fileIndex: 0, into: &serial)
        _ = LineFeed.feed(late, fileIndex: 1, into: &serial)
        // The partial of more records keeps its users' ids: `late` is user 0 after the merge.
        var merged = prototype.makePartial()
        _ = LineFeed.feed(late, fileIndex: 1, into: &merged)
        var other = prototype.makePartial()
        _ = LineFeed.feed(early, fileIndex: 0, into: &other)
        merged.merge(other)
        #expect(merged.users.string(0) == "late")
        for var collector in [serial, merged] {
            let example = collector.report().examples.first { $0.finding == .clickThroughAbove100 }
            #expect(example?.user == "early")
            #expect(example?.location == LineLocation(fileIndex: 0, line: 3))
        }
    }

    @Test("generated dumps over several inputs, every policy")
    func generated() throws {
        let inputs = try generatedInputs(files: 3)
        for policy in ImpressionOptions.Policy.allCases {
            var options = ImpressionOptions()
            options.policy = policy
            options.breakdownProperty = "$app_version"
            options.maxExamples = 3
            expectMergesExactly(inputs, prototype: ImpressionCollector(options: options), Self.summary)
        }
    }

    @Test(
        "partials written to bytes and read back merge exactly (atk dist)",
        arguments: ImpressionOptions.Policy.allCases)
    func throughState(policy: ImpressionOptions.Policy) throws {
        try expectDistributesExactly(
            Self.bytes, prototype: ImpressionCollector(options: Self.options(policy)), Self.summary)
        var plain = ImpressionOptions()
        plain.policy = policy
        plain.maxExamples = 1
        try expectDistributesExactly(Self.bytes, prototype: ImpressionCollector(options: plain), Self.summary)
    }

    @Test("generated dumps through their state, every policy")
    func generatedThroughState() throws {
        let inputs = try generatedInputs(files: 3)
        for policy in ImpressionOptions.Policy.allCases {
            var options = ImpressionOptions()
            options.policy = policy
            options.breakdownProperty = "$app_version"
            options.maxExamples = 3
            try expectDistributesExactly(inputs, prototype: ImpressionCollector(options: options), Self.summary)
        }
    }

    @Test("a truncated state throws instead of trapping")
    func truncatedState() throws {
        let prototype = ImpressionCollector(options: Self.options(.buffer))
        try expectTruncatedStatesThrow(LineFeed.feed(Self.bytes, partitions: 3, prototype: prototype))
    }
}
