/// Settings that change how a schema is compiled and validated.
public struct SchemaOptions: Sendable, Hashable {
    /// How keywords outside the implemented set are handled.
    ///
    /// Defaults to `.refuse`.
    public var unknownKeywords: UnknownKeywordPolicy
    /// Whether `format` is asserted (date-time, date, time, email, ipv4, ipv6, uuid, uri) instead
    /// of being an annotation.
    ///
    /// Defaults to `false`; unknown formats never assert.
    public var assertFormats: Bool
    /// The text that stands for the root document in schema paths (`schemaPath` of a violation and
    /// error locations).
    ///
    /// Defaults to `"#"`, giving `#/properties/a/type`. Other documents (remote resources) are
    /// always written as `<uri>#<pointer>`.
    public var schemaPathPrefix: String

    /// Creates options; every parameter has the documented default.
    public init(
        unknownKeywords: UnknownKeywordPolicy = .refuse, assertFormats: Bool = false,
        schemaPathPrefix: String = "#"
    ) {
        self.unknownKeywords = unknownKeywords
        self.assertFormats = assertFormats
        self.schemaPathPrefix = schemaPathPrefix
    }
}
