import Testing

@testable import ATKCore

@Suite("Splicing rebuilt identifiers into a line")
struct ElementSpliceTests {
    private func rewrite(_ line: String, fix: Bool) -> String? {
        withEvent(line) { event -> String? in
            var resolver = ElementResolver()
            guard case .valid(let identity) = resolver.chain(of: event) else { return "invalid" }
            return ElementSplice.rewrite(event, ElementProperties(event), with: identity, fix: fix).map {
                String(decoding: $0.bytes, as: UTF8.self)
            }
        } ?? "unread"
    }

    @Test func appendsMissingFieldsAtTheEndOfPropertiesKeepingEveryOtherByte() {
        let chain = ElementLines.cellChain
        let line = #"{"z":1,  "properties" : {"b":2 ,"$responder_chain":\#(chain) } ,"a":"x"}"#
        let expected =
            #"{"z":1,  "properties" : {"b":2 ,"$responder_chain":\#(chain) ,"$element_path":"UIView/UICollectionView[0]/ProductCell[0][-]","$element_position":"0:3","$screen_name":"HomeViewController"} ,"a":"x"}"#
        #expect(rewrite(line, fix: false) == expected)
        #expect(rewrite(line, fix: true) == expected)
    }

    @Test func replacesANullInPlace() {
        let line =
            #"{"properties":{"$element_position":null,"$screen_name":"HomeViewController","$element_path":"UIView/UICollectionView[0]/ProductCell[0][-]","$responder_chain":\#(ElementLines.cellChain)}}"#
        #expect(rewrite(line, fix: false) == line.replacingOccurrences(of: "null", with: #""0:3""#))
    }

    @Test func replacesWrongValuesOnlyWithFix() {
        let line =
            #"{"properties":{"$screen_name":"Wrong\"One","$element_path":"UIView/UICollectionView[0]/ProductCell[0][-]","$element_position":7,"$responder_chain":\#(ElementLines.cellChain)}}"#
        #expect(rewrite(line, fix: false) == nil)
        #expect(
            rewrite(line, fix: true)
                == line.replacingOccurrences(of: #""Wrong\"One""#, with: #""HomeViewController""#)
                .replacingOccurrences(of: ":7,", with: #":"0:3","#))
    }

    @Test func leavesAgreeingLinesAndFieldsWithoutARebuiltValueAlone() {
        let agreeing =
            #"{"properties":{"$screen_name":"CartViewController","$element_path":"UIView/UIButton[0]","$responder_chain":\#(ElementLines.buttonChain)}}"#
        #expect(rewrite(agreeing, fix: true) == nil)
        // A button has no position: a recorded one is not judged, so not removed.
        let withPosition =
            #"{"properties":{"$screen_name":"CartViewController","$element_path":"UIView/UIButton[0]","$element_position":"4","$responder_chain":\#(ElementLines.buttonChain)}}"#
        #expect(rewrite(withPosition, fix: true) == nil)
    }

    @Test func countsAddedAndReplacedFields() {
        let line = #"{"properties":{"$screen_name":"X","$responder_chain":\#(ElementLines.cellChain)}}"#
        let splice =
            withEvent(line) { event -> ElementSplice? in
                var resolver = ElementResolver()
                guard case .valid(let identity) = resolver.chain(of: event) else { return nil }
                return ElementSplice.rewrite(event, ElementProperties(event), with: identity, fix: true)
            } ?? nil
        #expect(splice?.added == [1, 1, 0])
        #expect(splice?.replaced == [0, 0, 1])
    }
}
