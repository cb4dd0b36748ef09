/// One compiled schema object (or boolean schema): the range of its keywords.
///
/// Subschemas are referenced by index into `SchemaProgram.nodes`, so recursive
/// `$ref`s are plain indices and the tree needs no reference cycles. A node is plain
/// data; its schema path (for messages only) is `SchemaProgram.schemaPaths[index]`.
struct SchemaNode: Sendable {
    /// The node's keywords: a range of `SchemaTables.keywords`, in evaluation order
    /// (`unevaluated*` last).
    var keywords: Range<Int>
    /// The node's `required` keys and `properties` when it has both, at most 64 required keys, and
    /// `properties` is its only object applicator.
    ///
    /// One pass over the members then finds the required keys and validates the named members, and
    /// `properties` needs no pass of its own unless a member failed.
    var requiredWithProperties: RequiredWithProperties?
}

/// A node's `required` keys (a range of `SchemaTables.keys`) and `properties` (a
/// `SchemaTables.objects` index), checked in one pass over the members.
struct RequiredWithProperties: Sendable {
    let required: Range<Int>
    let properties: Int
}

/// What one pass over an object's members found for a `RequiredWithProperties`.
struct MemberPass {
    /// The required keys present, as bits in key order.
    var present: UInt64 = 0
    /// Whether every member named by `properties` is valid.
    var namedValid = true
}
