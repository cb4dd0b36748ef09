import ATKCore
import ATKFunnel
import Testing

/// A report pass: each member gives what it gives alone, and the pass merges exactly.
@Suite("report pass")
struct ReportPassTests {
    /// Stats, two event funnels and a path funnel, as the report would hold them.
    private static func prototype() throws -> ReportPass {
        var pass = ReportPass()
        pass.stats = StatsCollector(maxExamples: 2)
        pass.eventFunnels = [
            try EventFunnelMergeTests.analysis(
                steps: "$AppStart,$AppViewScreen,AddToCart", window: "1h", mode: [], unit: .users),
            try EventFunnelMergeTests.analysis(
                steps: "$AppViewScreen,$AppClick", window: "10m", mode: [], unit: .conversions),
        ]
        var path = PathFunnelAnalysis.Configuration()
        path.maxExamples = 2
        pass.pathFunnels = [PathFunnelAnalysis(configuration: path)]
        pass.impressions = ImpressionCollector(options: ImpressionOptions())
        pass.verifier = ElementVerifier(maxExamples: 2)
        pass.hourly = HourlyEventCounter()
        return pass
    }

    /// Everything the report prints of each member.
    private static func summary(_ pass: ReportPass) -> String {
        let stats = pass.stats.map { "\($0.events) \($0.userCount) \($0.eventRows) \($0.malformedExamples)" }
        let funnels = pass.eventFunnels.map(EventFunnelMergeTests.summary)
        let paths = pass.pathFunnels.map(PathFunnelMergeTests.summary)
        let impressions = pass.impressions.map(ImpressionMergeTests.summary) ?? ""
        let hourly = pass.hourly.map { "\($0.rows) \($0.untimed)" }
        let verifier = pass.verifier.map {
            "\($0.events) \($0.invalidChains) \($0.invalidChainExamples) \($0.differenceExamples)"
        }
        return "\(stats ?? "") | \(funnels) | \(paths) | \(impressions) | \(verifier ?? "") | \(hourly ?? "")"
    }

    @Test("generated dumps over several inputs, split over 1, 2, 3 and 7 partials")
    func mergesExactly() throws {
        expectMergesExactly(try generatedInputs(files: 2), prototype: try Self.prototype(), Self.summary)
    }

    @Test("each member gives what it gives read alone")
    func membersAsAlone() throws {
        let inputs = try generatedInputs(files: 1)
        var pass = try Self.prototype()
        _ = LineFeed.feed(inputs[0], fileIndex: 0, into: &pass)
        var stats = StatsCollector(maxExamples: 2)
        _ = LineFeed.feed(inputs[0], fileIndex: 0, into: &stats)
        var funnel = try Self.prototype().eventFunnels[1]
        _ = LineFeed.feed(inputs[0], fileIndex: 0, into: &funnel)
        #expect(pass.stats.map { "\($0.eventRows)" } == "\(stats.eventRows)")
        #expect(pass.stats?.userCount == stats.userCount)
        #expect(EventFunnelMergeTests.summary(pass.eventFunnels[1]) == EventFunnelMergeTests.summary(funnel))
        #expect(stats.events > 0)
    }

    @Test("an empty pass is empty; one member makes it not")
    func emptiness() {
        var pass = ReportPass()
        #expect(pass.isEmpty)
        pass.verifier = ElementVerifier(maxExamples: 1)
        #expect(!pass.isEmpty)
    }
}
