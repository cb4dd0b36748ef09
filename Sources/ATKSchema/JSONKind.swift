/// The six JSON value kinds: what a `JSONInstance` reports, and what ATKCore's tape records.
public enum JSONKind: Sendable, Hashable, CustomStringConvertible {
    case null
    case bool
    case number
    case string
    case array
    case object

    /// The lowercase JSON Schema type name of this kind ("null", "boolean", ...).
    public var schemaTypeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The kind's name for messages, as JSON Schema writes it ("boolean", "object").
    public var description: String { schemaTypeName }

    /// The kind's name with its indefinite article, for messages: "an object", "a string".
    public var withArticle: String {
        switch self {
        case .object, .array: "an \(description)"
        default: "a \(description)"
        }
    }
}
