import ATKCore
import Testing

/// `atk funnel --path --rebuilt`: the path funnel fed by a navigation replay, worked by hand.
@Suite("path funnels over rebuilt paths")
struct PathFunnelRebuiltTests {
    /// Three users over ``navigationConfig``; the recorded paths are wrong or absent on purpose.
    ///
    /// - u1 converts on Home#P1 > Article#A1 > PDP, then goes back to Article and converts again
    ///   on Home#P1 > Article#A1 (the frame returned to keeps its action).
    /// - u2 converts on Home#P2 > PDP, then switches to the Cart tab (a root without a node): the
    ///   rebuilt path is empty, so that conversion has no path.
    /// - u3 converts before any view: the stack is empty, the conversion is unrebuildable (its
    ///   recorded path is ignored).
    static let lines = [
        viewScreen("u1", 1, "Home"), tap("u1", 2, "Home", "P1"), viewScreen("u1", 3, "Article"),
        viewScreen("u2", 1, "Home"), tap("u2", 2, "Home", "P2"), tap("u1", 4, "Article", "A1"),
        viewScreen("u1", 5, "PDP"), addToCart("u1", 6, #"["DL_SEARCH"]"#), viewScreen("u2", 3, "PDP"),
        addToCart("u3", 1, #"["DL_HOME","DL_PDP"]"#), viewScreen("u1", 7, "Article"), addToCart("u2", 4),
        addToCart("u1", 8, #"["DL_HOME#P9","DL_PDP"]"#), viewScreen("u2", 5, "Cart"), addToCart("u2", 6),
    ]

    private static func funnel(_ lines: [String]) throws -> PathFunnelResult {
        var configuration = PathFunnelAnalysis.Configuration()
        configuration.pattern = try PathPattern(parsing: "DL_HOME>DL_PDP", strict: false)
        configuration.entityNode = "DL_HOME"
        var analysis = PathFunnelAnalysis(configuration: configuration)
        analysis.count(replayNavigation(lines))
        return analysis.result(top: 20)
    }

    @Test("paths, edges, pattern steps and entities come from the rebuilt paths")
    func handWorked() throws {
        let result = try Self.funnel(Self.lines)
        #expect(result.events == Self.lines.count)
        #expect(result.conversions == 5)
        #expect(result.users == 3)
        #expect(result.withoutPath == 2)
        #expect(result.invalidPath == 0)
        #expect(result.distinctPaths == 3)
        #expect(
            result.paths.map(\.nodes) == [
                ["DL_HOME", "DL_ARTICLE"], ["DL_HOME", "DL_ARTICLE", "DL_PDP"], ["DL_HOME", "DL_PDP"],
            ])
        #expect(result.paths.map(\.conversions) == [1, 1, 1])
        let third: Double? = 1.0 / 3
        #expect(result.paths.map(\.share) == [third, third, third])
        #expect(
            result.edges.map { "\($0.source)>\($0.target)=\($0.count)" } == [
                "DL_HOME>DL_ARTICLE=2", "DL_ARTICLE>DL_PDP=1", "DL_HOME>DL_PDP=1",
            ])
        #expect(result.steps.map(\.conversions) == [3, 2])
        #expect(result.steps.map(\.users) == [2, 2])
        #expect(result.entities.map(\.entity) == ["P1", "P2"])
        #expect(result.entities.map(\.conversions) == [1, 1])
        #expect(result.entities.map(\.users) == [1, 1])
    }

    @Test("a replay gives what reading the same paths as recorded ones gives")
    func equalsRecorded() throws {
        let recorded = [
            addToCart("u1", 6, #"["DL_HOME#P1","DL_ARTICLE#A1","DL_PDP"]"#), addToCart("u3", 1),
            addToCart("u2", 4, #"["DL_HOME#P2","DL_PDP"]"#), addToCart("u1", 8, #"["DL_HOME#P1","DL_ARTICLE#A1"]"#),
            addToCart("u2", 6, "[]"),
        ]
        let fromRecorded = try pathFunnel(recorded) {
            $0.pattern = try PathPattern(parsing: "DL_HOME>DL_PDP", strict: false)
            $0.entityNode = "DL_HOME"
        }
        let fromReplay = try Self.funnel(Self.lines)
        #expect(
            "\(fromReplay.paths) \(fromReplay.edges) \(fromReplay.steps) \(fromReplay.entities)"
                == "\(fromRecorded.paths) \(fromRecorded.edges) \(fromRecorded.steps) \(fromRecorded.entities)")
        #expect(fromReplay.withoutPath == fromRecorded.withoutPath)
        #expect(fromReplay.users == fromRecorded.users)
    }

    @Test("first-seen order: paths whose names join to one text rank by their first conversion")
    func firstSeenOrder() {
        // A node named "A>B" and the nodes A, B join to the same text; the earlier conversion ranks first.
        let config = NavigationConfig(nodes: ["X": "A>B", "A": "A", "B": "B"], entityProperty: "item_id")
        let lines = [
            viewScreen("v", 1, "A"), viewScreen("v", 2, "B"), viewScreen("w", 1, "X"), addToCart("w", 2),
            addToCart("v", 3),
        ]
        var analysis = PathFunnelAnalysis(configuration: PathFunnelAnalysis.Configuration())
        analysis.count(replayNavigation(lines, config: config))
        #expect(analysis.result(top: 20).paths.map(\.nodes) == [["A>B"], ["A", "B"]])
    }
}
