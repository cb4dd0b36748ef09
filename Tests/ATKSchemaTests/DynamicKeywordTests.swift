import Testing

@testable import ATKSchema

/// The dynamic keywords where atk's own choices matter.
///
/// Tracking plans (refuse mode) accept `unevaluatedProperties`, `unevaluatedItems`, `$dynamicRef`
/// and draft 2019-09's `$recursiveRef`, and an event's `unevaluatedProperties` sees what the plan's
/// `common` declares. The JSON-Schema-Test-Suite (`make conformance`) covers the rest.
@Suite struct DynamicKeywordTests {
    static let planText = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "common": {"type": "object", "required": ["$lib"], "properties": {"$lib": {"type": "string"}},
                     "patternProperties": {"^\\$utm_": {"type": "string"}}},
          "events": {
            "Buy": {
              "$ref": "#/$defs/priced",
              "properties": {"sku": {"type": "string"}},
              "anyOf": [
                {"properties": {"coupon": {"type": "string"}}, "required": ["coupon"]},
                {"properties": {"gift": {"type": "boolean"}}, "required": ["gift"]},
                true
              ],
              "unevaluatedProperties": false
            },
            "Tags": {"properties": {"tags": {"prefixItems": [{"const": "main"}], "unevaluatedItems": {"type": "string"}}}}
          },
          "$defs": {"priced": {"properties": {"price": {"type": "number"}}}}
        }
        """#

    func plan() throws -> TrackingPlan {
        try TrackingPlan(json: JSONValue.parse(Self.planText), file: "plan.json")
    }

    func check(_ event: String, _ properties: String) throws -> [SchemaViolation] {
        var found: [SchemaViolation] = []
        let valid = try plan().validate(properties: JSONValue.parse(properties), forEvent: event, into: &found)
        #expect(valid == found.isEmpty)
        return found
    }

    @Test func propertiesDeclaredByRefsBranchesAndCommonAreEvaluated() throws {
        #expect(
            try check("Buy", #"{"$lib": "iOS", "$utm_source": "ad", "price": 1, "sku": "P1", "coupon": "C"}"#) == [])
    }

    @Test func anUndeclaredPropertyIsReportedAtItsPath() throws {
        let found = try check("Buy", #"{"$lib": "iOS", "sku": "P1", "colour": "red"}"#)
        #expect(
            found == [
                SchemaViolation(
                    keyword: "false", instancePath: "/colour", schemaPath: "#/events/Buy/unevaluatedProperties",
                    message: "no value is allowed here")
            ])
    }

    @Test func aFailedBranchEvaluatesNothing() throws {
        // `gift` is named by the second branch, which fails (not a boolean): only `true` matched.
        let found = try check("Buy", #"{"$lib": "iOS", "gift": "yes"}"#)
        #expect(found.map(\.instancePath) == ["/gift"])
    }

    @Test func commonFailingStillDeclaresItsProperties() throws {
        // `$lib` has the wrong type: reported once, by `common`, not again as undeclared.
        let found = try check("Buy", #"{"$lib": 7, "sku": "P1"}"#)
        #expect(found.map(\.schemaPath) == ["#/common/properties/$lib/type"])
    }

    @Test func unevaluatedItemsCheckTheItemsAfterThePrefix() throws {
        #expect(try check("Tags", #"{"$lib": "web", "tags": ["main", "a", "b"]}"#) == [])
        let found = try check("Tags", #"{"$lib": "web", "tags": ["main", "a", 3]}"#)
        #expect(found.map(\.instancePath) == ["/tags/2"])
        #expect(found.map(\.schemaPath) == ["#/events/Tags/properties/tags/unevaluatedItems/type"])
    }

    @Test func dynamicRefExtendsAGenericSchemaInAPlan() throws {
        let text = #"""
            {
              "events": {
                "Cart": {"$id": "https://example.com/cart", "$ref": "list", "$defs": {"item": {"$dynamicAnchor": "item", "type": "string"}}}
              },
              "$defs": {
                "list": {"$id": "https://example.com/list", "type": "array", "items": {"$dynamicRef": "#item"},
                         "$defs": {"item": {"$dynamicAnchor": "item"}}}
              }
            }
            """#
        let plan = try TrackingPlan(json: JSONValue.parse(text), file: "plan.json")
        let cart = try #require(plan.schema(forEvent: "Cart"))
        #expect(cart.isValid(try JSONValue.parse(#"["a", "b"]"#)))
        #expect(try violations(cart, #"["a", 2]"#).map(\.instancePath) == ["/1"])
        let list = try Schema.compile(JSONValue.parse(text), entryPoints: [["$defs", "list"]])[0]
        #expect(list.isValid(try JSONValue.parse(#"["a", 2]"#)))
    }

    @Test func draft2019PlansUseRecursiveRef() throws {
        let text = #"""
            {
              "$schema": "https://json-schema.org/draft/2019-09/schema",
              "events": {"Tree": {"$ref": "#/$defs/node"}},
              "$defs": {"node": {"$id": "https://example.com/node", "$recursiveAnchor": true, "type": "object",
                                 "properties": {"children": {"type": "array", "items": {"$recursiveRef": "#"}}},
                                 "unevaluatedProperties": false}}
            }
            """#
        let plan = try TrackingPlan(json: JSONValue.parse(text), file: "plan.json")
        let tree = try #require(plan.schema(forEvent: "Tree"))
        #expect(tree.isValid(try JSONValue.parse(#"{"children": [{"children": []}]}"#)))
        #expect(try violations(tree, #"{"children": [{"name": 1}]}"#).map(\.instancePath) == ["/children/0/name"])
    }

    @Test func onlyADynamicReferenceMakesValidationKeepTheScope() throws {
        // The demo-like plan (unevaluated*, $ref, no $dynamicRef) and a plain $ref to a $dynamicAnchor
        // validate without the scope and keep their one-pass `required`/`properties`.
        #expect(try plan().schema(forEvent: "Buy")?.program.tracksScope == false)
        let plain = try compile(##"{"$ref": "#item", "$defs": {"i": {"$dynamicAnchor": "item", "type": "string"}}}"##)
        #expect(plain.program.tracksScope == false)
        let staticTarget = try compile(##"{"$dynamicRef": "#/$defs/i", "$defs": {"i": {"type": "string"}}}"##)
        #expect(staticTarget.program.tracksScope == false)
        #expect(staticTarget.isValid(JSONValue.string("a")) && !staticTarget.isValid(JSONValue.integer(1)))
        let dynamic = try compile(
            ##"{"$dynamicRef": "#item", "required": ["a"], "properties": {"a": {}}, "$defs": {"i": {"$dynamicAnchor": "item"}}}"##
        )
        #expect(dynamic.program.tracksScope == true)
        #expect(dynamic.program.nodes.allSatisfy { $0.requiredWithProperties == nil })
    }

    @Test func aMetaschemaWithoutTheValidationVocabularyTurnsItsKeywordsOff() throws {
        let metaschema = #"""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/meta",
             "$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true,
                             "https://json-schema.org/draft/2020-12/vocab/applicator": true}}
            """#
        let schema = try JSONValue.parse(
            #"{"$schema": "https://example.com/meta", "properties": {"n": {"minimum": 10}, "no": false}}"#)
        let compiled = try Schema.compile(
            schema, resources: [URI("https://example.com/meta"): JSONValue.parse(metaschema)],
            options: SchemaOptions(unknownKeywords: .ignore))
        #expect(compiled.isValid(try JSONValue.parse(#"{"n": 1}"#)))
        #expect(!compiled.isValid(try JSONValue.parse(#"{"no": 1}"#)))
    }
}
