import ATKCore
import ATKSchema

/// A `JSONValue` that also gives its JSON text (`withSourceText`), as atk's tape instances do, so
/// the suite's object tests exercise `MemberwiseSchema`'s memory of values found valid: its
/// texts are canonical (keys in order, integers without a fraction, strings escaped one way), so
/// equal texts are equal values.
struct TextedValue: JSONInstance {
    let value: JSONValue

    var kind: ATKSchema.JSONKind { value.kind }
    var boolValue: Bool { value.boolValue }
    var doubleValue: Double { value.doubleValue }
    var int64Value: Int64? { value.int64Value }
    var count: Int { value.count }

    func withStringUTF8<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try value.withStringUTF8(body)
    }

    func element(at i: Int) -> TextedValue { TextedValue(value: value.element(at: i)) }

    func forEachMember(_ body: (UnsafeRawBufferPointer, TextedValue) throws -> Bool) rethrows {
        try value.forEachMember { try body($0, TextedValue(value: $1)) }
    }

    func member(_ keyUTF8: UnsafeRawBufferPointer) -> TextedValue? {
        value.member(keyUTF8).map { TextedValue(value: $0) }
    }

    func withSourceText<R>(_ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        let text = Array(Self.text(value).utf8)
        return try text.withUnsafeBytes { try body($0) }
    }

    static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let d, let exact): exact.map { String($0) } ?? "\(d)"
        case .string(let s): quoted(s)
        case .array(let elements): "[" + elements.map(text).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.map { quoted($0.key) + ":" + text($0.value) }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ s: String) -> String {
        var out = ""
        JSONOutput.writeString(s, to: &out)
        return out
    }
}
