/// The array applicators of one schema object (`prefixItems`/`items`, or draft-07
/// `items` array + `additionalItems`).
struct ArrayApplicators: Sendable {
    var prefix: [Int] = []
    var rest: Int?
    var restIsFalse = false
    /// The keyword name reported when `rest` is the `false` schema.
    var restKeyword: String
}
