import ATKFunnel

/// Step filters' view of an event's `properties`: zero-copy, straight from the parsed line.
///
/// Strings are handed over decoded (raw bytes when they have no escapes), numbers and booleans as
/// their source token (`100`, `2.5`, `true`); null, objects and arrays have no text, so a filter
/// sees them as missing. Valid only inside the reader's callback, like the `Event` it wraps.
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

    public func numberValue(_ name: String) -> Double? {
        properties?.member(name)?.doubleValue
    }
}
