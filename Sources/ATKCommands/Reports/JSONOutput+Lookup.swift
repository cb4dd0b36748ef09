import ATKCore

extension JSONOutput {
    /// The envelope members every command's JSON report opens with.
    static let envelopeKeys: Set<String> = ["tool", "command", "version", "schema_version"]

    /// The value at `path` (object members by name, arrays by position as text; `-1` is the
    /// last element), or nil.
    func value(at path: String...) -> JSONOutput? {
        var node = self
        for step in path {
            switch node {
            case .object(let members):
                guard let member = members.first(where: { $0.0 == step }) else { return nil }
                node = member.1
            case .array(let elements):
                guard let index = Int(step), let element = index < 0 ? elements.last : elements[safe: index] else {
                    return nil
                }
                node = element
            default: return nil
            }
        }
        return node
    }

    /// The number, for integers and doubles; nil otherwise.
    var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// A command's JSON report without its envelope: what `atk report` puts in `sections`.
    var withoutEnvelope: JSONOutput {
        guard case .object(let members) = self else { return self }
        return .object(members.filter { !Self.envelopeKeys.contains($0.0) })
    }

    /// A number, or `null` when nil.
    static func number(_ value: Double?) -> JSONOutput { value.map { .double($0) } ?? .null }
}
