/// A compiled keyword with everything precomputed for validation.
enum SchemaKeyword: Sendable {
    case alwaysFalse
    case type(TypeSet)
    case enumeration([JSONValue])
    case constant(JSONValue)
    case required([PropertyKey])
    case object(ObjectApplicators)
    case propertyNames(Int)
    case minProperties(Int)
    case maxProperties(Int)
    case dependentRequired([(key: PropertyKey, required: [PropertyKey])], reportAs: String)
    case dependentSchemas([(key: PropertyKey, node: Int)], reportAs: String)
    case items(ArrayApplicators)
    case contains(node: Int, min: Int, max: Int?)
    case minItems(Int)
    case maxItems(Int)
    case uniqueItems
    case minLength(Int)
    case maxLength(Int)
    case pattern(PatternMatcher)
    case format(FormatKind)
    case minimum(NumberLimit)
    case maximum(NumberLimit)
    case exclusiveMinimum(NumberLimit)
    case exclusiveMaximum(NumberLimit)
    case multipleOf(DecimalMultiple)
    case allOf([Int])
    case anyOf([Int])
    case oneOf([Int])
    case not(Int)
    case conditional(if: Int, then: Int?, else: Int?)
    case ref(Int)
    case unevaluatedProperties(Int)
    case unevaluatedItems(Int)

    /// The JSON Schema keyword name this compiled keyword reports.
    var name: String {
        switch self {
        case .alwaysFalse: "false"
        case .type: "type"
        case .enumeration: "enum"
        case .constant: "const"
        case .required: "required"
        case .object: "properties"
        case .propertyNames: "propertyNames"
        case .minProperties: "minProperties"
        case .maxProperties: "maxProperties"
        case .dependentRequired(_, let reportAs): reportAs
        case .dependentSchemas(_, let reportAs): reportAs
        case .items: "items"
        case .contains: "contains"
        case .minItems: "minItems"
        case .maxItems: "maxItems"
        case .uniqueItems: "uniqueItems"
        case .minLength: "minLength"
        case .maxLength: "maxLength"
        case .pattern: "pattern"
        case .format: "format"
        case .minimum: "minimum"
        case .maximum: "maximum"
        case .exclusiveMinimum: "exclusiveMinimum"
        case .exclusiveMaximum: "exclusiveMaximum"
        case .multipleOf: "multipleOf"
        case .allOf: "allOf"
        case .anyOf: "anyOf"
        case .oneOf: "oneOf"
        case .not: "not"
        case .conditional: "if"
        case .ref: "$ref"
        case .unevaluatedProperties: "unevaluatedProperties"
        case .unevaluatedItems: "unevaluatedItems"
        }
    }
}
