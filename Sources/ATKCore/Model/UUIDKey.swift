/// A string of the form the SDKs write most `distinct_id`s in, kept as its 16 bytes instead of
/// its 36 characters: `CFCD2084-95D5-65EF-66E7-DFF9F98764DA` (iOS' identifierForVendor, the
/// SDKs' anonymous ids) or the same in lower case.
///
/// The form: 36 bytes, hex digits in groups of 8, 4, 4, 4 and 12 joined by `-`, with letters
/// all upper case or all lower case. Two strings of the form are equal exactly when their
/// ``high``, ``low`` and ``isUpperCase`` are: the case of a string with letters is its one case, and a
/// string of digits alone counts as lower case (it has no letter that could differ). Any other
/// string (mixed case, braces) is not of the form and stays text. The same 32 digits without
/// hyphens (``init(hexDigits:)``) give the same key: ``CompactKey`` tells the two forms apart.
struct UUIDKey {
    /// The 32 digits' values, 4 bits each (in an order of this type's own: one key per string).
    let high: UInt64
    let low: UInt64
    /// The letters are upper case (`A`-`F`); false for lower case and for digits alone.
    let isUpperCase: Bool

    /// The key of `bytes` when they are of the form, else nil.
    ///
    /// - Complexity: O(1): five loads and word arithmetic, about 60 instructions.
    @inline(__always)
    init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 36, let base = bytes.baseAddress else { return nil }
        guard base.load(fromByteOffset: 8, as: UInt8.self) == UInt8(ascii: "-"),
            base.load(fromByteOffset: 13, as: UInt8.self) == UInt8(ascii: "-"),
            base.load(fromByteOffset: 18, as: UInt8.self) == UInt8(ascii: "-"),
            base.load(fromByteOffset: 23, as: UInt8.self) == UInt8(ascii: "-")
        else { return nil }
        // The 32 digits as four words of eight, little-endian: 0-7, 9-12 and 14-17, 19-22 and
        // 24-27, 28-35.
        func load32(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        self.init(
            digits: (
                UInt64(littleEndian: base.loadUnaligned(as: UInt64.self)),
                load32(9) | load32(14) << 32,
                load32(19) | load32(24) << 32,
                UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 28, as: UInt64.self))
            ))
    }

    /// The key of 32 hex digits without hyphens (a UUID written without them, an MD5 in hex),
    /// with the same case rule, else nil.
    ///
    /// - Complexity: O(1): four loads and word arithmetic.
    @inline(__always)
    init?(hexDigits bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 32, let base = bytes.baseAddress else { return nil }
        func load(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        self.init(digits: (load(0), load(8), load(16), load(24)))
    }

    /// The key of 32 ASCII bytes in four little-endian words when every byte is a hex digit and
    /// the letters are of one case, else nil.
    @inline(__always)
    private init?(digits words: (UInt64, UInt64, UInt64, UInt64)) {
        var lower: UInt64 = 0
        var upper: UInt64 = 0
        var valid = Self.highBits
        @inline(__always)
        func digits(_ word: UInt64) -> UInt64 {
            let digit = Self.inRange(word, "0", "9")
            let small = Self.inRange(word, "a", "f")
            let capital = Self.inRange(word, "A", "F")
            lower |= small
            upper |= capital
            valid &= digit | small | capital
            // A digit's value is its low four bits, a letter's those plus 9.
            let nibbles = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ ((small | capital) >> 7) &* 9
            // Eight nibbles into 32 bits: pairs into bytes, bytes into halves, halves into one.
            var packed = (nibbles | nibbles >> 4) & 0x00FF_00FF_00FF_00FF
            packed = (packed | packed >> 8) & 0x0000_FFFF_0000_FFFF
            return (packed | packed >> 16) & 0xFFFF_FFFF
        }
        let high = digits(words.0) | digits(words.1) << 32
        let low = digits(words.2) | digits(words.3) << 32
        guard valid == Self.highBits, lower == 0 || upper == 0 else { return nil }
        self.high = high
        self.low = low
        isUpperCase = upper != 0
    }

    /// The high bit of every byte.
    private static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// The high bit of each byte of `word` that is an ASCII byte from `first` to `last`.
    ///
    /// Adding 0x80 - first sets a byte's high bit when it is at least `first`, adding 0x7F - last
    /// when it is above `last`; below 0x80 no sum carries into the next byte, and bytes from 0x80
    /// are left out by the mask of `word`'s own high bits.
    @inline(__always)
    private static func inRange(_ word: UInt64, _ first: Unicode.Scalar, _ last: Unicode.Scalar) -> UInt64 {
        let ascii = word & 0x7F7F_7F7F_7F7F_7F7F
        let atLeast = ascii &+ 0x0101_0101_0101_0101 &* UInt64(0x80 - first.value)
        let above = ascii &+ 0x0101_0101_0101_0101 &* UInt64(0x7F - last.value)
        return atLeast & ~above & ~word & highBits
    }
}
