/// A set of code points as the parser builds it: a character class, an escape such as `\d`, `\p{L}`, or `.`.
///
/// ASCII membership is a 128-bit map, decided while building (class negation included). Other code
/// points are members by range or by Unicode property, and a negated class flips that answer.
/// `RegexProgram` stores the sets flat, as `CodePointClass`es, for matching.
struct CodePointSet: Sendable, Hashable {
    /// A `\p{...}` (or, `inverted`, `\P{...}`) inside the set.
    struct PropertyTest: Sendable, Hashable {
        let property: UnicodeProperty
        let inverted: Bool
    }

    /// Members U+0000 to U+003F, bit n for U+n.
    private(set) var asciiLow: UInt64 = 0
    /// Members U+0040 to U+007F, bit n for U+(40+n).
    private(set) var asciiHigh: UInt64 = 0
    /// Non-ASCII members, sorted and disjoint once `normalized()`.
    private(set) var ranges: [ClosedRange<UInt32>] = []
    /// Non-ASCII members by property.
    private(set) var properties: [PropertyTest] = []
    /// Whether the non-ASCII part is the complement of `ranges` and `properties`.
    private(set) var negated = false

    /// The empty set.
    init() {}

    /// The set of one code point.
    init(_ value: UInt32) {
        insert(value...value)
    }

    // MARK: - Building

    /// Adds the code points of `range`.
    mutating func insert(_ range: ClosedRange<UInt32>) {
        var value = range.lowerBound
        while value < 0x80, value <= range.upperBound {
            if value < 0x40 { asciiLow |= 1 << UInt64(value) } else { asciiHigh |= 1 << UInt64(value - 0x40) }
            value += 1
        }
        if range.upperBound >= 0x80 { ranges.append(max(range.lowerBound, 0x80)...range.upperBound) }
    }

    /// Adds the code points with (or, `inverted`, without) `property`.
    mutating func insert(_ property: UnicodeProperty, inverted: Bool) {
        for value in UInt32(0)..<0x80 where property.test(value) != inverted { insert(value...value) }
        properties.append(PropertyTest(property: property, inverted: inverted))
    }

    /// Adds every member of `other`, which must not be negated.
    mutating func formUnion(_ other: CodePointSet) {
        asciiLow |= other.asciiLow
        asciiHigh |= other.asciiHigh
        ranges += other.ranges
        properties += other.properties
    }

    /// Replaces the set with its complement.
    mutating func negate() {
        asciiLow = ~asciiLow
        asciiHigh = ~asciiHigh
        negated.toggle()
    }

    /// The set with `ranges` sorted and merged, ready for binary search.
    func normalized() -> CodePointSet {
        var copy = self
        var merged: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        copy.ranges = merged
        return copy
    }

    /// The single code point the set holds, when it holds exactly one and nothing by property.
    var singleCodePoint: UInt32? {
        guard !negated, properties.isEmpty else { return nil }
        let asciiCount = asciiLow.nonzeroBitCount + asciiHigh.nonzeroBitCount
        if asciiCount == 1, ranges.isEmpty {
            return asciiLow != 0 ? UInt32(asciiLow.trailingZeroBitCount) : UInt32(0x40 + asciiHigh.trailingZeroBitCount)
        }
        if asciiCount == 0, ranges.count == 1, ranges[0].lowerBound == ranges[0].upperBound {
            return ranges[0].lowerBound
        }
        return nil
    }

    /// Whether the set may hold a code point of U+0080 or above.
    var mayContainNonASCII: Bool {
        negated || !ranges.isEmpty || !properties.isEmpty
    }

    // MARK: - ECMA-262 escapes

    /// `\d`: ASCII digits.
    static let digits: CodePointSet = {
        var set = CodePointSet()
        set.insert(0x30...0x39)
        return set
    }()

    /// `\w`: ASCII letters, digits and `_`.
    static let wordCharacters: CodePointSet = {
        var set = digits
        set.insert(0x41...0x5A)
        set.insert(0x61...0x7A)
        set.insert(0x5F...0x5F)
        return set
    }()

    /// `\s`: ECMA-262 WhiteSpace (with U+FEFF and the Space_Separator code points) and LineTerminator.
    static let whiteSpace: CodePointSet = {
        var set = CodePointSet()
        let members: [ClosedRange<UInt32>] = [
            0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
            0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
        ]
        for range in members { set.insert(range) }
        return set
    }()

    /// `.`: every code point except the line terminators U+000A, U+000D, U+2028 and U+2029.
    static let dot: CodePointSet = {
        var set = CodePointSet()
        for range: ClosedRange<UInt32> in [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029] { set.insert(range) }
        set.negate()
        return set
    }()

    /// The complement of `set` (which holds nothing by property and is not negated) as a member of a
    /// class, as `\D`, `\W`, `\S` are: unlike `negate()`, the result is not negated, so `formUnion` can
    /// merge it into a class that may be.
    static func complement(of set: CodePointSet) -> CodePointSet {
        var result = CodePointSet()
        result.asciiLow = ~set.asciiLow
        result.asciiHigh = ~set.asciiHigh
        var next: UInt32 = 0x80
        for range in set.normalized().ranges {
            if range.lowerBound > next { result.ranges.append(next...(range.lowerBound - 1)) }
            next = range.upperBound + 1
        }
        if next <= 0x10FFFF { result.ranges.append(next...0x10FFFF) }
        return result
    }
}
