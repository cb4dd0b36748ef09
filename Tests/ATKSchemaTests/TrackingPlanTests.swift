import ATKSchema
import Testing

@Suite struct TrackingPlanTests {
    static let planText = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "common": {"type": "object", "required": ["session_id"]},
          "events": {
            "AddToCart": {
              "type": "object",
              "required": ["product_id", "price"],
              "properties": {
                "product_id": {"$ref": "#/$defs/itemId"},
                "price": {"type": "number", "minimum": 0},
                "quantity": {"type": "integer"}
              }
            },
            "Search": {"type": "object", "properties": {"query": {"type": "string", "minLength": 1}}}
          },
          "$defs": {"itemId": {"type": "string", "pattern": "^P[0-9]+$"}}
        }
        """#

    func plan() throws -> TrackingPlan {
        try TrackingPlan(json: JSONValue.parse(Self.planText), file: "plan.json")
    }

    @Test func singleFilePlanExposesEvents() throws {
        let plan = try plan()
        #expect(plan.eventNames == ["AddToCart", "Search"])
        #expect(plan.common != nil)
        #expect(plan.schema(forEvent: "Checkout") == nil)
        let byBytes = Array("Search".utf8).withUnsafeBytes { plan.schema(forEvent: $0) }
        #expect(byBytes != nil)
    }

    @Test func violationsCarryPlanPaths() throws {
        let schema = try #require(try plan().schema(forEvent: "AddToCart"))
        let found = try violations(schema, #"{"product_id": "X9", "quantity": 1.0}"#)
        #expect(
            found == [
                SchemaViolation(
                    keyword: "required", instancePath: "", schemaPath: "#/events/AddToCart/required",
                    message: "'price' is required"),
                SchemaViolation(
                    keyword: "pattern", instancePath: "/product_id", schemaPath: "#/$defs/itemId/pattern",
                    message: "string does not match pattern '^P[0-9]+$'"),
            ])
        let typed = try violations(schema, #"{"product_id": "P1", "price": "9.99"}"#)
        #expect(typed.map(\.schemaPath) == ["#/events/AddToCart/properties/price/type"])
        #expect(typed.map(\.message) == ["expected number, got string"])
    }

    @Test func validateAppliesCommonAndEvent() throws {
        let plan = try plan()
        var found: [SchemaViolation] = []
        let properties = try JSONValue.parse(#"{"query": ""}"#)
        #expect(plan.validate(properties: properties, forEvent: "Search", into: &found) == false)
        #expect(found.map(\.schemaPath) == ["#/common/required", "#/events/Search/properties/query/minLength"])
        #expect(plan.validate(properties: properties, forEvent: "Nope", into: &found) == nil)
    }

    /// Common and event schemas that both have `required` and `properties` are checked in one walk
    /// over the members; the violations must be those of validating one after the other, in order.
    @Test(arguments: [
        #"{"sku": "P1", "lib": "iOS", "qty": 2}"#,
        #"{"qty": "two", "lib": 7}"#,
        #"{"sku": 5, "sku": "P2", "lib": "iOS"}"#,
        #"{"lib": "Android", "qty": 2.5, "extra": true}"#,
        #"{}"#,
        #"[1, 2]"#,
    ])
    func combinedWalkMatchesOneSchemaAfterTheOther(_ text: String) throws {
        let plan = try TrackingPlan(
            json: JSONValue.parse(
                #"""
                {
                  "common": {"required": ["lib", "lib"], "properties": {"lib": {"const": "iOS"}}},
                  "events": {"Buy": {"type": "object", "required": ["sku", "qty"],
                                     "properties": {"sku": {"type": "string"}, "qty": {"type": "integer", "minimum": 1}}}}
                }
                """#))
        let common = try #require(plan.common)
        let event = try #require(plan.schema(forEvent: "Buy"))
        let properties = try JSONValue.parse(text)
        var separately: [SchemaViolation] = []
        let separateValid = [
            common.validate(properties, into: &separately), event.validate(properties, into: &separately),
        ]
        var combined: [SchemaViolation] = []
        let combinedValid = common.validate(properties, thenAgainst: event, into: &combined)
        #expect(combined == separately)
        #expect(combinedValid == !separateValid.contains(false))
    }

    @Test func typoIsRefusedWithPlanLocation() throws {
        let text = Self.planText.replacingOccurrences(of: #""minimum": 0"#, with: #""minimumm": 0"#)
        #expect(
            throws: TrackingPlanError(
                .schema(
                    SchemaError(
                        .unknownKeyword("minimumm"),
                        at: "#/events/AddToCart/properties/price/minimumm")),
                file: "plan.json")
        ) {
            try TrackingPlan(json: JSONValue.parse(text), file: "plan.json")
        }
    }

    @Test func patternNeedingBacktrackingIsRefusedWithPlanLocation() throws {
        let text = Self.planText.replacingOccurrences(of: #""minLength": 1"#, with: #""pattern": "^(?=x)""#)
        let error = try #require(throws: TrackingPlanError.self) {
            try TrackingPlan(json: JSONValue.parse(text), file: "plan.json")
        }
        #expect(error.location == "#/events/Search/properties/query/pattern")
        #expect(
            error.description.hasPrefix(
                "plan.json: unsupported regular expression '^(?=x)' at "
                    + "#/events/Search/properties/query/pattern: lookahead '(?=' at offset 1 needs a backtracking engine"
            ))
    }

    @Test(arguments: [
        (#"{"patternProperties": {"^(a)\\1$": true}}"#, #"#/events/E/patternProperties/^(a)\1$"#, "backreference"),
        (#"{"properties": {"p": {"pattern": "(?<!x)y"}}}"#, "#/events/E/properties/p/pattern", "negative lookbehind"),
        (#"{"properties": {"p": {"pattern": "[0-9]{100000}"}}}"#, "#/events/E/properties/p/pattern", "more than"),
        (#"{"properties": {"p": {"pattern": "\\p{Script=Greek}"}}}"#, "#/events/E/properties/p/pattern", "script"),
    ])
    func refusedPatternsNameTheirLocation(schema: String, location: String, reason: String) throws {
        let text = #"{"events": {"E": "# + schema + "}}"
        let error = try #require(throws: TrackingPlanError.self) {
            try TrackingPlan(json: JSONValue.parse(text), file: "p.json")
        }
        #expect(error.location == location)
        #expect(error.description.contains("unsupported regular expression"), "\(error)")
        #expect(error.description.contains(reason), "\(error)")
    }

    @Test func draft7PlanUsesDraft7Keywords() throws {
        let text = #"""
            {"$schema": "http://json-schema.org/draft-07/schema#",
             "events": {"E": {"dependencies": {"a": ["b"]}, "$ref": "#/definitions/obj"}},
             "definitions": {"obj": {"type": "object"}}}
            """#
        let plan = try TrackingPlan(json: JSONValue.parse(text))
        let schema = try #require(plan.schema(forEvent: "E"))
        #expect(try schema.isValid(JSONValue.parse(#"{"a": 1}"#)))
        #expect(!schema.isValid(JSONValue.integer(1)))
    }

    @Test func malformedPlansAreRejected() throws {
        #expect(throws: TrackingPlanError(.invalidPlan("'events' must be an object of event schemas"), file: "p.json"))
        {
            try TrackingPlan(json: JSONValue.parse(#"{"events": []}"#), file: "p.json")
        }
        #expect(throws: TrackingPlanError(.invalidPlan("unknown top-level member 'event'"), file: "p.json")) {
            try TrackingPlan(json: JSONValue.parse(#"{"event": {}, "events": {}}"#), file: "p.json")
        }
        #expect(
            throws: TrackingPlanError(
                .invalidPlan("$schema must name draft 2020-12, 2019-09 or draft-07"), file: "p.json")
        ) {
            try TrackingPlan(
                json: JSONValue.parse(#"{"$schema": "http://json-schema.org/draft-04/schema#", "events": {}}"#),
                file: "p.json")
        }
    }

    /// The files of a directory plan, parsed, as the core's loader hands them over.
    private func documents(_ files: [(String, String)]) throws -> [(name: String, file: String, json: JSONValue)] {
        try files.map { ($0.0, "/plans/shop/" + $0.0, try JSONValue.parse($0.1)) }
    }

    @Test func directoryPlanCompilesOneDocumentPerEvent() throws {
        let files = [
            (
                "AddToCart.json",
                #"{"type": "object", "required": ["sku"], "properties": {"sku": {"$ref": "defs.json#/$defs/sku"}}}"#
            ),
            ("common.json", #"{"type": "object"}"#),
            ("defs.json", #"{"$defs": {"sku": {"type": "string", "pattern": "^S"}}}"#),
        ]
        let plan = try TrackingPlan(documents: documents(files), directory: "/plans/shop")
        #expect(plan.eventNames == ["AddToCart", "defs"])
        #expect(plan.common != nil)
        let schema = try #require(plan.schema(forEvent: "AddToCart"))
        let found = try violations(schema, #"{"sku": "X"}"#)
        #expect(found.map(\.instancePath) == ["/sku"])
        #expect(found.first?.schemaPath.hasSuffix("defs.json#/$defs/sku/pattern") == true)
    }

    @Test func directoryPlanErrorsNameTheFile() throws {
        let files = [("Login.json", #"{"properties": {"method": {"enumm": ["sso"]}}}"#)]
        #expect(
            throws: TrackingPlanError(
                .schema(SchemaError(.unknownKeyword("enumm"), at: "Login.json#/properties/method/enumm")),
                file: "/plans/shop/Login.json")
        ) {
            try TrackingPlan(documents: documents(files), directory: "/plans/shop")
        }
    }

    @Test func directoryPlanWithoutEventsIsRefused() throws {
        #expect(
            throws: TrackingPlanError(
                .invalidPlan("the directory holds no <event>.json schema"), file: "/plans/shop")
        ) {
            try TrackingPlan(documents: documents([("common.json", "{}")]), directory: "/plans/shop")
        }
    }
}
