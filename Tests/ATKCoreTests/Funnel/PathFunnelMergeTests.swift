import ATKCore
import Testing

/// Path funnels split over partials: paths, edges, pattern steps, entities, users and examples
/// give the serial result.
@Suite("path funnels merge exactly")
struct PathFunnelMergeTests {
    private static func conversion(_ user: String, _ path: String?, time: Int64 = 0) -> String {
        track(user, time, "AddToCart", path.map { #""user_action_path":\#($0)"# } ?? "")
    }

    /// Users over two inputs, both path forms, ties in conversions, two paths that join to one
    /// text (`A>B` as one node and as two), entities with escapes, unreadable paths beyond the
    /// example limit, malformed lines.
    static let inputs: [[String]] = [
        [
            conversion("u1", #"["DL_HOME#P1","DL_PDP"]"#),
            conversion("u2", #"{"nodesV2":["DL_HOME","DL_PDP"],"entityIndexes":[0],"entityIds":["P\u0031"]}"#),
            conversion("u3", #"["A>B"]"#), conversion("u4", #""DL_HOME""#), conversion("u1", nil),
            conversion("u5", #"["DL_HOME","DL_PLP#P2","DL_PDP"]"#), "not json",
            conversion("u6", #"["DL_ARTICLE#A\"1","DL_PDP"]"#), conversion("u7", "[1,2]"),
            track("u8", 0, "ProductView", #""user_action_path":["DL_HOME"]"#), conversion("u13", #"["A","B"]"#),
        ],
        [
            conversion("u1", #"["DL_HOME#P2","DL_PDP"]"#), conversion("u9", #"["A","B"]"#),
            conversion("u10", #"{"nodes":[1,3]}"#), conversion("u2", #"{"entityIds":[]}"#),
            conversion("u11", #"["DL_HOME","DL_PDP"]"#), "{broken",
            #"{"type":"track","event":"AddToCart","time":0,"properties":{"user_action_path":["A>B"]}}"#,
            conversion("u12", #"["DL_ARTICLE#A\"1","DL_PLP","DL_PDP"]"#),
        ],
    ]

    private static var bytes: [[UInt8]] {
        inputs.map { Array(($0.joined(separator: "\n") + "\n").utf8) }
    }

    /// Everything `atk funnel --paths` prints, as text.
    static func summary(_ analysis: PathFunnelAnalysis) -> String {
        let result = analysis.result(top: 4)
        return
            "\(result.events) \(result.conversions) \(result.withoutPath) \(result.invalidPath) "
            + "\(result.invalidPathLines) \(result.distinctPaths) \(result.users) | \(result.paths) | "
            + "\(result.edges) | \(result.steps) | \(result.entities) | \(result.malformedExamples)"
    }

    private static func prototype(
        _ configure: (inout PathFunnelAnalysis.Configuration) throws -> Void = { _ in }
    ) throws -> PathFunnelAnalysis {
        var configuration = PathFunnelAnalysis.Configuration()
        configuration.maxExamples = 1
        try configure(&configuration)
        return PathFunnelAnalysis(configuration: configuration)
    }

    @Test("paths, edges and users; with a pattern and an entity node")
    func handMade() throws {
        expectMergesExactly(Self.bytes, prototype: try Self.prototype(), Self.summary)
        let patterned = try Self.prototype {
            $0.pattern = try PathPattern(parsing: "DL_HOME>DL_PDP", strict: false)
            $0.entityNode = "DL_HOME"
        }
        expectMergesExactly(Self.bytes, prototype: patterned, Self.summary)
        let entities = try Self.prototype {
            $0.pattern = try PathPattern(parsing: "DL_ARTICLE#A\"1>DL_PDP", strict: true)
            $0.entityNode = "DL_ARTICLE"
        }
        expectMergesExactly(Self.bytes, prototype: entities, Self.summary)
    }

    @Test("the hand-made lines meet every structure: tied paths that read the same, users of both inputs")
    func handMadeLinesCoverTheCases() throws {
        let result = LineFeed.feed(Self.bytes, partitions: 3, prototype: try Self.prototype()).result(top: 10)
        // ["A>B"] and ["A", "B"] join to one text and tie at 2 conversions: the first seen ranks first.
        let joined = result.paths.filter { $0.nodes.joined(separator: ">") == "A>B" }
        #expect(joined.map(\.nodes) == [["A>B"], ["A", "B"]])
        #expect(result.users == 12)
        #expect(result.invalidPath == 3)
        #expect(result.invalidPathLines == [LineLocation(fileIndex: 0, line: 4)])
    }

    @Test("generated dumps over several inputs")
    func generated() throws {
        let inputs = try generatedInputs(files: 3)
        expectMergesExactly(inputs, prototype: try Self.prototype { $0.maxExamples = 3 }, Self.summary)
        let patterned = try Self.prototype {
            $0.pattern = try PathPattern(parsing: "DL_HOME>DL_PDP", strict: false)
            $0.entityNode = "DL_PDP"
        }
        expectMergesExactly(inputs, prototype: patterned, Self.summary)
    }

    @Test("partials written to bytes and read back merge exactly (atk dist)")
    func throughState() throws {
        try expectDistributesExactly(Self.bytes, prototype: try Self.prototype(), Self.summary)
        let patterned = try Self.prototype {
            $0.pattern = try PathPattern(parsing: "DL_HOME>DL_PDP", strict: false)
            $0.entityNode = "DL_HOME"
        }
        try expectDistributesExactly(Self.bytes, prototype: patterned, Self.summary)
        let entities = try Self.prototype {
            $0.pattern = try PathPattern(parsing: "DL_ARTICLE#A\"1>DL_PDP", strict: true)
            $0.entityNode = "DL_ARTICLE"
        }
        try expectDistributesExactly(Self.bytes, prototype: entities, Self.summary)
        let inputs = try generatedInputs(files: 3)
        try expectDistributesExactly(inputs, prototype: try Self.prototype { $0.maxExamples = 3 }, Self.summary)
        let generatedPattern = try Self.prototype {
            $0.pattern = try PathPattern(parsing: "DL_HOME>DL_PDP", strict: false)
            $0.entityNode = "DL_PDP"
        }
        try expectDistributesExactly(inputs, prototype: generatedPattern, Self.summary)
    }

    @Test("a damaged state is refused, never trapped on")
    func damagedState() throws {
        let prototype = try Self.prototype {
            $0.pattern = try PathPattern(parsing: "DL_HOME>DL_PDP", strict: false)
            $0.entityNode = "DL_HOME"
        }
        let merged = LineFeed.feed(Self.bytes, partitions: 3, prototype: prototype)
        try expectDamagedStatesHandled(merged, Self.summary)
        // A state of another pattern names other steps.
        var writer = StateWriter()
        LineFeed.feed(Self.bytes, partitions: 1, prototype: prototype).encodeState(to: &writer)
        var reader = StateReader(writer.bytes)
        var plain = try Self.prototype()
        #expect(throws: StateReader.Failure.self) { try plain.decodeState(from: &reader) }
    }

    @Test("stitched identities: the graph is configuration, the partials distribute exactly")
    func stitchedThroughState() throws {
        let inputs = try StitchedRewriteTests.linkedInputs()
        let graph = StitchedRewriteTests.graph(inputs)
        let prototype = try Self.prototype {
            $0.pattern = try PathPattern(parsing: "DL_HOME>DL_PDP", strict: false)
            $0.persons = graph
        }
        try expectDistributesExactly(inputs, prototype: prototype, Self.summary)
    }
}
