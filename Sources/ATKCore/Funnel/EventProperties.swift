import ATKFunnel

/// Step filters' view of an event's `properties`: zero-copy, straight from the parsed line.
///
/// Strings are handed over decoded (raw bytes when they have no escapes), numbers and booleans as
/// their source token (`100`, `2.5`, `true`); null, objects and arrays have no text, so a filter
/// sees them as missing. A string written as a JSON number (`"129.00"`, as SDKs send prices by
/// mistake) also has a number value, so `price>=100` compares numerically either way. Valid only
/// inside the reader's callback, like the `Event` it wraps.
public struct EventProperties: FunnelPropertySource {
    private let properties: JSONNode?

    /// The properties of `event` (none when `properties` is absent or not an object).
    public init(_ event: Event) {
        properties = event.properties.flatMap { $0.kind == .object ? $0 : nil }
    }

    /// - Complexity: O(members) to find the property; no allocation unless the string has escapes.
    public func withText<Result>(_ name: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        guard let value = properties?.member(name) else { return nil }
        switch value.kind {
        case .string: return value.withUTF8(body)
        case .number, .bool: return body(value.rawBytes)
        case .null, .object, .array: return nil
        }
    }

    /// The property `name` as a number: a JSON number, or a string that holds one; nil otherwise.
    public func numberValue(_ name: String) -> Double? {
        guard let value = properties?.member(name) else { return nil }
        if value.kind == .string {
            return value.withUTF8 { Self.isJSONNumber($0) ? JSONDecoding.double($0) : nil }
        }
        return value.doubleValue
    }

    /// Whether `bytes` is a number in JSON's grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isJSONNumber(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        let n = bytes.count
        func digits() -> Int {
            let start = i
            while i < n, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
            return i - start
        }
        if i < n, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let whole = i
        guard digits() > 0, bytes[whole] != UInt8(ascii: "0") || i == whole + 1 else { return false }
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return false }
        }
        if i < n, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < n, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == n
    }
}
