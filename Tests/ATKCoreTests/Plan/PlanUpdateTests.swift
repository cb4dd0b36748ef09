import ATKSchema
import Testing

@testable import ATKCore

/// `PlanInferrer.update(_:)` (`atk plan infer --update`): every change kind, and everything else kept
/// as written, in its order.
@Suite struct PlanUpdateTests {
    static func line(_ event: String, _ properties: String) -> String {
        #"{"type":"track","distinct_id":"u1","event":"\#(event)","properties":{\#(properties)}}"#
    }

    /// The inferrer after reading `lines`.
    static func inferrer(_ lines: [String], maxEnum: Int = 20) -> PlanInferrer {
        var inferrer = PlanInferrer(requiredShare: 1, maxEnum: maxEnum)
        _ = LineFeed.feed(Array((lines.joined(separator: "\n") + "\n").utf8), fileIndex: 0, into: &inferrer)
        return inferrer
    }

    /// The updated plan on one line, and the changes.
    static func update(_ plan: String, _ lines: [String], maxEnum: Int = 20) throws -> (String, [PlanUpdateChange]) {
        let (updated, changes) = inferrer(lines, maxEnum: maxEnum).update(try JSONValue.parse(plan))
        return (updated.serialized(), changes)
    }

    static let plan = #"""
        {"x-team": "growth", "description": "shop plan",
         "events": {"Buy": {"x-owner": "ana", "properties": {"sku": {"type": "string", "description": "the SKU"},
                                                           "cur": {"enum": ["CNY"]}},
                            "description": "a purchase", "required": ["sku", "channel"]}},
         "common": {"properties": {"$lib": {"type": "string"}}}}
        """#

    @Test func aDumpThePlanCoversChangesNothing() throws {
        let (text, changes) = try Self.update(Self.plan, [Self.line("Buy", #""sku":"A","cur":"CNY","$lib":"iOS""#)])
        #expect(changes == [])
        #expect(text == JSONOutput(try JSONValue.parse(Self.plan)).serialized())
    }

    @Test func newEventsPropertiesAndEnumValuesKeepEverythingElseInOrder() throws {
        let (text, changes) = try Self.update(
            Self.plan,
            [
                Self.line("Buy", #""sku":"A","cur":"USD","qty":2,"$lib":"iOS","channel":"web""#),
                Self.line("Buy", #""sku":"B","cur":"EUR","qty":3,"$lib":"iOS""#),
                Self.line("Search", #""q":"x""#),
            ])
        #expect(
            changes == [
                .enumValuesAdded(event: "Buy", property: "cur", values: ["EUR", "USD"]),
                .propertyAdded(event: "Buy", property: "qty"),
                .eventAdded(event: "Search"),
            ])
        let qty = #"{"type":"integer","x-atk":{"present":2,"share":1.0,"types":{"integer":2}}}"#
        let search =
            #"{"type":"object","properties":{"q":{"type":"string","x-atk":{"present":1,"share":1.0,"types":{"string":1}}}},"#
            + #""required":["q"],"x-atk":{"count":1,"checked":1}}"#
        #expect(
            text
                == #"{"x-team":"growth","description":"shop plan","events":{"Buy":{"x-owner":"ana","properties":"#
                + #"{"sku":{"type":"string","description":"the SKU"},"cur":{"enum":["CNY","EUR","USD"]},"qty":"#
                + qty + #"},"description":"a purchase","required":["sku","channel"]},"Search":"# + search + "},"
                + #""common":{"properties":{"$lib":{"type":"string"}}}}"#)
    }

    @Test func anEventWithoutPropertiesGetsThem() throws {
        let (text, changes) = try Self.update(
            #"{"events": {"View": {"type": "object"}}}"#, [Self.line("View", #""s":true"#)])
        #expect(changes == [.propertyAdded(event: "View", property: "s")])
        #expect(
            text
                == #"{"events":{"View":{"type":"object","properties":{"s":{"type":"boolean","x-atk":"#
                + #"{"present":1,"share":1.0,"types":{"boolean":1}}}}}}}"#)
    }

    @Test func anEnumPastMaxEnumIsNamedAndLeftAlone() throws {
        let lines = ["A", "B", "C"].map { Self.line("Buy", #""sku":"x","cur":"\#($0)""#) }
        let (text, changes) = try Self.update(Self.plan, lines, maxEnum: 2)
        #expect(changes == [.enumNotExtended(event: "Buy", property: "cur")])
        #expect(text.contains(#""cur":{"enum":["CNY"]}"#))
    }

    @Test func changesReadAsLines() {
        #expect(
            PlanUpdateChange.enumValuesAdded(event: "Buy", property: "cur", values: ["E\"R"]).description
                == #"added to the enum of Buy.cur: "E\"R""#)
        #expect(PlanUpdateChange.eventAdded(event: "S").description == "added event S")
        #expect(PlanUpdateChange.propertyAdded(event: "S", property: "p").description == "added property S.p")
    }

    @Test("the update from partials equals the update from one read")
    func merges() throws {
        let plan = try JSONValue.parse(Self.plan)
        let lines = PlanInferrerMergeTests.lines + [Self.line("Buy", #""cur":"JPY""#)]
        for maxEnum in [2, 20] {
            expectMergesExactly(lines: lines, prototype: PlanInferrer(requiredShare: 0.7, maxEnum: maxEnum)) {
                let (updated, changes) = $0.update(plan)
                return updated.serialized() + "\(changes)"
            }
        }
        expectMergesExactly(try generatedInputs(files: 3), prototype: PlanInferrer(maxEnum: 5)) {
            let (updated, changes) = $0.update(plan)
            return updated.serialized() + "\(changes)"
        }
    }

    @Test("the update from partials written to bytes and read back equals the update from one read")
    func distributes() throws {
        let plan = try JSONValue.parse(Self.plan)
        let lines = PlanInferrerMergeTests.lines + [Self.line("Buy", #""cur":"JPY""#)]
        for maxEnum in [2, 20] {
            try expectDistributesExactly(lines: lines, prototype: PlanInferrer(requiredShare: 0.7, maxEnum: maxEnum)) {
                let (updated, changes) = $0.update(plan)
                return updated.serialized() + "\(changes)"
            }
        }
        try expectDistributesExactly(try generatedInputs(files: 3), prototype: PlanInferrer(maxEnum: 5)) {
            let (updated, changes) = $0.update(plan)
            return updated.serialized() + "\(changes)"
        }
    }
}
