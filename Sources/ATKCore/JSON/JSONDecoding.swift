#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decoding of numbers and comparison of byte ranges, for values on the tape.
///
/// String escapes are decoded by ATKSchema's ``JSONStringEscapes``, shared with the plan parser.
enum JSONDecoding {
    /// True when two byte ranges hold the same bytes.
    ///
    /// Up to 16 bytes (keys, names, most ids) are compared inline with two overlapping loads per
    /// side, not through a call to `memcmp`.
    @inline(__always)
    static func bytesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let n = a.count
        guard n == b.count else { return false }
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        switch n {
        case 0:
            return true
        case 1...3:
            // First, middle and last byte cover every length from 1 to 3.
            return pa.load(as: UInt8.self) == pb.load(as: UInt8.self)
                && pa.load(fromByteOffset: n >> 1, as: UInt8.self) == pb.load(fromByteOffset: n >> 1, as: UInt8.self)
                && pa.load(fromByteOffset: n - 1, as: UInt8.self) == pb.load(fromByteOffset: n - 1, as: UInt8.self)
        case 4...7:
            return pa.loadUnaligned(as: UInt32.self) == pb.loadUnaligned(as: UInt32.self)
                && pa.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
                    == pb.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
        case 8...16:
            return pa.loadUnaligned(as: UInt64.self) == pb.loadUnaligned(as: UInt64.self)
                && pa.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
                    == pb.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        default:
            return memcmp(pa, pb, n) == 0
        }
    }

    /// Parses an integer-syntax number exactly; nil when it does not fit in Int64.
    @inline(__always)
    static func int64(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        var i = 0
        let n = bytes.count
        guard n > 0 else { return nil }
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        let digits = n - i
        if digits >= 9 && digits <= 16 {
            // Times in milliseconds have 13 digits: the first eight, then the last eight with the
            // ones already read turned into zeros, each in one step.
            let first = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            let lastWord = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
            // The low bytes of the last word are the 16 - digits read already.
            let seen = (UInt64(1) << (8 * UInt64(16 - digits))) &- 1
            guard let high = eightDigits(first),
                let low = eightDigits((lastWord & ~seen) | (0x3030_3030_3030_3030 & seen))
            else { return nil }
            let value = Int64(high &* powersOfTenInt[digits - 8] &+ low)
            return negative ? -value : value
        }
        if digits <= 18 {
            // Up to 18 digits cannot overflow (10^18 - 1 < Int64.max): no checks per digit.
            var value: Int64 = 0
            while n - i >= 8 {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                guard let eight = eightDigits(word) else { return nil }
                value = value &* 100_000_000 &+ Int64(eight)
                i += 8
            }
            while i < n {
                let d = bytes[i] &- UInt8(ascii: "0")
                guard d < 10 else { return nil }
                value = value &* 10 &+ Int64(d)
                i += 1
            }
            return negative ? -value : value
        }
        // Accumulate negatively so Int64.min parses.
        var value: Int64 = 0
        while i < n {
            let d = bytes[i] &- UInt8(ascii: "0")
            guard d < 10 else { return nil }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.subtractingReportingOverflow(Int64(d))
            if o1 || o2 { return nil }
            value = s
            i += 1
        }
        if negative { return value }
        return value == Int64.min ? nil : -value
    }

    /// 10^0 to 10^8, for ``int64(_:)``'s numbers of 9 to 16 digits.
    private static let powersOfTenInt: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
    ]

    /// The value of eight ASCII digits read as a little-endian word (the first digit in the
    /// lowest byte), or nil when a byte is not a digit: pairs, then fours, then the eight are
    /// combined with three multiplications instead of eight.
    @inline(__always)
    static func eightDigits(_ word: UInt64) -> UInt64? {
        // Every byte 0x30...0x39: high nibble 3, and adding 6 carries no low nibble into it.
        let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        guard word & high == 0x3030_3030_3030_3030, (word &+ 0x0606_0606_0606_0606) & high == 0x3030_3030_3030_3030
        else { return nil }
        var v = word & 0x0F0F_0F0F_0F0F_0F0F
        v = (v &* 10 &+ (v >> 8)) & 0x00FF_00FF_00FF_00FF
        v = (v &* 100 &+ (v >> 16)) & 0x0000_FFFF_0000_FFFF
        return (v &* 10_000 &+ (v >> 32)) & 0xFFFF_FFFF
    }

    /// Parses any JSON number as a Double, correctly rounded.
    ///
    /// Numbers with at most 15 significant digits and a decimal exponent within ±22 (prices,
    /// durations: nearly every number in a dump) take Clinger's fast path: the digits and the
    /// power of ten are both exact doubles, so one IEEE multiplication or division rounds
    /// correctly. Others go to `strtod`.
    static func double(_ bytes: UnsafeRawBufferPointer) -> Double {
        fastDouble(bytes) ?? slowDouble(bytes)
    }

    /// The powers of ten from 10^0 to 10^22, every one an exact double.
    private static let powersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

    /// Clinger's fast path of ``double(_:)``; nil when the number needs `strtod`.
    @inline(__always)
    static func fastDouble(_ bytes: UnsafeRawBufferPointer) -> Double? {
        let n = bytes.count
        var i = 0
        let negative = n > 0 && bytes[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent = 0
        var digits = 0
        var inFraction = false
        while i < n {
            let byte = bytes[i]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else {
                let d = byte &- UInt8(ascii: "0")
                guard d < 10 else { break }
                digits += 1
                if mantissa != 0 || d != 0 { significant += 1 }
                guard significant <= 15 else { return nil }
                mantissa = mantissa &* 10 &+ UInt64(d)
                if inFraction { exponent -= 1 }
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        if i < n {
            // An exponent part: e/E, an optional sign, digits (the scanner checked the syntax).
            i += 1
            var sign = 1
            if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                if bytes[i] == UInt8(ascii: "-") { sign = -1 }
                i += 1
            }
            var value = 0
            guard i < n else { return nil }
            while i < n {
                let d = bytes[i] &- UInt8(ascii: "0")
                guard d < 10, value < 1000 else { return nil }
                value = value * 10 + Int(d)
                i += 1
            }
            exponent += sign * value
        }
        var result = Double(mantissa)
        if mantissa != 0 {
            guard exponent >= -22, exponent <= 22 else { return nil }
            result = exponent < 0 ? result / powersOfTen[-exponent] : result * powersOfTen[exponent]
        }
        return negative ? -result : result
    }

    /// `strtod` on a copy with a terminating NUL.
    static func slowDouble(_ bytes: UnsafeRawBufferPointer) -> Double {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
            for k in 0..<bytes.count { buffer[k] = CChar(bitPattern: bytes[k]) }
            buffer[bytes.count] = 0
            guard let start = buffer.baseAddress else { return .nan }
            return strtod(start, nil)
        }
    }
}
