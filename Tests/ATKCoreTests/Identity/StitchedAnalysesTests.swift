import ATKCore
import ATKFunnel
import Testing

/// Funnels, impressions and paths with stitched identities: each equals the raw analysis of the
/// dump rewritten to person keys, and merges exactly when routed by person.
@Suite("funnels, impressions and paths count persons with stitched identities")
struct StitchedAnalysesTests {
    /// Feeds the same analysis built with and without `graph` the linked and the rewritten inputs,
    /// and checks stitched = rewritten, the merge over 1, 2, 3 and 7 partials, and (so the test
    /// has teeth) stitched ≠ raw on the linked inputs.
    private func check<A: MergeableAnalysis, R: Equatable>(
        _ make: (IdentityGraph?) throws -> A, sourceLocation: SourceLocation = #_sourceLocation,
        _ project: (A) -> R
    ) throws {
        let inputs = try StitchedRewriteTests.linkedInputs()
        let graph = StitchedRewriteTests.graph(inputs)
        var stitched = try make(graph)
        var rewritten = try make(nil)
        var raw = try make(nil)
        StitchedRewriteTests.feed(inputs, into: &stitched)
        StitchedRewriteTests.feed(StitchedRewriteTests.rewritten(inputs, graph), into: &rewritten)
        StitchedRewriteTests.feed(inputs, into: &raw)
        #expect(project(stitched) == project(rewritten), "stitched = rewritten", sourceLocation: sourceLocation)
        #expect(project(stitched) != project(raw), "stitching changes the answer", sourceLocation: sourceLocation)
        #expect(try make(graph).partitionKey == .person(graph), sourceLocation: sourceLocation)
        expectMergesExactly(inputs, prototype: try make(graph), sourceLocation: sourceLocation, project)
    }

    @Test("event funnels, counting users and conversions")
    func eventFunnel() throws {
        for unit in [FunnelCountingUnit.users, .conversions] {
            try check({ persons in
                try EventFunnelMergeTests.analysis(
                    steps: "$AppStart,$AppViewScreen,AddToCart", window: "3d", mode: [], unit: unit
                ) {
                    $0.breakdownProperty = "$app_version"
                    $0.persons = persons
                }
            }) { EventFunnelMergeTests.summary($0) }
        }
    }

    @Test("--by wins over persons: a property funnel routes and counts by the property")
    func propertyFunnel() throws {
        let inputs = try StitchedRewriteTests.linkedInputs()
        let graph = StitchedRewriteTests.graph(inputs)
        let byDevice = try EventFunnelMergeTests.analysis(
            steps: "$AppStart,AddToCart", window: "1d", mode: [], unit: .users
        ) {
            $0.userProperty = "$device_id"
            $0.persons = graph
        }
        #expect(byDevice.partitionKey == .property("$device_id"))
    }

    @Test("path funnels over recorded paths: users are persons")
    func pathFunnel() throws {
        try check({ persons in
            var configuration = PathFunnelAnalysis.Configuration()
            configuration.pattern = try PathPattern(parsing: "DL_HOME>DL_PDP", strict: false)
            configuration.persons = persons
            return PathFunnelAnalysis(configuration: configuration)
        }) { PathFunnelMergeTests.summary($0) }
    }

    @Test("impressions: page views and findings per person")
    func impressions() throws {
        try check({ persons in
            var options = ImpressionOptions()
            options.breakdownProperty = "$app_version"
            options.persons = persons
            return ImpressionCollector(options: options)
        }) { ImpressionMergeTests.summary($0) }
    }

    static let config = NavigationConfig(
        nodes: ["HomeViewController": "DL_HOME", "ProductDetailViewController": "DL_PDP"],
        roots: ["HomeViewController"], entityProperty: "item_id")

    @Test("paths verify and attribution replay each person's events as one history")
    func navigation() throws {
        try check({ NavigationAnalysis(config: Self.config, persons: $0) }) {
            PathVerification(replay: $0.replay(), maxExamples: 3)
        }
        try check({ NavigationAnalysis(config: Self.config, persons: $0) }) { PathAttribution(replay: $0.replay()) }
    }

    @Test("path funnels over rebuilt paths (funnel --path --rebuilt) count persons")
    func rebuiltPathFunnel() throws {
        let inputs = try StitchedRewriteTests.linkedInputs()
        let graph = StitchedRewriteTests.graph(inputs)
        func run(_ inputs: [[UInt8]], persons: IdentityGraph?) -> String {
            var replay = NavigationAnalysis(config: Self.config, persons: persons)
            StitchedRewriteTests.feed(inputs, into: &replay)
            var configuration = PathFunnelAnalysis.Configuration()
            configuration.persons = persons
            var analysis = PathFunnelAnalysis(configuration: configuration)
            analysis.count(replay.replay())
            return PathFunnelMergeTests.summary(analysis)
        }
        let stitched = run(inputs, persons: graph)
        #expect(stitched == run(StitchedRewriteTests.rewritten(inputs, graph), persons: nil))
        #expect(stitched != run(inputs, persons: nil))
    }
}
