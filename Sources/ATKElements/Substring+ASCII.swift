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
}
