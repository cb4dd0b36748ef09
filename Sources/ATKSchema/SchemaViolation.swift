/// One reason an instance does not conform to a schema.
public struct SchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// The failing keyword, for example `required`, `type`, `enum`, `additionalProperties`, `pattern`.
    ///
    /// A `false` schema reports `false`; too-deep `$ref` recursion reports `$ref`.
    public let keyword: String
    /// JSON Pointer to the failing value, relative to the instance that was validated:
    /// validating an event's properties object yields `/product_id`, the root is `""`.
    public let instancePath: String
    /// JSON Pointer into the schema document, including the configured prefix.
    ///
    /// For example `#/events/AddToCart/properties/product_id/pattern` (tokens `~`/`/`-escaped,
    /// not percent-encoded). Keywords reached through `$ref` report the referenced location.
    public let schemaPath: String
    /// A short human explanation, for example `'price' is required`.
    public let message: String

    /// Creates a violation.
    public init(keyword: String, instancePath: String, schemaPath: String, message: String) {
        self.keyword = keyword
        self.instancePath = instancePath
        self.schemaPath = schemaPath
        self.message = message
    }

    /// The violation as one line: where, what, and the schema path.
    public var description: String {
        "\(instancePath.isEmpty ? "/" : instancePath): \(message) [\(schemaPath)]"
    }
}
