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
        var sink = SchemaProgram.Sink(collecting: true)
        let valid = program.validate(root, instance, nil, &sink, depth: 0)
        violations.append(contentsOf: sink.violations)
        return valid
    }
}
