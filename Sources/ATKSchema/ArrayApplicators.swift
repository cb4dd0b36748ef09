/// The array applicators of one schema object (`prefixItems`/`items`, or draft-07
/// `items` array + `additionalItems`); plain data.
struct ArrayApplicators: Sendable {
    /// A range of `SchemaTables.nodeLists`.
    var prefix: Range<Int> = 0..<0
    var rest: Int?
    var restIsFalse = false
    /// Whether `rest` came from draft-07 `additionalItems` (the keyword reported when it is `false`).
    var restIsAdditionalItems = false

    /// The keyword name reported when `rest` is the `false` schema.
    var restKeyword: String { restIsAdditionalItems ? "additionalItems" : "items" }
}
