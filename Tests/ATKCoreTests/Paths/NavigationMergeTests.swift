import ATKCore
import Testing

/// Partials of a navigation analysis merge to the serial replay, conversions, counts and
/// examples alike.
@Suite struct NavigationMergeTests {
    private func projection(_ analysis: NavigationAnalysis) -> PathVerification {
        PathVerification(replay: analysis.replay(), maxExamples: 2)
    }

    /// Many users, ties, off-stack clicks, unplaced conversions, a malformed line.
    private static let lines = [
        viewScreen("u", 1, "Home"), viewScreen("v", 1, "Search"), tap("u", 2, "Home", "P1"),
        viewScreen("w", 5, "PDP"), addToCart("w", 6, #"["DL_PDP"]"#, version: "1.10.0"),
        viewScreen("u", 3, "PDP"), addToCart("u", 4, #"["DL_PDP"]"#, version: "1.9.0"), "{broken",
        tap("v", 2, "Home", "X"), addToCart("v", 2, #"["DL_SEARCH#S"]"#), track("x", 1, "$AppStart"),
        addToCart("x", 2, #"["DL_HOME"]"#, version: "1.9.0"), addToCart("y", 1),
        #"{"type":"track","time":2,"event":"AddToCart","properties":{}}"#, viewScreen("y", 0, "Article"),
        addToCart("u", 9, nil, version: "1.10.0"),
    ]

    /// The generated dumps' screens as nodes.
    private static let generatedConfig = NavigationConfig(
        nodes: [
            "HomeViewController": "DL_HOME", "ProductListViewController": "DL_PLP",
            "ProductDetailViewController": "DL_PDP",
        ], roots: ["HomeViewController"], entityProperty: "item_id")

    @Test("hand-made lines: many users, ties, off-stack clicks, unplaced conversions, malformed lines")
    func handMade() {
        let lines = Self.lines
        expectMergesExactly(lines: lines, prototype: NavigationAnalysis(config: navigationConfig)) {
            projection($0)
        }
        let serial = projection(
            {
                var analysis = NavigationAnalysis(config: navigationConfig)
                _ = LineFeed.feed(Array((lines.joined(separator: "\n") + "\n").utf8), into: &analysis)
                return analysis
            }())
        #expect(serial.total.conversions == 7)
        #expect(serial.replay.offStackClicks == 1)
        #expect(serial.replay.malformedExamples.count == 1)
    }

    @Test("generated dumps")
    func generated() throws {
        let config = NavigationConfig(
            nodes: ["HomeViewController": "DL_HOME", "ProductDetailViewController": "DL_PDP"],
            roots: ["HomeViewController"], entityProperty: "item_id")
        let inputs = try generatedInputs(files: 2, users: 40)
        expectMergesExactly(inputs, prototype: NavigationAnalysis(config: config)) { projection($0) }
    }

    @Test("partials written to bytes and read back merge exactly (atk dist)")
    func throughState() throws {
        try expectDistributesExactly(lines: Self.lines, prototype: NavigationAnalysis(config: navigationConfig)) {
            projection($0)
        }
        let inputs = try generatedInputs(files: 2, users: 40)
        let prototype = NavigationAnalysis(config: Self.generatedConfig)
        try expectDistributesExactly(inputs, prototype: prototype) { projection($0) }
        try expectDistributesExactly(inputs, prototype: prototype) { PathAttribution(replay: $0.replay()) }
    }

    @Test("a truncated state throws instead of trapping")
    func truncatedState() throws {
        // Three partials merged: the state holds merged tables beside its own.
        let bytes = [Array((Self.lines.joined(separator: "\n") + "\n").utf8)]
        try expectTruncatedStatesThrow(
            LineFeed.feed(bytes, partitions: 3, prototype: NavigationAnalysis(config: navigationConfig)))
    }
}
