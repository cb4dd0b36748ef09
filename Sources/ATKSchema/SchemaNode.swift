/// One compiled schema object (or boolean schema): the range of its keywords.
///
/// Subschemas are referenced by index into `SchemaProgram.nodes`, so recursive
/// `$ref`s are plain indices and the tree needs no reference cycles. A node is plain
/// data; its schema path (for messages only) is `SchemaProgram.schemaPaths[index]`.
struct SchemaNode: Sendable {
    /// The node's keywords: a range of `SchemaTables.keywords`, in evaluation order
    /// (`unevaluated*` last).
    var keywords: Range<Int>
}
