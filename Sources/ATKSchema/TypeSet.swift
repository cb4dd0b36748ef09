/// The JSON Schema types a `type` keyword admits, as a bit set.
struct TypeSet: OptionSet, Sendable {
    let rawValue: UInt8
    static let null = TypeSet(rawValue: 1)
    static let boolean = TypeSet(rawValue: 2)
    static let number = TypeSet(rawValue: 4)
    static let integer = TypeSet(rawValue: 8)
    static let string = TypeSet(rawValue: 16)
    static let array = TypeSet(rawValue: 32)
    static let object = TypeSet(rawValue: 64)

    /// The type set named by a JSON Schema type name, or `nil` for an unknown name.
    init?(name: String) {
        switch name {
        case "null": self = .null
        case "boolean": self = .boolean
        case "number": self = .number
        case "integer": self = .integer
        case "string": self = .string
        case "array": self = .array
        case "object": self = .object
        default: return nil
        }
    }

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The admitted type names joined by " or ", for messages.
    var names: String {
        let all: [(TypeSet, String)] = [
            (.null, "null"), (.boolean, "boolean"), (.object, "object"), (.array, "array"),
            (.number, "number"), (.integer, "integer"), (.string, "string"),
        ]
        return all.filter { contains($0.0) }.map(\.1).joined(separator: " or ")
    }
}
