extension Int64 {
    /// `self + other`, or the nearest bound (`Int64.min`, `Int64.max`) when the sum does not fit.
    ///
    /// Times and spans come from data and options: `+` would trap on a sum past 64 bits.
    @inline(__always)
    func addingClamped(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other < 0 ? .min : .max) : sum
    }

    /// `self - other`, or the nearest bound when the difference does not fit.
    @inline(__always)
    func subtractingClamped(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }

    /// The exact distance between `self` and `other`: it always fits in a `UInt64`, while the
    /// difference of two times from data (`-9223372036854775808` and `1788248827115`) need not
    /// fit in an `Int64`.
    @inline(__always)
    func distance(from other: Int64) -> UInt64 {
        self >= other ? UInt64(bitPattern: self &- other) : UInt64(bitPattern: other &- self)
    }

    /// `value` rounded to the nearest integer, or the nearest bound when it is beyond 64 bits
    /// (±infinity included); nil for NaN.
    ///
    /// `Int64(_:)` would trap on all of these.
    init?(clampingRounded value: Double) {
        guard !value.isNaN else { return nil }
        let rounded = value.rounded()
        // 2⁶³ is the first double above Int64.max; -2⁶³ is Int64.min exactly.
        if rounded >= 0x1p63 {
            self = .max
        } else if rounded < -0x1p63 {
            self = .min
        } else {
            self = Int64(rounded)
        }
    }
}
