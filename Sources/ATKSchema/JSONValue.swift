/// An in-memory JSON document that keeps member order and number exactness.
///
/// Numbers keep both their `Double` value and, when the literal denotes an integer
/// that fits `Int64` (`1`, `1.0`, `1e2`), the exact integer, so `1`, `1.0` and `true`
/// stay distinguishable from each other where JSON Schema cares. Equality (`==`) is
/// JSON Schema equality: numbers compare mathematically and object member order is
/// irrelevant.
public indirect enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number: its double value and, when it denotes an integer that fits, the exact `Int64`.
    case number(Double, exactInteger: Int64?)
    /// A string (unescaped).
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object with its members in document order.
    case object([(key: String, value: JSONValue)])

    /// Creates a number from an exact integer.
    public static func integer(_ value: Int64) -> JSONValue {
        .number(Double(value), exactInteger: value)
    }

    /// Creates a number from a double, recording the exact integer when it has one.
    public static func double(_ value: Double) -> JSONValue {
        .number(value, exactInteger: JSONValue.exactInteger(of: value))
    }

    /// The exact `Int64` a double denotes, or `nil` when it is fractional or out of range.
    static func exactInteger(of value: Double) -> Int64? {
        guard value.isFinite, value.rounded(.towardZero) == value,
            value >= -9_223_372_036_854_775_808.0, value < 9_223_372_036_854_775_808.0
        else { return nil }
        return Int64(value)
    }

    /// The member value for `key` when this is an object (last duplicate wins at parse time).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.key == key })?.value
    }

    /// The string payload, or `nil` when this is not a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The elements, or `nil` when this is not an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The ordered members, or `nil` when this is not an object.
    public var objectValue: [(key: String, value: JSONValue)]? {
        if case .object(let m) = self { return m }
        return nil
    }

    /// Parses one JSON text (RFC 8259) from UTF-8 bytes.
    public static func parse(bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        return try parser.parseDocument()
    }

    /// Parses one JSON text from a string.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }
}

extension JSONValue: Equatable {
    /// JSON Schema equality: `1 == 1.0`, object member order is ignored, `1 != true`.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        JSONEquality.equal(lhs, rhs)
    }
}

extension JSONValue: JSONInstance {
    /// The value's JSON kind.
    public var kind: JSONKind {
        switch self {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// The value of a boolean; false for other kinds.
    public var boolValue: Bool {
        if case .bool(let b) = self { return b }
        return false
    }

    /// The value of a number; 0 for other kinds.
    public var doubleValue: Double {
        if case .number(let d, _) = self { return d }
        return 0
    }

    /// The exact value of a number that is an integer within 64 bits; nil otherwise.
    public var int64Value: Int64? {
        if case .number(_, let exact) = self { return exact }
        return nil
    }

    /// Calls `body` with a string's UTF-8 bytes; empty bytes for other kinds.
    public func withStringUTF8<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        guard case .string(var s) = self else {
            return try body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        return try s.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }

    /// Elements of an array, members of an object, 0 for scalars.
    public var count: Int {
        switch self {
        case .array(let a): a.count
        case .object(let m): m.count
        default: 0
        }
    }

    /// The element at `i`; `.null` when this is not an array.
    public func element(at i: Int) -> JSONValue {
        if case .array(let a) = self { return a[i] }
        return .null
    }

    /// Calls `body` with each member's key and value, in order; stop by returning false.
    public func forEachMember(_ body: (UnsafeRawBufferPointer, JSONValue) throws -> Bool) rethrows {
        guard case .object(let members) = self else { return }
        for member in members {
            var key = member.key
            let keepGoing = try key.withUTF8 { try body(UnsafeRawBufferPointer($0), member.value) }
            if !keepGoing { return }
        }
    }

    /// The value of the member whose key is `keyUTF8`.
    public func member(_ keyUTF8: UnsafeRawBufferPointer) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        for member in members where member.key.utf8.elementsEqual(keyUTF8) {
            return member.value
        }
        return nil
    }
}
