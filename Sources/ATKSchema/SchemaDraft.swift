/// The JSON Schema dialects the compiler understands.
public enum SchemaDraft: Sendable, Hashable {
    case draft2020_12
    case draft2019_09
    case draft7

    /// The dialect named by a `$schema` URI, or `nil` when it is not a known dialect.
    public init?(schemaURI: String) {
        var text = Substring(schemaURI)
        if text.hasSuffix("#") { text = text.dropLast() }
        switch text {
        case "https://json-schema.org/draft/2020-12/schema", "http://json-schema.org/draft/2020-12/schema":
            self = .draft2020_12
        case "https://json-schema.org/draft/2019-09/schema", "http://json-schema.org/draft/2019-09/schema":
            self = .draft2019_09
        case "http://json-schema.org/draft-07/schema", "https://json-schema.org/draft-07/schema":
            self = .draft7
        default:
            return nil
        }
    }
}
