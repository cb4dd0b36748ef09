#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File names are byte strings: Linux allows any byte but `/` and NUL, and a name need not be
/// UTF-8.
///
/// atk carries paths as `String`s, so a byte that is not part of valid UTF-8 is kept as a
/// private-use scalar (U+10FE80 to U+10FEFF for bytes 0x80 to 0xFF, as Python's "surrogateescape"
/// does with lone surrogates), which turns back into the same byte when the file is opened. Names
/// are shown with such bytes as `\xFF` (see ``display(_:)``).
public enum PathName {
    /// The first scalar of the range that stands for raw bytes (byte `b` is `escapeBase + b`).
    static let escapeBase: UInt32 = 0x10FE00

    /// A path from its bytes: valid UTF-8 as it is, every other byte as an escape scalar.
    ///
    /// - Complexity: O(n) in the number of bytes.
    public static func string<C: Collection>(bytes: C) -> String where C.Element == UInt8 {
        let bytes = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            // A name that really holds an escape scalar keeps its four bytes as escapes, so
            // `bytes(_:)` gives back exactly what was read.
            if let (scalar, length) = decodeScalar(bytes, at: index), escapedByte(scalar) == nil {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[index])) ?? "?")
                index += 1
            }
        }
        return String(scalars)
    }

    /// The bytes a path stands for (escape scalars back to their bytes).
    public static func bytes(_ path: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if let byte = escapedByte(scalar) {
                out.append(byte)
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }

    /// Calls `body` with the path as a NUL-terminated C string of its bytes.
    public static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        var bytes = bytes(path).map { CChar(bitPattern: $0) }
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { buffer in
            // A non-empty array always has a base address.
            guard let base = buffer.baseAddress else { return try "".withCString(body) }
            return try body(base)
        }
    }

    /// The path for messages and reports: raw bytes as `\xFF`, control characters escaped
    /// (``TerminalText/escaped(_:)``), so a file name can never steer a terminal.
    public static func display(_ path: String) -> String {
        var out = ""
        for scalar in path.unicodeScalars {
            if let byte = escapedByte(scalar) {
                out += "\\x" + hex(byte)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return TerminalText.escaped(out)
    }

    /// `stat(2)` of a path (following symbolic links); nil when it fails (`errno` says why).
    public static func status(_ path: String) -> stat? {
        var info = stat()
        return withCString(path) { stat($0, &info) } == 0 ? info : nil
    }

    /// `lstat(2)` of a path (not following a final symbolic link).
    public static func linkStatus(_ path: String) -> stat? {
        var info = stat()
        return withCString(path) { lstat($0, &info) } == 0 ? info : nil
    }

    static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        return value >= escapeBase + 0x80 && value <= escapeBase + 0xFF ? UInt8(value - escapeBase) : nil
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    /// The scalar of the well-formed UTF-8 sequence at `index`, and its length; nil when the
    /// bytes there are not one (overlong forms, surrogates and values above U+10FFFF included).
    private static func decodeScalar(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let first = bytes[index]
        if first < 0x80 { return (Unicode.Scalar(first), 1) }
        let length: Int
        let minimum: UInt32
        var value: UInt32
        switch first {
        case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(first & 0x1F))
        case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(first & 0x0F))
        case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(first & 0x07))
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
