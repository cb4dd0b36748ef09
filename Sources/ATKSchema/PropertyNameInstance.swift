/// An object key presented as a string instance, so `propertyNames` can validate it.
///
/// It is only ever a `.string`; the container accessors return neutral values.
struct PropertyNameInstance: JSONInstance {
    let utf8: UnsafeRawBufferPointer

    var kind: JSONKind { .string }
    var boolValue: Bool { false }
    var doubleValue: Double { 0 }
    var int64Value: Int64? { nil }
    var count: Int { 0 }

    func withStringUTF8<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(utf8)
    }

    /// Never called for a string; returns the key itself.
    func element(at i: Int) -> PropertyNameInstance { self }

    func forEachMember(_ body: (UnsafeRawBufferPointer, PropertyNameInstance) throws -> Bool) rethrows {}

    func member(_ keyUTF8: UnsafeRawBufferPointer) -> PropertyNameInstance? { nil }
}
