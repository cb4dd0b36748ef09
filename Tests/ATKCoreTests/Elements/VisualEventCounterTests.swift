import Foundation
import Testing

@testable import ATKCore

@Suite("Counting visual events")
struct VisualEventCounterTests {
    private let config = #"""
        {"events": [
          {"event_name": "AnyProduct", "event_type": "appclick", "event": {"element_path": "UIView/UICollectionView[0]/ProductCell[0][-]", "screen_name": "HomeViewController"}},
          {"event_name": "ThirdRow", "event_type": "appclick", "event": {"element_path": "UIView/UICollectionView[0]/ProductCell[0][-]", "screen_name": "HomeViewController", "element_position": "0:3", "limit_element_position": true}},
          {"event_name": "Checkout", "event_type": "appclick", "event": {"element_path": "UIView/UIButton[0]", "screen_name": "CartViewController", "element_content": "结算", "limit_element_content": true}},
          {"event_name": "Web", "event_type": "appclick", "event": {"element_path": "UIView/UIButton[0]", "screen_name": "CartViewController", "h5": true}},
          {"event_name": "Never", "event_type": "appclick", "event": {"element_path": "UIView/UIButton[9]", "screen_name": "CartViewController"}}
        ]}
        """#

    private var lines: [String] {
        [
            ElementLines.event(
                #""$screen_name":"Home","$element_path":"Old/Path""#, user: "u1", chain: ElementLines.cellChain),
            ElementLines.event("", user: "u1", chain: ElementLines.cellChain),
            ElementLines.event(
                "", user: "u2", chain: ElementLines.cellChain.replacingOccurrences(of: "|0:3", with: "|0:1")),
            ElementLines.event(#""$element_content":"结算""#, user: "u1", chain: ElementLines.buttonChain),
            ElementLines.event(#""$element_content":"去结算""#, user: "u2", chain: ElementLines.buttonChain),
            ElementLines.event("", name: "$AppExposure", user: "u3", chain: ElementLines.cellChain),
            ElementLines.event(
                #""$screen_name":"CartViewController","$element_path":"UIView/UIButton[0]","$element_content":"结算""#,
                user: "u4"),
        ]
    }

    @Test func countsClicksAndUsersForEveryDefinitionInConfigOrder() throws {
        var counter = try VisualEventCounter(configJSON: Data(config.utf8))
        _ = try ElementLines.read(lines, into: &counter)
        #expect(counter.rows.map(\.name) == ["AnyProduct", "ThirdRow", "Checkout", "Web", "Never"])
        #expect(counter.rows.map(\.events) == [3, 2, 2, 0, 0])
        #expect(counter.rows.map(\.users) == [2, 1, 2, 0, 0])
        #expect(counter.rows.map(\.matchable) == [true, true, true, false, true])
        #expect(counter.clicks == 6 && counter.matchedClicks == 5 && counter.rebuiltClicks == 5)
    }

    @Test func usesRecordedIdentifiersWhenAsked() throws {
        var counter = try VisualEventCounter(configJSON: Data(config.utf8), useRecordedIdentifiers: true)
        _ = try ElementLines.read(lines, into: &counter)
        #expect(counter.rows.map(\.events) == [0, 0, 1, 0, 0])
    }

    @Test func rejectsAConfigThatIsNotOne() {
        #expect(throws: VisualEventCounter.ConfigError.self) { try VisualEventCounter(configJSON: Data("[1]".utf8)) }
        #expect(throws: VisualEventCounter.ConfigError.self) { try VisualEventCounter(configJSON: Data("{".utf8)) }
    }
}

@Suite("elements match merges exactly")
struct VisualEventCounterMergeTests {
    private let config = """
        {"events": [
          {"event_name": "Cell", "event_type": "appclick", "event": {"element_path": "\(ElementLines.cellPath)", \
        "screen_name": "HomeViewController"}},
          {"event_name": "Old", "event_type": "appclick", "event": {"element_path": "UIView/V0/Bouton\\u00e9", \
        "screen_name": "Shop", "element_content": "Achete\\u0301", "limit_element_content": true}},
          {"event_name": "Any", "event_type": "appclick", "event": {"element_path": "UIView/V1/Bouton\\u00e9", \
        "screen_name": "Shop"}},
          {"event_name": "Web", "event_type": "appclick", "event": {"element_path": "UIView/V2", "h5": true}}
        ]}
        """

    private func summary(_ counter: VisualEventCounter) -> ExactText {
        ExactText(
            "\(counter.events) \(counter.clicks) \(counter.matchedClicks) \(counter.rebuiltClicks) "
                + "\(counter.malformedLines) \(counter.rows) \(counter.malformedExamples)")
    }

    @Test("the hand-made lines, split over 1, 2, 3 and 7 partials")
    func handMade() throws {
        for recorded in [false, true] {
            let prototype = try VisualEventCounter(configJSON: Data(config.utf8), useRecordedIdentifiers: recorded)
            expectMergesExactly(ElementMergeLines.inputs, prototype: prototype, summary)
        }
    }

    @Test("generated dumps over several inputs")
    func generated() throws {
        let prototype = try VisualEventCounter(configJSON: Data(config.utf8))
        expectMergesExactly(try generatedInputs(files: 3), prototype: prototype, summary)
    }

    @Test("partials written to bytes and read back merge exactly (atk dist)")
    func throughState() throws {
        for recorded in [false, true] {
            let prototype = try VisualEventCounter(configJSON: Data(config.utf8), useRecordedIdentifiers: recorded)
            try expectDistributesExactly(ElementMergeLines.inputs, prototype: prototype, summary)
        }
        let prototype = try VisualEventCounter(configJSON: Data(config.utf8))
        try expectDistributesExactly(try generatedInputs(files: 3), prototype: prototype, summary)
    }

    @Test("a truncated state, or one of a config with other definitions, throws instead of trapping")
    func truncatedState() throws {
        let prototype = try VisualEventCounter(configJSON: Data(config.utf8))
        let counter = LineFeed.feed(ElementMergeLines.inputs, partitions: 3, prototype: prototype)
        try expectTruncatedStatesThrow(counter)
        var writer = StateWriter()
        counter.encodeState(to: &writer)
        var reader = StateReader(writer.bytes)
        let fewer = #"{"events": [{"event_name": "Web", "event_type": "appclick", "event": {"element_path": "V"}}]}"#
        var other = try VisualEventCounter(configJSON: Data(fewer.utf8))
        #expect(throws: StateReader.Failure.self) { try other.decodeState(from: &reader) }
    }
}
