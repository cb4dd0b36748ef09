extension Substring {
    /// Whether the substring holds the same UTF-8 bytes as `other`.
    ///
    /// Class names are compared byte for byte, as `NSStringFromClass` results
    /// are; this skips the Unicode canonical equivalence of `==`.
    func hasSameBytes(as other: some StringProtocol) -> Bool {
        // Contiguous UTF-8 on both sides (native strings): lengths, then the bytes at once.
        let fast = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                mine.count == theirs.count && mine.elementsEqual(theirs)
            }
        }
        return (fast ?? nil) ?? utf8.elementsEqual(other.utf8)
    }

    /// Parses a non-negative decimal integer of ASCII digits only.
    ///
    /// Signs, spaces and empty text are rejected; so are values of more than
    /// 18 digits, which cannot be view or index-path positions.
    var asciiDecimal: Int? {
        guard !isEmpty, utf8.count <= 18 else { return nil }
        var value = 0
        for byte in utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Whether the text contains an ASCII space, control byte or DEL.
    var containsSpaceOrControl: Bool {
        func isSpaceOrControl(_ byte: UInt8) -> Bool { byte <= UInt8(ascii: " ") || byte == 0x7F }
        return utf8.withContiguousStorageIfAvailable { $0.contains(where: isSpaceOrControl) }
            ?? utf8.contains(where: isSpaceOrControl)
    }
}
