import ATKSchema
import Testing

/// Gives each distinct member name (by bytes) an id, as atk's key interner does.
private struct MemberNames {
    private var ids: [[UInt8]: Int32] = [:]

    mutating func ids(_ object: JSONValue) -> [Int32] {
        (object.objectValue ?? []).map { member in
            let name = Array(member.key.utf8)
            if let id = ids[name] { return id }
            ids[name] = Int32(ids.count)
            return Int32(ids.count - 1)
        }
    }
}

@Suite("MemberwiseSchema: member-by-member decisions equal full validation")
struct MemberwiseSchemaTests {
    /// The schemas at `entryPoints` of one document, compiled together (like a plan's).
    private func schemas(_ document: String, _ entryPoints: [[String]]) throws -> [CompiledSchema] {
        try Schema.compile(JSONValue.parse(document), entryPoints: entryPoints)
    }

    /// Decides each object member by member (names learned across them) and checks each
    /// decision against validating with every schema; returns the decisions.
    private func decide(
        _ schemas: [CompiledSchema], _ objects: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [Bool] {
        var memberwise = try #require(MemberwiseSchema(schemas), sourceLocation: sourceLocation)
        var names = MemberNames()
        return try objects.map { text in
            let object = try JSONValue.parse(text)
            let ids = names.ids(object)
            let decided = ids.withUnsafeBufferPointer { memberwise.isValid(object, memberIds: $0) }
            #expect(decided == schemas.allSatisfy { $0.isValid(object) }, "\(text)", sourceLocation: sourceLocation)
            return decided
        }
    }

    @Test("required and properties of two schemas (common, then the event's)")
    func requiredAndProperties() throws {
        let both = try schemas(
            #"""
            {"common": {"type": "object", "required": ["lib"], "properties": {"lib": {"const": "iOS"}}},
             "event": {"required": ["id", "price", "id"],
                       "properties": {"id": {"$ref": "#/$defs/id"}, "price": {"type": "number", "exclusiveMinimum": 0}}},
             "$defs": {"id": {"type": "string", "pattern": "^P[0-9]{4}$"}}}
            """#, [["common"], ["event"]])
        let decisions = try decide(
            both,
            [
                #"{"lib": "iOS", "id": "P0001", "price": 2, "other": [1]}"#,
                #"{"price": 2, "id": "P0001", "lib": "iOS"}"#,
                #"{"lib": "iOS", "id": "P0001"}"#,
                #"{"id": "P0001", "price": 2}"#,
                #"{"lib": "Android", "id": "P0001", "price": 2}"#,
                #"{"lib": "iOS", "id": "P1", "price": 2}"#,
                #"{"lib": "iOS", "id": "P0001", "price": 0}"#,
                #"{"lib": "iOS", "id": "P0001", "price": "2"}"#,
                #"{}"#,
            ])
        #expect(decisions == [true, true, false, false, false, false, false, false, false])
    }

    @Test("patternProperties, additionalProperties and propertyNames are decided per name")
    func perNameApplicators() throws {
        let schema = try schemas(
            #"""
            {"properties": {"a": {"type": "integer"}},
             "patternProperties": {"^x_": {"type": "string"}, "_n$": {"type": "number"}},
             "additionalProperties": false,
             "propertyNames": {"maxLength": 5}}
            """#, [[]])
        let decisions = try decide(
            schema,
            [
                #"{"a": 1, "x_b": "s", "y_n": 2}"#,
                #"{"x_n": "s"}"#,
                #"{"x_n": 2}"#,
                #"{"b": 1}"#,
                #"{"a": 1.5}"#,
                #"{"x_long": "s"}"#,
                #"{"a": 1, "x_b": "s", "y_n": 2}"#,
            ])
        #expect(decisions == [true, false, false, false, false, false, true])
    }

    @Test("additionalProperties as a schema, member counts and type")
    func additionalSchemaAndCounts() throws {
        let decisions = try decide(
            schemas(
                #"""
                {"type": ["object", "null"], "properties": {"a": true}, "additionalProperties": {"type": "boolean"},
                 "minProperties": 1, "maxProperties": 2}
                """#, [[]]),
            [
                #"{"a": "anything"}"#,
                #"{"a": 1, "b": true}"#,
                #"{"a": 1, "b": 1}"#,
                #"{}"#,
                #"{"a": 1, "b": true, "c": false}"#,
            ])
        #expect(decisions == [true, true, false, false, false])
        #expect(try decide(schemas(#"{"type": "array"}"#, [[]]), [#"{}"#]) == [false])
    }

    @Test("objects only: anything else is left to full validation")
    func nonObjects() throws {
        var memberwise = try #require(MemberwiseSchema(schemas(#"{"properties": {"a": {"type": "string"}}}"#, [[]])))
        let none: [Int32] = []
        for text in ["1", #""a""#, "[1]", "null"] {
            let value = try JSONValue.parse(text)
            #expect(none.withUnsafeBufferPointer { memberwise.isValid(value, memberIds: $0) } == false)
        }
        // Fewer ids than members: not decided.
        let object = try JSONValue.parse(#"{"a": "x", "b": 1}"#)
        let one: [Int32] = [0]
        #expect(one.withUnsafeBufferPointer { memberwise.isValid(object, memberIds: $0) } == false)
    }

    @Test(
        "roots with other keywords, or more than 64 required keys, are not decided member by member",
        arguments: [
            #"{"allOf": [{"required": ["a"]}]}"#, ##"{"$ref": "#/$defs/a", "$defs": {"a": true}}"##,
            #"{"anyOf": [true]}"#, #"{"dependentRequired": {"a": ["b"]}}"#, #"{"if": true, "then": true}"#,
            #"{"contains": {"type": "string"}}"#, "false", #"{"not": false}"#,
            "{\"required\": [" + (0..<65).map { "\"k\($0)\"" }.joined(separator: ",") + "]}",
        ])
    func ineligibleRoots(_ schema: String) throws {
        #expect(try MemberwiseSchema(schemas(schema, [[]])) == nil)
    }

    @Test("schemas of different compilations are not combined")
    func differentPrograms() throws {
        let first = try schemas(#"{"required": ["a"]}"#, [[]])
        let second = try schemas(#"{"required": ["b"]}"#, [[]])
        #expect(MemberwiseSchema(first + second) == nil)
        #expect(MemberwiseSchema([]) == nil)
    }

    @Test("every pair of members, alone and with a valid base: the same decision as full validation")
    func memberPairs() throws {
        let both = try schemas(
            #"""
            {"common": {"type": "object", "required": ["k0"], "properties": {"k0": {"type": "string"}, "k3": {"enum": [1, "a", null]}},
                        "patternProperties": {"^k[5-7]$": {"type": ["integer", "boolean"]}}, "maxProperties": 6},
             "event": {"required": ["k1", "k2"], "properties": {"k1": {"type": "integer", "minimum": 0},
                                                               "k2": {"type": "array", "items": {"type": "string"}},
                                                               "k4": {"type": "string", "maxLength": 2}},
                       "additionalProperties": {"not": {"type": "null"}}, "propertyNames": {"pattern": "^k"}}}
            """#, [["common"], ["event"]])
        let names = ["k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "x"]
        let values = ["1", "-1", "1.5", #""a""#, #""abc""#, "null", "true", "[]", #"["s"]"#, "[1]", "{}"]
        let members = names.flatMap { name in values.map { "\"\(name)\": \($0)" } }
        // Every pair of members (a repeated name: the last wins), added to nothing and to a valid
        // base, so they both keep and break validity.
        var objects: [String] = []
        for base in [[], [#""k0": "a""#, #""k1": 1"#, #""k2": ["s"]"#]] {
            for first in members.indices {
                for second in first..<members.count {
                    objects.append("{" + (base + [members[first], members[second]]).joined(separator: ", ") + "}")
                }
            }
        }
        let decisions = try decide(both, objects)
        // Both outcomes occur, so the comparison above covered each.
        #expect(decisions.contains(true) && decisions.contains(false))
    }
}
