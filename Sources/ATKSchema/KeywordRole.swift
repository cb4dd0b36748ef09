/// How a keyword's value relates to subschemas, per dialect; `nil` means unknown keyword.
enum KeywordRole: Sendable {
    /// An assertion or annotation with no subschemas.
    case plain
    /// The value is one schema.
    case schema
    /// The value is an array of schemas.
    case schemaArray
    /// The value is an object whose member values are schemas.
    case schemaMap
    /// draft-07 `items`: a schema or an array of schemas.
    case schemaOrArray
    /// draft-07 `dependencies`: member values are schemas or string arrays.
    case dependencies
    /// A real keyword this engine does not implement in refuse mode.
    case unsupported

    private static let common: [String: KeywordRole] = [
        "type": .plain, "enum": .plain, "const": .plain, "required": .plain,
        "properties": .schemaMap, "additionalProperties": .schema, "patternProperties": .schemaMap,
        "propertyNames": .schema, "contains": .schema, "minItems": .plain, "maxItems": .plain,
        "uniqueItems": .plain, "minLength": .plain, "maxLength": .plain, "pattern": .plain,
        "minimum": .plain, "maximum": .plain, "exclusiveMinimum": .plain, "exclusiveMaximum": .plain,
        "multipleOf": .plain, "minProperties": .plain, "maxProperties": .plain,
        "allOf": .schemaArray, "anyOf": .schemaArray, "oneOf": .schemaArray, "not": .schema,
        "if": .schema, "then": .schema, "else": .schema,
        "$ref": .plain, "$defs": .schemaMap, "definitions": .schemaMap, "$id": .plain, "$schema": .plain,
        "$comment": .plain, "title": .plain, "description": .plain, "default": .plain, "examples": .plain,
        "readOnly": .plain, "writeOnly": .plain, "contentMediaType": .plain, "contentEncoding": .plain,
        "format": .plain,
    ]

    private static let draft2020: [String: KeywordRole] = common.merging([
        "items": .schema, "prefixItems": .schemaArray, "minContains": .plain, "maxContains": .plain,
        "dependentRequired": .plain, "dependentSchemas": .schemaMap, "$anchor": .plain,
        "$dynamicAnchor": .plain, "$vocabulary": .plain, "deprecated": .plain, "contentSchema": .schema,
        "unevaluatedProperties": .schema, "unevaluatedItems": .schema, "$dynamicRef": .plain,
        "$recursiveRef": .unsupported,
    ]) { $1 }

    private static let draft2019: [String: KeywordRole] = common.merging([
        "items": .schemaOrArray, "additionalItems": .schema, "minContains": .plain, "maxContains": .plain,
        "dependentRequired": .plain, "dependentSchemas": .schemaMap, "$anchor": .plain,
        "$recursiveAnchor": .plain, "$recursiveRef": .plain, "$vocabulary": .plain, "deprecated": .plain,
        "contentSchema": .schema, "unevaluatedProperties": .schema, "unevaluatedItems": .schema,
    ]) { $1 }

    private static let draft7: [String: KeywordRole] = common.merging([
        "items": .schemaOrArray, "additionalItems": .schema, "dependencies": .dependencies,
    ]) { $1 }

    /// The role of `keyword` in `draft`, or `nil` when the dialect does not define it.
    ///
    /// Keywords starting with `x-` are vendor annotations (the OpenAPI convention; atk's
    /// inferred plans carry `x-atk`): accepted and never validated, in every mode.
    static func of(_ keyword: String, in draft: SchemaDraft) -> KeywordRole? {
        if keyword.hasPrefix("x-") { return .plain }
        switch draft {
        case .draft2020_12: return draft2020[keyword]
        case .draft2019_09: return draft2019[keyword]
        case .draft7: return draft7[keyword]
        }
    }
}
