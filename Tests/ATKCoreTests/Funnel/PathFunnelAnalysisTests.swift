import ATKCore
import Testing

/// Action paths in both forms, patterns and entities.
@Suite struct PathFunnelAnalysisTests {
    private func conversion(_ user: String, _ path: String?) -> String {
        track(user, 0, "AddToCart", path.map { #""user_action_path":\#($0)"# } ?? "")
    }

    @Test("list and object forms give the same paths; nodesV2 wins over nodes")
    func forms() throws {
        let result = try pathFunnel([
            conversion("u", #"["DL_HOME#P1","DL_PDP"]"#),
            conversion("v", #"{"nodes":[9,9],"nodesV2":["DL_HOME","DL_PDP"],"entityIndexes":[0],"entityIds":["P2"]}"#),
            conversion("v", #"{"nodes":[1,3]}"#),
            conversion("w", #"["DL_HOME#","DL_PLP#P3#x","DL_PDP"]"#),
        ])
        #expect(result.paths.map(\.nodes) == [["DL_HOME", "DL_PDP"], ["1", "3"], ["DL_HOME", "DL_PLP", "DL_PDP"]])
        #expect(result.paths.map(\.conversions) == [2, 1, 1])
        #expect(result.paths.map(\.users) == [2, 1, 1])
        #expect(result.paths.first?.share == 0.5)
        #expect(
            result.edges.map { "\($0.source)>\($0.target)=\($0.count)" } == [
                "DL_HOME>DL_PDP=2", "1>3=1", "DL_HOME>DL_PLP=1", "DL_PLP>DL_PDP=1",
            ])
    }

    @Test("conversions without a path or with an unreadable one are counted, not dropped")
    func withoutPath() throws {
        let result = try pathFunnel([
            conversion("u", nil), conversion("u", "null"), conversion("u", "[]"),
            conversion("u", #""DL_HOME""#), conversion("u", "[1,2]"), conversion("u", #"{"entityIds":[]}"#),
            conversion("u", #"["DL_PDP"]"#), track("u", 0, "ProductView", #""user_action_path":["DL_HOME"]"#),
        ])
        #expect(result.conversions == 7)
        #expect(result.withoutPath == 3)
        #expect(result.invalidPath == 3)
        #expect(result.invalidPathLines.map(\.line) == [4, 5, 6])
        #expect(result.withPath == 1)
    }

    @Test("a pattern counts paths holding its nodes in order; strict needs them adjacent")
    func pattern() throws {
        let lines = [
            conversion("u", #"["DL_HOME","DL_PLP","DL_PDP"]"#), conversion("v", #"["DL_HOME","DL_PDP"]"#),
            conversion("v", #"["DL_ARTICLE","DL_PDP"]"#), conversion("w", #"["DL_PDP","DL_HOME"]"#),
        ]
        let loose = try pathFunnel(lines) { $0.pattern = try PathPattern(parsing: "DL_HOME>DL_PDP", strict: false) }
        #expect(loose.steps.map(\.conversions) == [3, 2])
        #expect(loose.steps.map(\.users) == [3, 2])
        #expect(loose.steps.last?.conversionFromPrevious == 2.0 / 3.0)
        let strict = try pathFunnel(lines) { $0.pattern = try PathPattern(parsing: "DL_HOME > DL_PDP", strict: true) }
        #expect(strict.steps.map(\.conversions) == [3, 1])
        let entity = try pathFunnel([
            conversion("u", #"["DL_HOME#P1","DL_PDP"]"#), conversion("u", #"["DL_HOME#P2","DL_PDP"]"#),
        ]) {
            $0.pattern = try PathPattern(parsing: "DL_HOME#P1>DL_PDP", strict: false)
        }
        #expect(entity.steps.map(\.conversions) == [1, 1])
    }

    @Test("entities at a node: the last occurrence, none when it has no entity, only completed patterns")
    func entities() throws {
        let lines = [
            conversion("u", #"["DL_ARTICLE#A1","DL_PDP","DL_ARTICLE#A2","DL_PDP"]"#),
            conversion("v", #"{"nodesV2":["DL_ARTICLE","DL_PDP"],"entityIndexes":[0,7],"entityIds":["A2","Z"]}"#),
            conversion("w", #"["DL_ARTICLE","DL_PDP"]"#), conversion("x", #"["DL_HOME","DL_PDP"]"#),
        ]
        let result = try pathFunnel(lines) { $0.entityNode = "DL_ARTICLE" }
        #expect(result.entities.map(\.entity) == ["A2", nil])
        #expect(result.entities.map(\.conversions) == [2, 1])
        #expect(result.entities.map(\.users) == [2, 1])
        let completing = try pathFunnel(lines) {
            $0.entityNode = "DL_ARTICLE"
            $0.pattern = try PathPattern(parsing: "DL_ARTICLE>DL_PDP>DL_ARTICLE", strict: false)
        }
        #expect(completing.entities.map(\.conversions) == [1])
    }

    @Test("pattern syntax")
    func patternSyntax() throws {
        let steps = try PathPattern(parsing: " A > B#e1", strict: false).steps
        #expect(steps.map(\.node) == ["A", "B"])
        #expect(steps.map(\.entity) == [nil, "e1"])
        for bad in ["", "A>>B", ">A", "A#", String(repeating: "A>", count: 32) + "A"] {
            #expect(throws: PathPattern.ParseError.self) { try PathPattern(parsing: bad, strict: false) }
        }
    }

    @Test("windows: a number with a unit (the TimeSpan syntax every atk option uses)")
    func windows() throws {
        #expect(try FunnelWindow(parsing: "90s").milliseconds == 90_000)
        #expect(try FunnelWindow(parsing: "30m").milliseconds == 1_800_000)
        #expect(try FunnelWindow(parsing: "1h").milliseconds == 3_600_000)
        #expect(try FunnelWindow(parsing: "7d").milliseconds == 604_800_000)
        #expect(try FunnelWindow(parsing: "250ms").milliseconds == 250)
        #expect(try FunnelWindow(parsing: "1.5h").milliseconds == 5_400_000)
        #expect(try FunnelWindow(parsing: "1.5h").text == "1.5h")
        for bad in ["", "1", "h", "-1h", "1 h", "1y", "99999999999999999w"] {
            #expect(throws: FunnelWindow.ParseError.self) { try FunnelWindow(parsing: bad) }
        }
    }
}
