import ATKElements
import Foundation
import Testing

@Suite struct VisualizedConfigTests {}

/// Decodes a config from JSON text.
func config(_ json: String) throws -> VisualizedConfig {
    try VisualizedConfig(jsonData: Data(json.utf8))
}

extension VisualizedConfigTests {
    @Test func decodesEveryField() throws {
        let decoded = try config(
            """
            {"version":"v2","os":"iOS","project":"default","app_id":"com.example.shop",
             "events":[{"event_name":"add_to_cart","event_type":"appclick",
               "event":{"element_path":"UIView/UICollectionView[0]/ProductCell[0][-]",
                        "screen_name":"HomeViewController","element_position":"0:3",
                        "element_content":"加入购物车","limit_element_position":true,
                        "limit_element_content":false,"h5":false},
               "properties":[{"name":"price","element_path":"UIView/UILabel[1]",
                              "screen_name":"HomeViewController","element_position":"0:3",
                              "regular":"[0-9.]+","type":"NUMBER","h5":false,
                              "webview_element_path":null}]}]}
            """)
        #expect(decoded.version == "v2")
        #expect(decoded.os == "iOS")
        #expect(decoded.project == "default")
        #expect(decoded.appID == "com.example.shop")
        #expect(decoded.events.count == 1)
        let definition = decoded.events[0]
        #expect(definition.eventName == "add_to_cart")
        #expect(definition.eventType == "appclick")
        #expect(definition.isMatchable)
        #expect(
            definition.event
                == VisualizedElementRule(
                    elementPath: "UIView/UICollectionView[0]/ProductCell[0][-]",
                    screenName: "HomeViewController", elementPosition: "0:3", elementContent: "加入购物车",
                    limitElementPosition: true, limitElementContent: false, h5: false))
        let property = try #require(definition.properties.first)
        #expect(property.name == "price")
        #expect(property.elementPath == "UIView/UILabel[1]")
        #expect(property.screenName == "HomeViewController")
        #expect(property.elementPosition == "0:3")
        #expect(property.regular == "[0-9.]+")
        #expect(property.type == "NUMBER")
        #expect(property.isNumber)
        #expect(property.h5 == false)
        #expect(property.webviewElementPath == nil)
    }

    @Test func toleratesMissingFields() throws {
        let empty = try config("{}")
        #expect(empty == VisualizedConfig(events: []))
        let sparse = try config(
            """
            {"events":[{}, {"event_type":"appclick","event":{}}, {"event":{"element_path":"UIView"},"properties":null}]}
            """)
        #expect(sparse.events.count == 3)
        #expect(
            sparse.events[0] == VisualizedEventDefinition(eventName: nil, eventType: nil, event: nil))
        #expect(
            sparse.events[1].event
                == VisualizedElementRule(elementPath: nil, screenName: nil))
        #expect(sparse.events[2].event?.elementPath == "UIView")
        #expect(sparse.events[2].properties.isEmpty)
        #expect(sparse.events.map(\.isMatchable) == [false, true, false])
    }

    @Test func readsFlagsAsTheSDKsBoolValueDoes() throws {
        let decoded = try config(
            """
            {"events":[{"event":{"limit_element_position":1,"limit_element_content":"true","h5":"0"}},
                       {"event":{"limit_element_position":0,"limit_element_content":"false","h5":null}},
                       {"event":{"limit_element_position":"YES","limit_element_content":2.5,"h5":true}}]}
            """)
        let rules = decoded.events.compactMap(\.event)
        #expect(rules.map(\.limitElementPosition) == [true, false, true])
        #expect(rules.map(\.limitElementContent) == [true, false, true])
        #expect(rules.map(\.h5) == [false, false, true])
    }

    @Test func keepsANumericVersionAsText() throws {
        #expect(try config(#"{"version":3}"#).version == "3")
        #expect(try config(#"{"version":null}"#).version == nil)
    }

    @Test func rejectsWrongTypesAndBadJSON() {
        #expect(throws: DecodingError.self) {
            try config(#"{"events":[{"event":{"element_path":7}}]}"#)
        }
        #expect(throws: DecodingError.self) { try config(#"{"events":{}}"#) }
        #expect(throws: DecodingError.self) { try config(#"{"events":[{"event":{"h5":[]}}]}"#) }
        #expect(throws: (any Error).self) { try config("not json") }
    }

    @Test func marksOnlyNonH5AppClickDefinitionsMatchable() {
        let rule = VisualizedElementRule(
            elementPath: "UIView/UIButton[0]", screenName: "HomeViewController")
        var h5Rule = rule
        h5Rule.h5 = true
        #expect(VisualizedEventDefinition(eventName: "a", event: rule).isMatchable)
        #expect(!VisualizedEventDefinition(eventName: "a", event: h5Rule).isMatchable)
        #expect(
            !VisualizedEventDefinition(eventName: "a", eventType: "webclick", event: rule).isMatchable)
        #expect(
            !VisualizedEventDefinition(eventName: "a", eventType: "AppClick", event: rule).isMatchable)
        #expect(!VisualizedEventDefinition(eventName: "a", eventType: nil, event: rule).isMatchable)
        #expect(!VisualizedEventDefinition(eventName: "a", event: nil).isMatchable)
    }
}
