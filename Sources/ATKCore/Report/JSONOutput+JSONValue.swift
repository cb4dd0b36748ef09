import ATKSchema

extension JSONOutput {
    /// The same JSON value for output: members in their order, integers as integers.
    public init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number, let exact): self = exact.map { .int($0) } ?? .double(number)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(JSONOutput.init))
        case .object(let members): self = .object(members.map { ($0.key, JSONOutput($0.value)) })
        }
    }
}
