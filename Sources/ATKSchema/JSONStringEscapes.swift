/// JSON string escapes (`\n`, `\u00e9`, `\uD83D\uDE00`), decoded one way for every JSON reader
/// of atk: the plan parser here and the dump scanner's tape in ATKCore.
public enum JSONStringEscapes {
    /// The value of a hex digit; nil for any other byte.
    @inline(__always)
    @inlinable
    public static func hexDigit(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(c &- UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(c &- UInt8(ascii: "a") &+ 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(c &- UInt8(ascii: "A") &+ 10)
        default: nil
        }
    }

    /// Decodes the body of a string whose escapes are valid (checked by the parser that found
    /// it) into UTF-8.
    ///
    /// Surrogate pairs (`\uD83D\uDE00`) join into one scalar; a lone surrogate becomes U+FFFD,
    /// as in most decoders.
    /// - Complexity: O(n).
    public static func unescape(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            guard c == UInt8(ascii: "\\"), i + 1 < n else {
                out.append(c)
                i += 1
                continue
            }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = hex4(bytes, i) else { out.append(contentsOf: [0xEF, 0xBF, 0xBD]); continue }
                i += 4
                var scalar = unit
                if unit >= 0xD800 && unit < 0xDC00 {
                    // A high surrogate: pair it with a following \uDC00-\uDFFF.
                    if i + 6 <= n, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
                        let low = hex4(bytes, i + 2), low >= 0xDC00 && low < 0xE000
                    {
                        scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    } else {
                        scalar = 0xFFFD
                    }
                } else if unit >= 0xDC00 && unit < 0xE000 {
                    scalar = 0xFFFD
                }
                appendUTF8(scalar, to: &out)
            default: out.append(e)  // \" \\ \/
            }
        }
        return out
    }

    /// The four hex digits at `i` as a UTF-16 unit; nil when they are not four hex digits.
    private static func hex4(_ bytes: UnsafeRawBufferPointer, _ i: Int) -> UInt32? {
        guard i + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for k in 0..<4 {
            guard let h = hexDigit(bytes[i + k]) else { return nil }
            value = value << 4 | h
        }
        return value
    }

    /// Appends `scalar` encoded as UTF-8.
    private static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (scalar >> 6)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (scalar >> 12)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (scalar >> 18)))
            out.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }
}
