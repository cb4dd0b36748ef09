/// A compiled, immutable schema ready to validate any `JSONInstance`; cheap to copy and `Sendable`.
public struct CompiledSchema: Sendable {
    let program: SchemaProgram
    let root: Int

    /// Whether `instance` is valid; stops at the first failure and collects nothing.
    public func isValid<I: JSONInstance>(_ instance: I) -> Bool {
        program.isValid(root, instance, depth: 0)
    }

    /// Validates `instance`, appending every violation found to `violations`.
    ///
    /// Instance paths are JSON Pointers relative to `instance` (`/product_id`, `""` for
    /// `instance` itself). `anyOf`, `oneOf` and `not` report only their own violation.
    /// - Returns: whether the instance is valid.
    @discardableResult
    public func validate<I: JSONInstance>(_ instance: I, into violations: inout [SchemaViolation]) -> Bool {
        validate(instance, members: nil, into: &violations)
    }

    /// Validates `instance` against this schema, then against `next`: the same results, in the
    /// same order, as `validate(_:into:)` on each in turn.
    ///
    /// When both come from one compilation (a tracking plan's `common` and an event's schema)
    /// and each checks `required` and `properties`, an object's members are walked once for both.
    /// A `unevaluatedProperties` at the root of `next` counts the members this schema's keywords
    /// evaluated as evaluated (as if both were branches of one `allOf`, except that this schema failing
    /// does not take its members back), so an event can forbid the properties that neither it nor
    /// `common` declares.
    /// - Returns: whether the instance is valid against both.
    @discardableResult
    public func validate<I: JSONInstance>(
        _ instance: I, thenAgainst next: CompiledSchema,
        into violations: inout [SchemaViolation]
    ) -> Bool {
        var passes: (MemberPass?, MemberPass?) = (nil, nil)
        if program === next.program, instance.kind == .object,
            let first = program.nodes[root].requiredWithProperties,
            let second = program.nodes[next.root].requiredWithProperties
        {
            // Depth 1: the roots' keywords, where their own `required` would make these passes.
            let both = program.requiredAndNamed(first, second, instance, 1)
            passes = (both.0, both.1)
        }
        let valid = validate(instance, members: passes.0, into: &violations)
        let companion = program === next.program ? root : nil
        return next.validate(instance, members: passes.1, companion: companion, into: &violations) && valid
    }

    private func validate<I: JSONInstance>(
        _ instance: I, members: MemberPass?, companion: Int? = nil,
        into violations: inout [SchemaViolation]
    ) -> Bool {
        var sink = SchemaProgram.Sink(collecting: true, companion: companion)
        let valid = program.validate(root, instance, nil, &sink, depth: 0, members: members)
        violations.append(contentsOf: sink.violations)
        return valid
    }
}
