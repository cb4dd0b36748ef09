import ATKSchema
import Testing

@Suite struct UnknownKeywordTests {
    @Test func refusesATypoWithItsLocation() throws {
        let text = #"{"properties": {"price": {"type": "number", "minimumm": 0}}}"#
        #expect(throws: SchemaError(.unknownKeyword("minimumm"), at: "#/properties/price/minimumm")) {
            try compile(text)
        }
    }

    @Test func refusesTyposInUnusedDefinitionsToo() throws {
        let text = #"{"$defs": {"unused": {"typ": "string"}}}"#
        #expect(throws: SchemaError(.unknownKeyword("typ"), at: "#/$defs/unused/typ")) { try compile(text) }
    }

    @Test func refusesTheKeywordOfTheOtherDraftsDynamicReference() throws {
        let schema = JSONValue.object([("allOf", .array([.object([("$recursiveRef", .string("#"))])]))])
        #expect(throws: SchemaError(.unsupportedKeyword("$recursiveRef"), at: "#/allOf/0/$recursiveRef")) {
            try Schema.compile(schema)
        }
    }

    @Test func keywordsOfTheOtherDraftAreUnknown() throws {
        #expect(throws: SchemaError(.unknownKeyword("prefixItems"), at: "#/prefixItems")) {
            try compile(#"{"prefixItems": [true]}"#, draft: .draft7)
        }
        #expect(throws: SchemaError(.unknownKeyword("dependencies"), at: "#/dependencies")) {
            try compile(#"{"dependencies": {}}"#)
        }
    }

    @Test func annotationsAreAccepted() throws {
        let text = #"""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/e",
             "$comment": "c", "title": "t", "description": "d", "default": 1, "examples": [1],
             "deprecated": false, "readOnly": true, "writeOnly": false, "contentMediaType": "text/plain",
             "contentEncoding": "base64", "contentSchema": {}, "$vocabulary": {}, "$dynamicAnchor": "x",
             "$anchor": "y", "format": "uuid"}
            """#
        #expect(try compile(text).isValid(JSONValue.integer(3)))
    }

    @Test func ignoreModeSkipsUnknownKeywords() throws {
        let schema = try compile(
            #"{"minimumm": 0, "type": "integer"}"#,
            options: SchemaOptions(unknownKeywords: .ignore))
        #expect(schema.isValid(JSONValue.integer(-5)))
    }

    @Test func invalidKeywordValuesAreReported() throws {
        #expect(
            throws: SchemaError(
                .invalidKeywordValue(keyword: "minLength", reason: "expected a non-negative integer"),
                at: "#/properties/a/minLength")
        ) {
            try compile(#"{"properties": {"a": {"minLength": -1}}}"#)
        }
        #expect(throws: SchemaError(.unresolvableReference("#/$defs/missing"), at: "#/$ref")) {
            try compile(##"{"$ref": "#/$defs/missing"}"##)
        }
        #expect(
            throws: SchemaError(
                .invalidPattern("(unclosed", reason: "missing ')' for the group at offset 0"),
                at: "#/pattern")
        ) {
            try compile(#"{"pattern": "(unclosed"}"#)
        }
    }

    @Test func schemaPathPrefixIsConfigurable() throws {
        let schema = try compile(
            #"{"properties": {"product_id": {"pattern": "^P"}}}"#,
            options: SchemaOptions(schemaPathPrefix: "#/events/AddToCart"))
        let found = try violations(schema, #"{"product_id": "X1"}"#)
        #expect(found.map(\.schemaPath) == ["#/events/AddToCart/properties/product_id/pattern"])
        #expect(found.map(\.instancePath) == ["/product_id"])
    }

    @Test func metaschemaReferencesResolveOffline() throws {
        let meta = try compile(#"{"$ref": "https://json-schema.org/draft/2020-12/schema"}"#)
        #expect(meta.isValid(try JSONValue.parse(#"{"properties": {"a": {"type": "string"}}}"#)))
        #expect(!meta.isValid(try JSONValue.parse(#"{"properties": {"a": {"type": "strin"}}}"#)))
        let draft7 = try compile(#"{"$ref": "http://json-schema.org/draft-07/schema#"}"#, draft: .draft7)
        #expect(!draft7.isValid(try JSONValue.parse(#"{"minLength": -1}"#)))
    }
}

@Suite struct VendorAnnotationTests {
    @Test("x- keywords are annotations in refuse mode, in both drafts, and never validate")
    func vendorKeywordsAreAnnotations() throws {
        for draft in [SchemaDraft.draft2020_12, .draft7] {
            let schema = try compile(
                #"{"type": "object", "x-atk": {"count": 3, "type": "nonsense"}, "properties": {"p": {"type": "string", "x-atk": {"present": 0.5}}}}"#,
                draft: draft)
            #expect(schema.isValid(try JSONValue.parse(#"{"p": "v"}"#)))
            #expect(!schema.isValid(try JSONValue.parse(#"{"p": 1}"#)))
        }
        #expect(throws: SchemaError(.unknownKeyword("xatk"), at: "#/xatk")) { try compile(#"{"xatk": 1}"#) }
    }
}
