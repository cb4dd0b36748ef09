import ATKSchema
import Testing

/// Compiles `schema` (JSON text) in refuse mode.
func compile(
    _ schema: String, draft: SchemaDraft = .draft2020_12,
    options: SchemaOptions = SchemaOptions()
) throws -> CompiledSchema {
    try Schema.compile(JSONValue.parse(schema), draft: draft, options: options)
}

/// The violations of `instance` (JSON text) against `schema`.
func violations(_ schema: CompiledSchema, _ instance: String) throws -> [SchemaViolation] {
    var found: [SchemaViolation] = []
    let valid = schema.validate(try JSONValue.parse(instance), into: &found)
    #expect(valid == found.isEmpty)
    #expect(schema.isValid(try JSONValue.parse(instance)) == valid)
    return found
}

@Suite struct SchemaValidationTests {
    @Test func requiredReportsEachMissingProperty() throws {
        let schema = try compile(#"{"type": "object", "required": ["price", "currency", "sku"]}"#)
        let found = try violations(schema, #"{"sku": "A1"}"#)
        #expect(found.map(\.keyword) == ["required", "required"])
        #expect(found.map(\.message) == ["'price' is required", "'currency' is required"])
        #expect(found.allSatisfy { $0.instancePath == "" && $0.schemaPath == "#/required" })
    }

    @Test func integerAcceptsIntegralNumbers() throws {
        let schema = try compile(#"{"type": "integer"}"#)
        #expect(try violations(schema, "1").isEmpty)
        #expect(try violations(schema, "1.0").isEmpty)
        #expect(try violations(schema, "-1e3").isEmpty)
        let found = try violations(schema, "1.5")
        #expect(found.map(\.message) == ["expected integer, got number"])
        #expect(try violations(schema, "true").map(\.message) == ["expected integer, got boolean"])
        #expect(try violations(schema, #""1""#).map(\.message) == ["expected integer, got string"])
    }

    @Test func typeListsAndNumberTypes() throws {
        let schema = try compile(#"{"type": ["number", "null"]}"#)
        #expect(try violations(schema, "2.5").isEmpty)
        #expect(try violations(schema, "null").isEmpty)
        #expect(try violations(schema, #""x""#).map(\.message) == ["expected null or number, got string"])
    }

    @Test func enumComparesJSONValues() throws {
        let schema = try compile(#"{"enum": ["web", "ios", 1, {"a": [true]}]}"#)
        #expect(try violations(schema, #""ios""#).isEmpty)
        #expect(try violations(schema, "1.0").isEmpty)
        #expect(try violations(schema, #"{"a": [true]}"#).isEmpty)
        #expect(try violations(schema, "true").map(\.keyword) == ["enum"])
        #expect(try violations(schema, #""android""#).map(\.schemaPath) == ["#/enum"])
    }

    @Test func patternIsAnUnanchoredECMASearch() throws {
        let schema = try compile(#"{"type": "string", "pattern": "^SKU-[0-9]{4}$"}"#)
        #expect(try violations(schema, #""SKU-0042""#).isEmpty)
        #expect(try violations(schema, #""SKU-0042\n""#).map(\.keyword) == ["pattern"])
        #expect(try violations(schema, #""SKU-٠٠٤٢""#).map(\.keyword) == ["pattern"])
        let search = try compile(#"{"pattern": "b+"}"#)
        #expect(try violations(search, #""abbbc""#).isEmpty)
        #expect(try violations(search, "12").isEmpty)
    }

    @Test func nestedReferencesThroughDefs() throws {
        let schema = try compile(
            #"""
            {"type": "object",
             "properties": {"items": {"type": "array", "items": {"$ref": "#/$defs/item"}}},
             "$defs": {
               "item": {"type": "object", "required": ["id"], "properties": {"id": {"$ref": "#/$defs/itemId"}}},
               "itemId": {"type": "string", "pattern": "^[a-z]+$"}}}
            """#)
        #expect(try violations(schema, #"{"items": [{"id": "abc"}]}"#).isEmpty)
        let found = try violations(schema, #"{"items": [{"id": "abc"}, {"id": "A"}, {}]}"#)
        #expect(found.map(\.instancePath) == ["/items/1/id", "/items/2"])
        #expect(found.map(\.schemaPath) == ["#/$defs/itemId/pattern", "#/$defs/item/required"])
    }

    @Test func recursiveReferences() throws {
        let schema = try compile(
            #"""
            {"$defs": {"node": {"type": "object", "properties": {
                "value": {"type": "integer"}, "next": {"$ref": "#/$defs/node"}}}},
             "$ref": "#/$defs/node"}
            """#)
        #expect(try violations(schema, #"{"value": 1, "next": {"value": 2, "next": {}}}"#).isEmpty)
        let found = try violations(schema, #"{"next": {"next": {"value": "x"}}}"#)
        #expect(found.map(\.instancePath) == ["/next/next/value"])
    }

    @Test func resolvesAnchorsIdsAndResources() throws {
        let shared = try JSONValue.parse(#"{"$defs": {"currency": {"enum": ["EUR", "USD"]}}}"#)
        let schema = try Schema.compile(
            JSONValue.parse(
                ##"""
                {"$id": "https://plans.example/checkout.json",
                 "properties": {
                   "currency": {"$ref": "shared.json#/$defs/currency"},
                   "total": {"$ref": "#amount"},
                   "items": {"$ref": "items.json"}},
                 "$defs": {
                   "amount": {"$anchor": "amount", "type": "number"},
                   "items": {"$id": "items.json", "type": "array", "items": {"$ref": "#/$defs/item"},
                             "$defs": {"item": {"type": "string"}}}}}
                """##), resources: [URI("https://plans.example/shared.json"): shared])
        #expect(try violations(schema, #"{"currency": "EUR", "total": 1, "items": ["a"]}"#).isEmpty)
        let found = try violations(schema, #"{"currency": "GBP", "total": "1", "items": [1]}"#)
        #expect(
            found.map(\.schemaPath) == [
                "https://plans.example/shared.json#/$defs/currency/enum", "#/$defs/amount/type",
                "#/$defs/items/$defs/item/type",
            ])
    }

    @Test func draft7IdFragmentsAreAnchors() throws {
        let schema = try compile(
            ##"{"definitions": {"a": {"$id": "#int", "type": "integer"}}, "items": {"$ref": "#int"}}"##,
            draft: .draft7)
        #expect(try violations(schema, "[1, 2]").isEmpty)
        #expect(try violations(schema, "[1, 2.5]").map(\.instancePath) == ["/1"])
    }

    @Test func referenceCyclesWithoutProgressFailInsteadOfRecursingForever() throws {
        let schema = try compile(
            ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##)
        #expect(!schema.isValid(JSONValue.null))
    }

    @Test func deepInstancesAreBoundedNotCrashing() throws {
        let schema = try compile(##"{"type": "object", "properties": {"a": {"$ref": "#"}}}"##)
        func nested(_ depth: Int) throws -> JSONValue {
            try JSONValue.parse(
                String(repeating: #"{"a": "#, count: depth) + "{}" + String(repeating: "}", count: depth))
        }
        #expect(try violations(schema, "{}").isEmpty)
        #expect(schema.isValid(try nested(100)))
        var found: [SchemaViolation] = []
        #expect(!schema.validate(try nested(300), into: &found))
        #expect(found.map(\.keyword) == ["$ref"])
    }

    @Test func multipleOfHandlesDecimals() throws {
        let schema = try compile(#"{"multipleOf": 0.01}"#)
        #expect(try violations(schema, "19.99").isEmpty)
        #expect(try violations(schema, "0.075").map(\.keyword) == ["multipleOf"])
        let small = try compile(#"{"multipleOf": 0.0001}"#)
        #expect(try violations(small, "0.0075").isEmpty)
    }

    @Test func lengthCountsCodePoints() throws {
        let schema = try compile(#"{"minLength": 2, "maxLength": 3}"#)
        #expect(try violations(schema, #""😀é""#).isEmpty)
        #expect(try violations(schema, #""😀""#).map(\.message) == ["string has 1 characters, at least 2 required"])
    }

    @Test func additionalPropertiesFalseNamesTheProperty() throws {
        let schema = try compile(
            #"{"properties": {"a": {}}, "patternProperties": {"^x_": {}}, "additionalProperties": false}"#)
        #expect(try violations(schema, #"{"a": 1, "x_y": 2}"#).isEmpty)
        let found = try violations(schema, #"{"a": 1, "b": 2}"#)
        #expect(
            found == [
                SchemaViolation(
                    keyword: "additionalProperties", instancePath: "/b",
                    schemaPath: "#/additionalProperties", message: "property 'b' is not allowed")
            ])
    }

    @Test func combinatorsReportThemselves() throws {
        let schema = try compile(#"{"anyOf": [{"type": "string"}, {"type": "null"}], "not": {"const": 0}}"#)
        #expect(try violations(schema, "1").map(\.keyword) == ["anyOf"])
        let one = try compile(#"{"oneOf": [{"minimum": 0}, {"maximum": 10}]}"#)
        #expect(try violations(one, "5").map(\.message) == ["value matches more than one of the schemas"])
    }

    @Test func draft7IgnoresRefSiblingsButDraft2020AppliesThem() throws {
        let text = ##"{"definitions": {"s": {"type": "string"}}, "$ref": "#/definitions/s", "maxLength": 2}"##
        #expect(try violations(compile(text, draft: .draft7), #""abc""#).isEmpty)
        #expect(try violations(compile(text, draft: .draft2020_12), #""abc""#).map(\.keyword) == ["maxLength"])
    }

    @Test func formatAssertsOnlyWhenAsked() throws {
        let text = #"{"format": "date-time"}"#
        #expect(try violations(compile(text), #""yesterday""#).isEmpty)
        let asserting = try compile(text, options: SchemaOptions(assertFormats: true))
        #expect(try violations(asserting, #""2024-02-29T12:00:00Z""#).isEmpty)
        #expect(try violations(asserting, #""2023-02-29T12:00:00Z""#).map(\.keyword) == ["format"])
    }

    @Test func worksOverAnotherInstanceRepresentation() throws {
        let schema = try compile(#"{"type": "object", "required": ["a"], "properties": {"a": {"enum": [1, "x"]}}}"#)
        let good = TapeInstance(try JSONValue.parse(#"{"a": 1.0, "b": [true, null]}"#))
        let bad = TapeInstance(try JSONValue.parse(#"{"a": "y"}"#))
        #expect(schema.isValid(good))
        var found: [SchemaViolation] = []
        #expect(!schema.validate(bad, into: &found))
        #expect(found.map(\.instancePath) == ["/a"])
    }
}
