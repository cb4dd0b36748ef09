/// One compiled schema object (or boolean schema): its location and its keywords.
///
/// Subschemas are referenced by index into `SchemaProgram.nodes`, so recursive
/// `$ref`s are plain indices and the tree needs no reference cycles.
struct SchemaNode: Sendable {
    /// Schema path of this schema object, e.g. `#/properties/a`.
    var schemaPath: String
    /// The keywords to evaluate, in evaluation order (`unevaluated*` last).
    var keywords: [SchemaKeyword]
}
