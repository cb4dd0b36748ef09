/// The object applicators of one schema object, evaluated in a single pass over the members.
struct ObjectApplicators: Sendable {
    /// `properties`, sorted by UTF-8 key for binary search.
    var named: [(key: PropertyKey, node: Int)] = []
    /// `patternProperties`.
    var patterns: [(matcher: PatternMatcher, node: Int)] = []
    /// `additionalProperties`, and whether it is the `false` schema.
    var additional: Int?
    var additionalIsFalse = false

    /// The `properties` subschema for `key`, if any.
    func namedNode(for key: UnsafeRawBufferPointer) -> Int? {
        var low = 0
        var high = named.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let order = named[mid].key.utf8.withUnsafeBytes { JSONEquality.compareBytes($0, key) }
            if order == 0 { return named[mid].node }
            if order < 0 { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }
}
