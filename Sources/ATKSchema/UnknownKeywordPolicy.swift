/// What the compiler does with a keyword it does not implement.
public enum UnknownKeywordPolicy: Sendable, Hashable {
    /// Fail compilation with `SchemaError.Kind.unknownKeyword` or `.unsupportedKeyword`
    /// at the keyword's location. This is what tracking plans use, so a typo such as
    /// `minimumm` is reported instead of silently accepting everything.
    case refuse
    /// Skip unknown keywords (the JSON Schema specification's default behaviour).
    case ignore
}
