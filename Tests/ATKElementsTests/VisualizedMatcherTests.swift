import ATKElements
import Testing

@Suite struct VisualizedMatcherTests {}

private let cellPath = "UIView/UICollectionView[0]/ProductCell[0][-]"
private let home = "HomeViewController"

/// A matcher over one appclick definition per rule, in order.
private func matcher(_ rules: [VisualizedElementRule]) -> VisualizedMatcher {
    VisualizedMatcher(
        config: VisualizedConfig(
            events: rules.map { VisualizedEventDefinition(eventName: "event", event: $0) }))
}

extension VisualizedMatcherTests {
    @Test func matchesOnPathAndScreenName() {
        let match = matcher([VisualizedElementRule(elementPath: cellPath, screenName: home)])
        #expect(
            match.matchingEventIndices(
                screenName: home, elementPath: cellPath, elementPosition: "0:3", elementContent: "Shoes")
                == [0])
        #expect(
            match.matchingEventIndices(
                screenName: "CartViewController", elementPath: cellPath, elementPosition: "0:3",
                elementContent: "Shoes") == [])
        #expect(
            match.matchingEventIndices(
                screenName: home, elementPath: "UIView/UICollectionView[1]/ProductCell[0][-]",
                elementPosition: "0:3", elementContent: "Shoes") == [])
        #expect(
            match.matchingEventIndices(
                screenName: nil, elementPath: cellPath, elementPosition: "0:3", elementContent: "Shoes")
                == [])
    }

    @Test func ignoresPositionAndContentWithoutLimits() {
        let match = matcher([
            VisualizedElementRule(
                elementPath: cellPath, screenName: home, elementPosition: "0:1", elementContent: "Hat")
        ])
        for position in ["0:0", "0:1", "4:7", nil] {
            #expect(
                match.matchingEventIndices(
                    screenName: home, elementPath: cellPath, elementPosition: position, elementContent: nil)
                    == [0])
        }
    }

    @Test func pinsThePositionWhenLimited() {
        let match = matcher([
            VisualizedElementRule(
                elementPath: cellPath, screenName: home, elementPosition: "0:3", limitElementPosition: true)
        ])
        #expect(
            match.matchingEventIndices(
                screenName: home, elementPath: cellPath, elementPosition: "0:3", elementContent: nil)
                == [0])
        #expect(
            match.matchingEventIndices(
                screenName: home, elementPath: cellPath, elementPosition: "0:4", elementContent: nil)
                == [])
        #expect(
            match.matchingEventIndices(
                screenName: home, elementPath: cellPath, elementPosition: nil, elementContent: nil) == [])
    }

    @Test func pinsTheContentWhenLimited() {
        let match = matcher([
            VisualizedElementRule(
                elementPath: "UIView/CustomButton[0]", screenName: "AutoTrackViewController",
                elementContent: "加入购物车", limitElementContent: true)
        ])
        #expect(
            match.matchingEventIndices(
                screenName: "AutoTrackViewController", elementPath: "UIView/CustomButton[0]",
                elementPosition: nil, elementContent: "加入购物车") == [0])
        #expect(
            match.matchingEventIndices(
                screenName: "AutoTrackViewController", elementPath: "UIView/CustomButton[0]",
                elementPosition: nil, elementContent: "添加购物车") == [])
        #expect(
            match.matchingEventIndices(
                screenName: "AutoTrackViewController", elementPath: "UIView/CustomButton[0]",
                elementPosition: nil, elementContent: nil) == [])
    }

    @Test func requiresBothLimitsWhenBothAreSet() {
        let match = matcher([
            VisualizedElementRule(
                elementPath: cellPath, screenName: home, elementPosition: "0:3", elementContent: "Shoes",
                limitElementPosition: true, limitElementContent: true)
        ])
        let results = [("0:3", "Shoes"), ("0:3", "Hat"), ("0:2", "Shoes")].map { position, content in
            match.matchingEventIndices(
                screenName: home, elementPath: cellPath, elementPosition: position, elementContent: content)
        }
        #expect(results == [[0], [], []])
    }

    @Test func neverMatchesARuleMissingWhatItCompares() {
        let match = matcher([
            VisualizedElementRule(elementPath: nil, screenName: home),
            VisualizedElementRule(elementPath: cellPath, screenName: nil),
            VisualizedElementRule(elementPath: cellPath, screenName: home, limitElementPosition: true),
            VisualizedElementRule(elementPath: cellPath, screenName: home, limitElementContent: true),
        ])
        #expect(
            match.matchingEventIndices(
                screenName: home, elementPath: cellPath, elementPosition: nil, elementContent: nil) == [])
    }

    @Test func skipsH5AndOtherEventTypesButKeepsFilePositions() throws {
        let decoded = try config(
            """
            {"events":[
              {"event_name":"web","event_type":"appclick","event":{"element_path":"UIView/UIButton[0]","screen_name":"HomeViewController","h5":true}},
              {"event_name":"all_rows","event_type":"appclick","event":{"element_path":"UIView/UICollectionView[0]/ProductCell[0][-]","screen_name":"HomeViewController"}},
              {"event_name":"web_click","event_type":"webclick","event":{"element_path":"UIView/UICollectionView[0]/ProductCell[0][-]","screen_name":"HomeViewController"}},
              {"event_name":"third_row","event_type":"appclick","event":{"element_path":"UIView/UICollectionView[0]/ProductCell[0][-]","screen_name":"HomeViewController","element_position":"0:3","limit_element_position":true}},
              {"event_name":"h5_row","event_type":"appclick","event":{"element_path":"UIView/UICollectionView[0]/ProductCell[0][-]","screen_name":"HomeViewController","h5":true}},
              {"event_name":"shoes","event_type":"appclick","event":{"element_path":"UIView/UICollectionView[0]/ProductCell[0][-]","screen_name":"HomeViewController","element_content":"Shoes","limit_element_content":true}}
            ]}
            """)
        let match = VisualizedMatcher(config: decoded)
        #expect(
            match.matchingEventIndices(
                screenName: home, elementPath: cellPath, elementPosition: "0:3", elementContent: "Shoes")
                == [1, 3, 5])
        #expect(
            match.matchingEventIndices(
                screenName: home, elementPath: cellPath, elementPosition: "0:2", elementContent: "Hat")
                == [1])
        #expect(
            match.matchingEventIndices(
                screenName: home, elementPath: "UIView/UIButton[0]", elementPosition: nil,
                elementContent: nil) == [])
    }

    @Test func matchesARebuiltIdentity() throws {
        let element = try identity(homeProductCellChain)
        let match = matcher([
            VisualizedElementRule(elementPath: cellPath, screenName: home),
            VisualizedElementRule(
                elementPath: cellPath, screenName: home, elementPosition: "0:3", limitElementPosition: true),
            VisualizedElementRule(
                elementPath: cellPath, screenName: home, elementPosition: "0:2", limitElementPosition: true),
        ])
        #expect(match.matchingEventIndices(for: element, elementContent: nil) == [0, 1])
    }
}
