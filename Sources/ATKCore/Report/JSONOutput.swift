/// A JSON value built for output, with object members in the order they were given, so reports
/// are byte-for-byte stable.
public indirect enum JSONOutput: Sendable, Equatable {
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    case null

    /// Whether the two serialize to the same text: member order matters, `1` and `1.0` differ.
    public static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// An integer.
    public static func int(_ value: Int) -> JSONOutput { .int(Int64(value)) }

    /// A string, or `null` when nil.
    public static func string(_ value: String?) -> JSONOutput { value.map { .string($0) } ?? .null }

    /// An integer, or `null` when nil.
    public static func int(_ value: Int64?) -> JSONOutput { value.map { .int($0) } ?? .null }

    /// A double, or `null` for nil.
    public static func double(_ value: Double?) -> JSONOutput { value.map { .double($0) } ?? .null }

    /// An object with `member` added at the end (other values are returned unchanged).
    public func appending(_ member: (String, JSONOutput)) -> JSONOutput {
        guard case .object(let members) = self else { return self }
        return .object(members + [member])
    }

    /// The value as JSON text: `indent` spaces per level, or one line when 0; `level` is the
    /// depth it is written at (for a value written inside another one, piece by piece).
    public func serialized(indent: Int = 0, level: Int = 0) -> String {
        var out = ""
        write(to: &out, indent: indent, level: level)
        return out
    }

    private func write(to out: inout String, indent: Int, level: Int) {
        switch self {
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            // An object of scalars (a table row) stays on one line.
            let flat = members.allSatisfy { $0.1.isScalar }
            out += "{"
            for (k, (key, value)) in members.enumerated() {
                if k > 0 { out += flat && indent > 0 ? ", " : "," }
                if !flat { newline(&out, indent, level + 1) }
                Self.writeString(key, to: &out)
                out += indent > 0 ? ": " : ":"
                value.write(to: &out, indent: indent, level: level + 1)
            }
            if !flat { newline(&out, indent, level) }
            out += "}"
        case .array(let elements):
            if elements.isEmpty { out += "[]"; return }
            let scalars = elements.allSatisfy(\.isScalar)
            out += "["
            for (k, value) in elements.enumerated() {
                if k > 0 { out += scalars && indent > 0 ? ", " : "," }
                if !scalars { newline(&out, indent, level + 1) }
                value.write(to: &out, indent: indent, level: level + 1)
            }
            if !scalars { newline(&out, indent, level) }
            out += "]"
        case .string(let value): Self.writeString(value, to: &out)
        case .int(let value): out += String(value)
        case .double(let value):
            if value.isFinite {
                out += value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) + ".0" : "\(value)"
            } else {
                out += "null"
            }
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        }
    }

    /// True for strings, numbers, booleans and null.
    var isScalar: Bool {
        switch self {
        case .object, .array: false
        default: true
        }
    }

    private func newline(_ out: inout String, _ indent: Int, _ level: Int) {
        guard indent > 0 else { return }
        out += "\n"
        out += String(repeating: " ", count: indent * level)
    }

    /// Writes `value` as a JSON string literal.
    public static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
