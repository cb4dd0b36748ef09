/// A `CodePointSet` stored flat in a `RegexProgram`: plain data, its ranges and properties held by
/// the program, so matching reads it without reference counting.
struct CodePointClass: Sendable {
    let asciiLow: UInt64
    let asciiHigh: UInt64
    /// Range of `RegexProgram.ranges`, sorted and disjoint.
    let ranges: Range<Int>
    /// Range of `RegexProgram.properties`.
    let properties: Range<Int>
    /// Whether a code point of U+0080 or above is a member when it is in none of the ranges and properties.
    let negated: Bool

    /// Whether `value` is a member; `ranges` and `properties` are the program's.
    ///
    /// - Complexity: O(1) for ASCII; O(log r + p) otherwise, for r ranges and p properties.
    @inline(__always)
    func contains(
        _ value: UInt32, _ ranges: UnsafeBufferPointer<ClosedRange<UInt32>>,
        _ properties: UnsafeBufferPointer<CodePointSet.PropertyTest>
    ) -> Bool {
        if value < 0x40 { return asciiLow & (1 << UInt64(value)) != 0 }
        if value < 0x80 { return asciiHigh & (1 << UInt64(value - 0x40)) != 0 }
        return containsNonASCII(value, ranges, properties)
    }

    private func containsNonASCII(
        _ value: UInt32, _ allRanges: UnsafeBufferPointer<ClosedRange<UInt32>>,
        _ allProperties: UnsafeBufferPointer<CodePointSet.PropertyTest>
    ) -> Bool {
        var low = ranges.lowerBound
        var high = ranges.upperBound
        while low < high {
            let mid = (low + high) / 2
            if allRanges[mid].upperBound < value { low = mid + 1 } else { high = mid }
        }
        if low < ranges.upperBound, allRanges[low].contains(value) { return !negated }
        for index in properties {
            let test = allProperties[index]
            if test.property.test(value) != test.inverted { return !negated }
        }
        return negated
    }
}
