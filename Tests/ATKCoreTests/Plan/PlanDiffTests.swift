import ATKSchema
import Testing

@testable import ATKCore

/// `PlanDiff`: one hand-worked pair of plans per change kind, with its class.
@Suite struct PlanDiffTests {
    /// A one-file plan with event `E` (and any `extra` top-level members).
    func plan(_ event: String?, common: String? = nil, extra: String = "") throws -> PlanDocument {
        var members = [event.map { #""events": {"E": \#($0)}"# } ?? #""events": {}"#]
        if let common { members.append(#""common": \#(common)"#) }
        if !extra.isEmpty { members.append(extra) }
        return try PlanDocument(json: JSONValue.parse("{" + members.joined(separator: ", ") + "}"), file: "p.json")
    }

    func diff(_ old: String?, _ new: String?) throws -> [PlanChange] {
        PlanDiff.changes(from: try plan(old), to: try plan(new))
    }

    @Test(
        arguments: [
            (nil, "{}", .eventAdded, false),
            ("{}", nil, .eventRemoved, true),
        ] as [(String?, String?, PlanChange.Kind, Bool)])
    func eventChanges(_ old: String?, _ new: String?, _ kind: PlanChange.Kind, _ breaking: Bool) throws {
        #expect(try diff(old, new) == [PlanChange(event: "E", property: nil, kind: kind)])
        #expect(kind.isBreaking == breaking)
    }

    @Test(arguments: [
        (#"{}"#, #"{"properties": {"p": {"type": "string"}}}"#, PlanChange.Kind.propertyAdded, false),
        (#"{}"#, #"{"properties": {"p": {}}, "required": ["p"]}"#, .requiredPropertyAdded, true),
        (#"{}"#, #"{"required": ["p"]}"#, .requiredPropertyAdded, true),
        (#"{"properties": {"p": {}}}"#, #"{}"#, .propertyRemoved, true),
        (#"{"properties": {"p": {}}}"#, #"{"properties": {"p": {}}, "required": ["p"]}"#, .requiredAdded, true),
        (#"{"properties": {"p": {}}, "required": ["p"]}"#, #"{"properties": {"p": {}}}"#, .requiredRemoved, false),
        // A name only `required` lists, dropped: no longer required, any value was allowed anyway.
        (#"{"required": ["p"]}"#, #"{}"#, .requiredRemoved, false),
    ])
    func propertyChanges(_ old: String, _ new: String, _ kind: PlanChange.Kind, _ breaking: Bool) throws {
        #expect(try diff(old, new) == [PlanChange(event: "E", property: "p", kind: kind)])
        #expect(kind.isBreaking == breaking)
    }

    @Test(arguments: [
        (#""string""#, #"["string", "null"]"#, PlanChange.Kind.typeWidened, false),
        (#""integer""#, #""number""#, .typeWidened, false),
        (#""number""#, #""integer""#, .typeNarrowed, true),
        (#"["string", "null"]"#, #""string""#, .typeNarrowed, true),
        (#""string""#, #""boolean""#, .typeChanged, true),
        (#"["number", "string"]"#, #"["integer", "string"]"#, .typeNarrowed, true),
    ])
    func typeChanges(_ old: String, _ new: String, _ kind: PlanChange.Kind, _ breaking: Bool) throws {
        let found = try diff(#"{"properties": {"p": {"type": \#(old)}}}"#, #"{"properties": {"p": {"type": \#(new)}}}"#)
        #expect(
            found == [
                PlanChange(event: "E", property: "p", kind: kind, old: try .parse(old), new: try .parse(new))
            ])
        #expect(kind.isBreaking == breaking)
    }

    @Test func aTypeAddedNarrowsAndATypeDroppedWidens() throws {
        let typed = #"{"properties": {"p": {"type": "string"}}}"#
        let untyped = #"{"properties": {"p": {}}}"#
        #expect(try diff(untyped, typed).map(\.kind) == [.typeNarrowed])
        #expect(try diff(typed, untyped).map(\.kind) == [.typeWidened])
    }

    @Test(arguments: [
        (#"{"enum": ["a"]}"#, #"{"enum": ["a", "b"]}"#, PlanChange.Kind.enumWidened, false),
        (#"{"enum": ["a", "b"]}"#, #"{"enum": ["b"]}"#, .enumNarrowed, true),
        (#"{"enum": ["a", "b"]}"#, #"{"enum": ["b", "c"]}"#, .enumChanged, true),
        (#"{}"#, #"{"enum": ["a"]}"#, .enumNarrowed, true),
        (#"{"enum": ["a"]}"#, #"{}"#, .enumWidened, false),
        // `const` is an enum of one value.
        (#"{"const": "a"}"#, #"{"enum": ["a", "b"]}"#, .enumWidened, false),
    ])
    func enumChanges(_ old: String, _ new: String, _ kind: PlanChange.Kind, _ breaking: Bool) throws {
        let found = try diff(#"{"properties": {"p": \#(old)}}"#, #"{"properties": {"p": \#(new)}}"#)
        #expect(found.map(\.kind) == [kind])
        #expect(kind.isBreaking == breaking)
    }

    @Test func enumsCompareAsSetsOfValues() throws {
        #expect(
            try diff(#"{"properties": {"p": {"enum": [1, "a"]}}}"#, #"{"properties": {"p": {"enum": ["a", 1.0]}}}"#)
                == [])
    }

    @Test(arguments: [
        (#"{}"#, #"{"pattern": "^a"}"#, PlanChange.Kind.patternAdded, true),
        (#"{"pattern": "^a"}"#, #"{}"#, .patternRemoved, false),
        (#"{"pattern": "^a"}"#, #"{"pattern": "^b"}"#, .patternChanged, true),
    ])
    func patternChanges(_ old: String, _ new: String, _ kind: PlanChange.Kind, _ breaking: Bool) throws {
        let found = try diff(#"{"properties": {"p": \#(old)}}"#, #"{"properties": {"p": \#(new)}}"#)
        #expect(found.map(\.kind) == [kind])
        #expect(kind.isBreaking == breaking)
    }

    @Test func everyKindHasAHandWorkedCase() {
        // The tests above, by kind: a new kind needs a case (and a row in Docs/plan.md's table).
        #expect(PlanChange.Kind.allCases.count == 16)
    }

    @Test func localRefsAreFollowedOnBothSides() throws {
        let event = ##"{"properties": {"p": {"$ref": "#/$defs/id"}}}"##
        let old = try plan(event, extra: #""$defs": {"id": {"type": "string"}}"#)
        let new = try plan(event, extra: #""$defs": {"id": {"type": "integer"}}"#)
        #expect(PlanDiff.changes(from: old, to: new).map(\.kind) == [.typeChanged])
    }

    @Test func commonComesFirstAndEventsAndPropertiesByName() throws {
        let old = try PlanDocument(
            json: JSONValue.parse(#"{"common": {}, "events": {"B": {}, "A": {"properties": {"y": {}}}}}"#), file: "o")
        let new = try PlanDocument(
            json: JSONValue.parse(
                #"{"common": {"properties": {"c": {}}}, "events": {"C": {}, "A": {"properties": {"x": {}}}}}"#),
            file: "n")
        let found = PlanDiff.changes(from: old, to: new)
        #expect(
            found == [
                PlanChange(event: nil, property: "c", kind: .propertyAdded),
                PlanChange(event: "A", property: "x", kind: .propertyAdded),
                PlanChange(event: "A", property: "y", kind: .propertyRemoved),
                PlanChange(event: "B", property: nil, kind: .eventRemoved),
                PlanChange(event: "C", property: nil, kind: .eventAdded),
            ])
    }

    @Test func directoryPlansFollowRefsIntoOtherFiles() throws {
        let old = PlanDocument(files: [
            ("E.json", try .parse(#"{"properties": {"p": {"$ref": "defs.json#/id"}}}"#)),
            ("defs.json", try .parse(#"{"id": {"enum": ["a"]}}"#)),
        ])
        let new = PlanDocument(files: [
            ("E.json", try .parse(#"{"properties": {"p": {"$ref": "defs.json#/id"}}}"#)),
            ("common.json", try .parse(#"{"required": ["$lib"]}"#)),
            ("defs.json", try .parse(#"{"id": {"enum": ["a", "b"]}}"#)),
        ])
        #expect(
            PlanDiff.changes(from: old, to: new).map {
                "\($0.event ?? "common").\($0.property ?? "") \($0.kind.rawValue)"
            }
                == ["common.$lib required_property_added", "E.p enum_widened"])
    }

    @Test func aFileWithoutEventsIsNotAPlan() throws {
        #expect(throws: TrackingPlanError.self) {
            try PlanDocument(json: JSONValue.parse(#"{"common": {}}"#), file: "p")
        }
    }
}
