/// A JSON number limit that keeps the exact integer when there is one.
struct NumberLimit: Sendable {
    let double: Double
    let integer: Int64?

    init(_ value: JSONValue) {
        double = value.doubleValue
        integer = value.int64Value
    }

    /// Three-way comparison of `instance` (a number) with this limit.
    func compare<I: JSONInstance>(_ instance: I) -> Int {
        if let a = instance.int64Value, let b = integer {
            return a < b ? -1 : (a == b ? 0 : 1)
        }
        let a = instance.doubleValue
        return a < double ? -1 : (a == double ? 0 : 1)
    }
}
