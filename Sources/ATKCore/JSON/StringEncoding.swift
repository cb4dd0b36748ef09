import ATKSchema
import CScan

/// Checks the encoding of JSON strings that the scanner flagged: UTF-8 (RFC 8259 §8.1 requires
/// it, and so does the Sensors server) and `\u` escapes of UTF-16 surrogates, which must come
/// as a high-low pair (a lone one is no character and has no UTF-8 form).
///
/// ``JSONScanner`` accepts any byte above 0x7F inside a string and any `\u` escape; it flags the
/// strings that hold a `\u` escape (``TapeEntry/unicodeEscape``). UTF-8 is checked over the
/// whole line (with a vector check where the CPU has one) by `validate` alone, so the scanner
/// (and every other command) pays nothing for it; a byte above 0x7F outside a string makes the
/// line malformed.
public enum StringEncoding {
    /// Why bytes are not UTF-8 (Unicode 15, table 3-7).
    public enum UTF8Problem: Sendable, Equatable, CustomStringConvertible {
        /// 0x80-0xBF where a character should start.
        case continuationWithoutLead
        /// 0xC0, 0xC1 or 0xF5-0xFF, which UTF-8 never uses.
        case invalidByte
        /// A character encoded in more bytes than it needs (E0 80-9F, F0 80-8F).
        case overlong
        /// A UTF-16 surrogate, U+D800-U+DFFF, encoded as if it were a character (ED A0-BF).
        case surrogate
        /// A code point above U+10FFFF (F4 90-BF).
        case aboveMaximum
        /// A lead byte without all of its continuation bytes.
        case truncated

        /// What the bytes are, for messages.
        public var description: String {
            switch self {
            case .continuationWithoutLead: "a continuation byte without a lead byte"
            case .invalidByte: "a byte UTF-8 never uses"
            case .overlong: "an overlong encoding"
            case .surrogate: "a UTF-16 surrogate encoded in UTF-8"
            case .aboveMaximum: "a code point above U+10FFFF"
            case .truncated: "a sequence cut short"
            }
        }
    }

    /// The first invalid UTF-8 sequence in `bytes`: its offset, its length (the bytes that show
    /// the problem, at least 1) and why.
    ///
    /// Valid bytes, nearly every line of a dump, are passed by the vector check
    /// (`atk_utf8_valid`, 64 bytes a step with AVX2); ``scalarFirstInvalidUTF8(_:)`` finds the
    /// place and the reason, and decides alone on CPUs without that check.
    ///
    /// - Complexity: O(n).
    public static func firstInvalidUTF8(
        _ bytes: UnsafeRawBufferPointer
    ) -> (offset: Int, length: Int, problem: UTF8Problem)? {
        guard let base = bytes.baseAddress else { return nil }
        if atk_utf8_valid(base.assumingMemoryBound(to: UInt8.self), bytes.count) != 0 { return nil }
        return scalarFirstInvalidUTF8(bytes)
    }

    /// ``firstInvalidUTF8(_:)`` byte by byte, without the vector check: ASCII runs 32 bytes at a
    /// time (`atk_ascii_run`), the common 2- and 3-byte characters one at a time.
    ///
    /// - Complexity: O(n).
    static func scalarFirstInvalidUTF8(
        _ bytes: UnsafeRawBufferPointer
    ) -> (offset: Int, length: Int, problem: UTF8Problem)? {
        guard let base = bytes.baseAddress else { return nil }
        let n = bytes.count
        var i = 0
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        while i < n {
            i += atk_ascii_run(bytes + i, n - i)
            guard i < n else { break }
            // Runs of the common well-formed 2- and 3-byte characters (most text beyond ASCII:
            // Latin, Cyrillic, CJK) are skipped here; every other sequence, and any doubt, goes
            // to the full check below, which decides the problem and its place.
            let skipped = Self.commonRun(bytes, from: i, count: n)
            if skipped > i {
                i = skipped
                continue
            }
            let lead = base.load(fromByteOffset: i, as: UInt8.self)
            // The allowed range of the second byte, and the sequence's length.
            let second: ClosedRange<UInt8>, length: Int
            switch lead {
            case 0x80...0xBF: return (i, 1, .continuationWithoutLead)
            case 0xC2...0xDF: (second, length) = (0x80...0xBF, 2)
            case 0xE0: (second, length) = (0xA0...0xBF, 3)
            case 0xED: (second, length) = (0x80...0x9F, 3)
            case 0xE1...0xEF: (second, length) = (0x80...0xBF, 3)
            case 0xF0: (second, length) = (0x90...0xBF, 4)
            case 0xF1...0xF3: (second, length) = (0x80...0xBF, 4)
            case 0xF4: (second, length) = (0x80...0x8F, 4)
            default: return (i, 1, .invalidByte)
            }
            guard i + 1 < n else { return (i, 1, .truncated) }
            let next = base.load(fromByteOffset: i + 1, as: UInt8.self)
            guard second.contains(next) else {
                guard next & 0xC0 == 0x80 else { return (i, 1, .truncated) }
                let problem: UTF8Problem =
                    switch lead {
                    case 0xE0, 0xF0: .overlong
                    case 0xED: .surrogate
                    default: .aboveMaximum
                    }
                return (i, 2, problem)
            }
            for k in 2..<length {
                guard i + k < n, base.load(fromByteOffset: i + k, as: UInt8.self) & 0xC0 == 0x80 else {
                    return (i, k, .truncated)
                }
            }
            i += length
        }
        return nil
    }

    /// The end of the run of common well-formed characters from `start` (`start` when empty).
    ///
    /// The characters are those whose lead byte is C2-DF (two bytes) or E1-EC, EE-EF (three
    /// bytes): leads whose continuation bytes may be any of 80-BF, so two masks decide them.
    @inline(__always)
    private static func commonRun(_ bytes: UnsafePointer<UInt8>, from start: Int, count n: Int) -> Int {
        var i = start
        while i + 3 <= n {
            let lead = bytes[i]
            if lead >= 0xE1 && lead <= 0xEF && lead != 0xED {
                guard bytes[i + 1] & 0xC0 == 0x80, bytes[i + 2] & 0xC0 == 0x80 else { break }
                i += 3
            } else if lead >= 0xC2 && lead <= 0xDF {
                guard bytes[i + 1] & 0xC0 == 0x80 else { break }
                i += 2
            } else {
                break
            }
        }
        return i
    }

    /// The first `\u` escape of a surrogate without its pair in a string's raw (still escaped)
    /// bytes, which the scanner has checked: its offset, its value, and whether it is a high
    /// surrogate (U+D800-U+DBFF, which a low one must follow) or a low one (U+DC00-U+DFFF,
    /// which must follow a high one).
    ///
    /// - Complexity: O(n).
    public static func firstLoneSurrogate(_ raw: UnsafeRawBufferPointer) -> (offset: Int, value: UInt16, isHigh: Bool)?
    {
        let n = raw.count
        var i = 0
        while i + 1 < n {
            guard raw[i] == UInt8(ascii: "\\") else {
                i += 1
                continue
            }
            guard raw[i + 1] == UInt8(ascii: "u"), let value = hex4(raw, i + 2) else {
                i += 2
                continue
            }
            switch value {
            case 0xD800...0xDBFF:
                guard i + 12 <= n, raw[i + 6] == UInt8(ascii: "\\"), raw[i + 7] == UInt8(ascii: "u"),
                    let low = hex4(raw, i + 8), (0xDC00...0xDFFF).contains(low)
                else {
                    return (i, value, true)
                }
                i += 12
            case 0xDC00...0xDFFF:
                return (i, value, false)
            default:
                i += 6
            }
        }
        return nil
    }

    /// The value of four hex digits at `offset`, nil when they are not there.
    private static func hex4(_ raw: UnsafeRawBufferPointer, _ offset: Int) -> UInt16? {
        guard offset + 4 <= raw.count else { return nil }
        var value: UInt16 = 0
        for k in 0..<4 {
            guard let digit = JSONStringEscapes.hexDigit(raw[offset + k]) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}

extension JSONTape {
    /// The first invalid UTF-8 sequence and the first lone surrogate escape of a line, as offsets
    /// in `line` with the tape index of the string that holds each; both nil, at no cost, for a
    /// line whose strings are ASCII without `\u` escapes.
    ///
    /// Each check runs over the whole line, not string by string: outside strings a valid line
    /// is ASCII without backslashes (the scanner made sure), so the line is valid exactly when
    /// its strings are, and one pass with ASCII words skipped 8 bytes at a time is cheaper than
    /// visiting every tape entry.
    ///
    /// - Complexity: O(line length) when a flag is set; O(entries) more to name a string with a
    ///   problem.
    func encodingProblems(
        line: UnsafeRawBufferPointer
    ) -> (invalidUTF8: (string: Int, offset: Int)?, loneSurrogate: (string: Int, offset: Int)?) {
        var invalidUTF8: (Int, Int)?, loneSurrogate: (Int, Int)?
        if let found = StringEncoding.firstInvalidUTF8(line),
            let string = string(at: found.offset)
        {
            invalidUTF8 = (string, found.offset)
        }
        if stringFlags & TapeEntry.unicodeEscape != 0, let found = StringEncoding.firstLoneSurrogate(line),
            let string = string(at: found.offset)
        {
            loneSurrogate = (string, found.offset)
        }
        return (invalidUTF8, loneSurrogate)
    }

    /// The index of the string entry whose bytes hold `offset`.
    private func string(at offset: Int) -> Int? {
        (0..<count).first { index in
            let entry = entries[index]
            return entry.kind == .string && Int(entry.start) <= offset && offset < Int(entry.end)
        }
    }
}
