/// A compiled keyword with everything precomputed for validation.
///
/// Plain data: lists, keys, patterns and values are indices or ranges into the program's
/// `SchemaTables`, so evaluating a keyword copies a few bytes and never retains anything.
enum SchemaKeyword: Sendable {
    case alwaysFalse
    case type(TypeSet)
    /// A `SchemaTables.valueSets` index.
    case enumeration(Int)
    /// A `SchemaTables.valueSets` index (a set of one value).
    case constant(Int)
    /// A range of `SchemaTables.keys`.
    case required(Range<Int>)
    /// A `SchemaTables.objects` index.
    case object(Int)
    case propertyNames(Int)
    case minProperties(Int)
    case maxProperties(Int)
    /// A range of `SchemaTables.dependentRequired`; `draft7` reports `dependencies`.
    case dependentRequired(Range<Int>, draft7: Bool)
    /// A range of `SchemaTables.dependentSchemas`.
    case dependentSchemas(Range<Int>)
    case items(ArrayApplicators)
    case contains(node: Int, min: Int, max: Int?)
    case minItems(Int)
    case maxItems(Int)
    case uniqueItems
    case minLength(Int)
    case maxLength(Int)
    /// A `SchemaTables.patterns` index.
    case pattern(Int)
    case format(FormatKind)
    case minimum(NumberLimit)
    case maximum(NumberLimit)
    case exclusiveMinimum(NumberLimit)
    case exclusiveMaximum(NumberLimit)
    case multipleOf(DecimalMultiple)
    /// Ranges of `SchemaTables.nodeLists`.
    case allOf(Range<Int>)
    case anyOf(Range<Int>)
    case oneOf(Range<Int>)
    case not(Int)
    case conditional(if: Int, then: Int?, else: Int?)
    case ref(Int)
    /// `$dynamicRef`: the node it resolves to statically, and the `SchemaTables.dynamicNames` index of the
    /// `$dynamicAnchor` that target carries (`nil`: it carries none, so the keyword is a plain `$ref`).
    case dynamicRef(target: Int, anchor: Int?)
    case unevaluatedProperties(Int)
    case unevaluatedItems(Int)
}
