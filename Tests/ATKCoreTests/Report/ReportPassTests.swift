import ATKCore
import ATKFunnel
import Foundation
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

    /// Every member the pass can hold, so the state of each is written and read back in order.
    private static func fullPrototype() throws -> ReportPass {
        var pass = try prototype()
        pass.validator = ValidationMergeTests.validator()
        let config = """
            {"events": [{"event_name": "Cart", "event_type": "appclick", \
            "event": {"element_path": "UIView/UIButton[0]"}}]}
            """
        pass.matcher = try VisualEventCounter(configJSON: Data(config.utf8))
        pass.navigations = [NavigationAnalysis(config: navigationConfig)]
        return pass
    }

    /// ``summary(_:)`` and the members only the full pass holds.
    private static func fullSummary(_ pass: ReportPass) -> String {
        let validation = pass.validator.map(ValidationMergeTests.report) ?? ""
        let matches = pass.matcher.map { "\($0.events) \($0.matchedClicks) \($0.rows)" } ?? ""
        let paths = pass.navigations.map { PathVerification(replay: $0.replay(), maxExamples: 2) }
        return "\(summary(pass)) | \(validation) | \(matches) | \(paths)"
    }

    @Test("partials of every member written to bytes and read back merge exactly (atk dist)")
    func throughState() throws {
        let inputs = try generatedInputs(files: 2)
        try expectDistributesExactly(inputs, prototype: try Self.fullPrototype(), Self.fullSummary)
    }

    @Test("a truncated state, or one of a pass with other members, throws instead of trapping")
    func truncatedState() throws {
        let inputs = try generatedInputs(files: 1, users: 10)
        let pass = LineFeed.feed(inputs, partitions: 3, prototype: try Self.fullPrototype())
        try expectTruncatedStatesThrow(pass)
        var writer = StateWriter()
        pass.encodeState(to: &writer)
        var withoutMatcher = try Self.fullPrototype()
        withoutMatcher.matcher = nil
        var reader = StateReader(writer.bytes)
        #expect(throws: StateReader.Failure.self) { try withoutMatcher.decodeState(from: &reader) }
        var moreFunnels = try Self.fullPrototype()
        moreFunnels.eventFunnels.append(moreFunnels.eventFunnels[0])
        reader = StateReader(writer.bytes)
        #expect(throws: StateReader.Failure.self) { try moreFunnels.decodeState(from: &reader) }
    }
}
