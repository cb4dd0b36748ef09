import Testing

@testable import ATKCore

@Suite("Comparing a recorded identifier with the rebuilt one")
struct ElementFieldTests {
    private func compare(_ properties: String, _ field: ElementField, _ rebuilt: String?) -> ElementField.Comparison? {
        withEvent(#"{"properties":\#(properties)}"#) {
            ElementField.compare(recorded: ElementProperties($0)[field], rebuilt: rebuilt)
        }
    }

    @Test func agreesOnEqualValuesEvenWhenEscaped() {
        #expect(compare(#"{"$element_path":"UIView/UIButton[0]"}"#, .elementPath, "UIView/UIButton[0]") == .agrees)
        #expect(compare(#"{"$screen_name":"\u0048omeViewController"}"#, .screenName, "HomeViewController") == .agrees)
    }

    @Test func callsAnAbsentOrNullFieldMissing() {
        #expect(compare(#"{}"#, .elementPath, "UIView") == .missing)
        #expect(compare(#"{"$element_position":null}"#, .elementPosition, "0:1") == .missing)
    }

    @Test func callsADifferentValueOrAnotherKindAMismatch() {
        #expect(compare(#"{"$element_position":"0:2"}"#, .elementPosition, "0:1") == .mismatch)
        #expect(compare(#"{"$element_position":1}"#, .elementPosition, "1") == .mismatch)
    }

    @Test func judgesNothingWithoutARebuiltValue() {
        #expect(compare(#"{"$element_position":"3"}"#, .elementPosition, nil) == .unjudged)
        #expect(compare(#"{}"#, .screenName, nil) == .unjudged)
    }

    @Test func findsEveryPropertyInOnePassAsEventPropertyWould() {
        let line =
            #"{"properties":{"$screen_name":"A","$element_path":"P","$element_position":"0:1","$element_content":"C","$element_type":"T","$lib_version":"4.9.1","$app_version":"2.4.0","$os_version":"17.5","$responder_chain":["UIView|view"],"$screen_name":"B","\u0024element_type":"U"}}"#
        let found = withEvent(line) { event -> [String?] in
            let p = ElementProperties(event)
            let nodes = [
                p.screenName, p.elementPath, p.elementPosition, p.elementContent, p.elementType, p.libVersion,
                p.appVersion, p.osVersion, p[.screenName],
            ]
            return nodes.map { $0?.stringValue } + [
                p.responderChain.map { String(decoding: $0.sourceBytes, as: UTF8.self) }
            ]
        }
        #expect(found == ["B", "P", "0:1", "C", "U", "4.9.1", "2.4.0", "17.5", "B", #"["UIView|view"]"#])
        #expect(withEvent(#"{"properties":[1]}"#) { ElementProperties($0).object == nil } == true)
    }

    @Test func findsItemIdTheLastOfRepeatedOnesAndEscapedOnes() {
        let itemId = { (properties: String) in
            withEvent(#"{"properties":\#(properties)}"#) { ElementProperties($0).itemId.map { $0.sourceBytes.count } }
                ?? -1
        }
        #expect(itemId(#"{"item_id":"P1","item_ix":"P22","$screen_name":"A"}"#) == 4)
        #expect(itemId(#"{"item_id":"P1","item_id":123456}"#) == 6)
        #expect(itemId(#"{"item_id":"P1","item\u005fid":[1,2]}"#) == 5)
        #expect(itemId(#"{"item_ix":"P1","Item_id":"P2"}"#) == nil)
        #expect(itemId(#"{"item_id":"P1"}"#) != -1)
        #expect(itemId(#"{"item_id":null}"#) == 4)
    }

    @Test func ordersVersionsNumerically() {
        #expect(VersionOrder.precedes("2.9.0", "2.10.0"))
        #expect(!VersionOrder.precedes("2.10.0", "2.9.0"))
        #expect(VersionOrder.precedes("2.4", "2.4.0"))
        #expect(VersionOrder.precedes("10.3.1", "16.7.2"))
        #expect(
            ["18.0", "9.3", "16.7.2", "beta"].sorted(by: VersionOrder.precedes) == ["9.3", "16.7.2", "18.0", "beta"])
    }
}
