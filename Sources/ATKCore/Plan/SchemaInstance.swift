import ATKSchema

/// A parsed value seen through ATKSchema's `JSONInstance`, so plans validate events straight
/// from the tape: no tree is built, nothing is copied.
public struct SchemaInstance: JSONInstance {
    let node: JSONNode

    /// The instance of `node`, valid while its line is.
    public init(_ node: JSONNode) { self.node = node }

    /// The value's JSON kind.
    public var kind: JSONKind { node.kind }

    /// The value of a boolean; false for other kinds (the schema asks only of booleans).
    public var boolValue: Bool { node.boolValue ?? false }

    /// The value of a number; NaN for other kinds (the schema asks only of numbers).
    public var doubleValue: Double { node.doubleValue ?? .nan }

    /// Exact for integer literals; `1.0` and `1e2` count as integers, as JSON Schema requires.
    public var int64Value: Int64? {
        if let exact = node.int64Value { return exact }
        guard let value = node.doubleValue, value.rounded() == value, abs(value) < 9.2e18 else { return nil }
        return Int64(value)
    }

    /// Calls `body` with a string's decoded UTF-8 bytes.
    public func withStringUTF8<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try node.withUTF8(body)
    }

    /// Calls `body` with the value as written in the line (for messages that quote it).
    public func withSourceText<R>(_ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        try body(node.sourceBytes)
    }

    /// Elements of an array, members of an object, 0 for scalars.
    public var count: Int { node.count }

    /// - Complexity: O(i): elements are walked; walks over all of them use ``forEachElement(_:)``.
    public func element(at i: Int) -> SchemaInstance {
        var iterator = node.elements.makeIterator()
        for _ in 0..<i { _ = iterator.next() }
        return SchemaInstance(iterator.next() ?? node)
    }

    /// Calls `body` with each member's decoded key and value, in order; stop by returning false.
    public func forEachMember(_ body: (UnsafeRawBufferPointer, SchemaInstance) throws -> Bool) rethrows {
        try node.forEachMember { key, value in
            try key.withUTF8 { try body($0, SchemaInstance(value)) }
        }
    }

    /// Calls `body` with each element and its index, in order; stop by returning false.
    public func forEachElement(_ body: (Int, SchemaInstance) throws -> Bool) rethrows {
        var index = 0
        for element in node.elements {
            guard try body(index, SchemaInstance(element)) else { return }
            index += 1
        }
    }

    /// Keys are not decoded (nor even looked at).
    public func forEachMemberValue(_ body: (SchemaInstance) throws -> Bool) rethrows {
        try node.forEachMember { _, value in try body(SchemaInstance(value)) }
    }

    /// The value of the member whose decoded key is `keyUTF8`; the last one if repeated.
    public func member(_ keyUTF8: UnsafeRawBufferPointer) -> SchemaInstance? {
        node.member(keyUTF8).map(SchemaInstance.init)
    }
}
