/// One compiled schema object (or boolean schema): the range of its keywords.
///
/// Subschemas are referenced by index into `SchemaProgram.nodes`, so recursive
/// `$ref`s are plain indices and the tree needs no reference cycles. A node is plain
/// data; its schema path (for messages only) is `SchemaProgram.schemaPaths[index]`.
struct SchemaNode: Sendable {
    /// The node's keywords: a range of `SchemaTables.keywords`, in evaluation order
    /// (`unevaluated*` last).
    var keywords: Range<Int>
    /// The `properties` (a `SchemaTables.objects` index) that `required` checks in its own pass
    /// over the members, when the node has both, at most 64 required keys, and `properties` is
    /// its only object applicator. One pass then finds the required keys and validates the
    /// named members, and `properties` needs no pass of its own unless a member failed.
    var propertiesWithRequired: Int?
}
