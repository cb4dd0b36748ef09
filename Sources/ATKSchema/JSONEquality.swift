/// JSON Schema equality between any two `JSONInstance` values.
///
/// Numbers compare mathematically (`1 == 1.0`), booleans never equal numbers, arrays
/// compare element-wise and objects compare as unordered key sets with equal values.
/// It does not allocate.
enum JSONEquality {
    /// Whether `a` and `b` are equal JSON values.
    static func equal<A: JSONInstance, B: JSONInstance>(_ a: A, _ b: B) -> Bool {
        let kind = a.kind
        guard kind == b.kind else { return false }
        switch kind {
        case .null:
            return true
        case .bool:
            return a.boolValue == b.boolValue
        case .number:
            return numbersEqual(a, b)
        case .string:
            return a.withStringUTF8 { x in b.withStringUTF8 { y in bytesEqual(x, y) } }
        case .array:
            let n = a.count
            guard n == b.count else { return false }
            for i in 0..<n where !equal(a.element(at: i), b.element(at: i)) {
                return false
            }
            return true
        case .object:
            guard a.count == b.count else { return false }
            var same = true
            a.forEachMember { key, value in
                guard let other = b.member(key), equal(value, other) else {
                    same = false
                    return false
                }
                return true
            }
            return same
        }
    }

    /// Whether two numbers are mathematically equal.
    static func numbersEqual<A: JSONInstance, B: JSONInstance>(_ a: A, _ b: B) -> Bool {
        if let x = a.int64Value, let y = b.int64Value { return x == y }
        return a.doubleValue == b.doubleValue
    }

    /// Byte-wise equality of two buffers.
    static func bytesEqual(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Bool {
        guard x.count == y.count else { return false }
        for i in 0..<x.count where x[i] != y[i] {
            return false
        }
        return true
    }

    /// Three-way byte-wise comparison, for binary search over sorted keys.
    static func compareBytes(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Int {
        let n = min(x.count, y.count)
        for i in 0..<n where x[i] != y[i] {
            return x[i] < y[i] ? -1 : 1
        }
        return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
    }
}
