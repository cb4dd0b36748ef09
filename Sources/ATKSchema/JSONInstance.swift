/// A read-only view of one JSON value that the validator can walk without copying.
///
/// Conforming types are expected to be cheap to copy (a reference or an index into
/// a parsed tape), because the validator passes them by value and asks for children
/// with `element(at:)`, `forEachMember(_:)` and `member(_:)`.
///
/// Strings and object keys are exposed as decoded UTF-8 bytes (escapes resolved).
/// Accessors are only meaningful for the matching `kind`; callers check `kind` first.
public protocol JSONInstance {
    /// The kind of this value.
    var kind: JSONKind { get }
    /// The value of a `.bool`.
    var boolValue: Bool { get }
    /// The value of a `.number` as a double (may be rounded for very large integers).
    var doubleValue: Double { get }
    /// The value of a `.number` when it is exactly an integer representable as `Int64`
    /// (`1.0` and `1e2` count), otherwise `nil`.
    var int64Value: Int64? { get }
    /// Calls `body` with the decoded UTF-8 bytes of a `.string`.
    func withStringUTF8<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
    /// The number of elements of an `.array` or members of an `.object`.
    var count: Int { get }
    /// The element at `i` of an `.array` (`0 <= i < count`).
    func element(at i: Int) -> Self
    /// Calls `body` with each member (decoded key UTF-8, value) of an `.object`, in
    /// document order, until `body` returns `false`.
    func forEachMember(_ body: (UnsafeRawBufferPointer, Self) throws -> Bool) rethrows
    /// The value of the member whose decoded key equals `keyUTF8`, or `nil`.
    func member(_ keyUTF8: UnsafeRawBufferPointer) -> Self?
    /// Calls `body` with each member's value of an `.object`, in document order, until `body`
    /// returns `false`; for walks that know the members by position and need no key.
    func forEachMemberValue(_ body: (Self) throws -> Bool) rethrows
    /// Calls `body` with each element of an `.array` and its index, in order, until `body`
    /// returns `false`.
    func forEachElement(_ body: (Int, Self) throws -> Bool) rethrows
    /// Calls `body` with the value's JSON text as written (`"iOS"` with its quotes, `12.5`,
    /// `[1,2]`), or nil when the instance does not keep it. Equal texts are equal values, so a
    /// validator may remember by text what it has judged already.
    func withSourceText<R>(_ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R
}

extension JSONInstance {
    /// Walks `forEachMember`; conforming types can skip decoding the keys.
    public func forEachMemberValue(_ body: (Self) throws -> Bool) rethrows {
        try forEachMember { try body($1) }
    }

    /// No text: nothing is remembered by text.
    public func withSourceText<R>(_ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        try body(nil)
    }

    /// Calls `element(at:)` for each index; conforming types whose `element(at:)` is not O(1)
    /// walk their elements instead.
    public func forEachElement(_ body: (Int, Self) throws -> Bool) rethrows {
        for i in 0..<count where try !body(i, element(at: i)) { return }
    }
}
