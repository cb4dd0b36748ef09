/// The six JSON value kinds a `JSONInstance` can report.
public enum JSONKind: Sendable, Hashable {
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
}
