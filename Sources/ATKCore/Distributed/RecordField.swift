import Foundation

/// How a byte string travels in the last field of a tab-separated record line (a shard record's
/// payload, a manifest's path) so that Spark, Hadoop Streaming and shell pipes pass it unchanged.
///
/// A field is written as it is when it is valid UTF-8, holds no control byte but TAB (`allowTab`)
/// and does not start with `~`; otherwise it is written as `~b64:` and its bytes in base64
/// (RFC 4648, with padding). Every other text starting with `~` is a marker atk writes itself
/// (`~long:`, `~input:`, `~error:`), so a field that starts with `~` is never a raw line.
public enum RecordField {
    /// What starts a field whose bytes are base64.
    public static let base64Marker: [UInt8] = Array("~b64:".utf8)
    /// The first byte of every marker.
    static let markerByte = UInt8(ascii: "~")

    /// Whether `bytes` must be written base64.
    ///
    /// - Complexity: O(bytes).
    public static func needsEncoding(_ bytes: UnsafeRawBufferPointer, allowTab: Bool) -> Bool {
        if bytes.first == markerByte { return true }
        var ascii = true
        for byte in bytes {
            if byte >= 0x80 {
                ascii = false
            } else if byte < 0x20 || byte == 0x7F {
                if byte == 0x09 && allowTab { continue }
                return true
            }
        }
        // Most lines are ASCII: only others are checked as UTF-8 (which copies them once).
        return !ascii && String(validating: bytes.bindMemory(to: UInt8.self), as: UTF8.self) == nil
    }

    /// Appends `bytes` as a field: raw, or `~b64:` and base64.
    public static func append(_ bytes: UnsafeRawBufferPointer, allowTab: Bool, to output: inout [UInt8]) {
        if needsEncoding(bytes, allowTab: allowTab) {
            output += base64Marker
            output += Array(Data(bytes).base64EncodedString().utf8)
        } else {
            output.append(bytes: bytes)
        }
    }

    /// Appends a marker and `bytes` in base64 (`~input:` and a fact's state).
    static func append(marker: String, base64 bytes: [UInt8], to output: inout [UInt8]) {
        output += Array(marker.utf8)
        output += Array(Data(bytes).base64EncodedString().utf8)
    }

    /// The bytes of a field written by ``append(_:allowTab:to:)``; nil when it starts with
    /// another marker.
    /// - Throws: ``DistFormatError`` when the base64 is damaged.
    public static func decode(_ field: ArraySlice<UInt8>) throws(DistFormatError) -> [UInt8]? {
        guard field.first == markerByte else { return Array(field) }
        guard let encoded = field.dropPrefix(base64Marker) else { return nil }
        return try base64(encoded)
    }

    /// The bytes of base64 text.
    static func base64(_ text: ArraySlice<UInt8>) throws(DistFormatError) -> [UInt8] {
        guard let data = Data(base64Encoded: Data(text)) else { throw DistFormatError("damaged base64") }
        return Array(data)
    }
}

extension ArraySlice<UInt8> {
    /// The rest after `prefix`, or nil when the slice does not start with it.
    func dropPrefix(_ prefix: [UInt8]) -> ArraySlice<UInt8>? {
        starts(with: prefix) ? dropFirst(prefix.count) : nil
    }

    /// The slice's text as a non-negative decimal integer (1 to 18 ASCII digits), or nil.
    var decimal: Int? {
        guard !isEmpty, count <= 18 else { return nil }
        var value = 0
        for byte in self {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}
