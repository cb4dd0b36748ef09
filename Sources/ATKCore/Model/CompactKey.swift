/// A user id kept as 16 bytes instead of its text: an id of the SDKs' UUID form (``UUIDKey``),
/// the same 32 hex digits without hyphens (a UUID so written, an MD5 in hex), or an id of at
/// most 16 bytes (Android's 16-hex-digit device ids, short login ids).
///
/// Two ids have equal keys exactly when their texts are equal: a key's ``kind`` says which of
/// the six kinds it is, an id of up to 15 bytes keeps its length in the 16th byte (so `a` and `a`
/// followed by a zero byte differ), and ``UUIDKey`` is one key per string of each of its forms.
struct CompactKey: Equatable {
    /// Which ids a key's 16 bytes stand for.
    enum Kind: UInt32 {
        /// Up to 15 bytes, zero-padded, the length in the last byte.
        case short = 0
        /// Exactly 16 bytes.
        case sixteen = 1
        /// ``UUIDKey`` of lower case (or digits alone).
        case uuid = 2
        /// ``UUIDKey`` of upper case.
        case upperCaseUUID = 3
        /// 32 hex digits without hyphens (``UUIDKey/init(hexDigits:)``), lower case or digits alone.
        case hex = 4
        /// 32 hex digits without hyphens, upper case.
        case upperCaseHex = 5
    }

    /// The first 8 bytes (little-endian), or a UUID's ``UUIDKey/high``.
    let high: UInt64
    /// The next 8 bytes (little-endian), or a UUID's ``UUIDKey/low``.
    let low: UInt64
    let kind: Kind

    /// The key with these parts (a key taken out of a table).
    @inline(__always)
    init(high: UInt64, low: UInt64, kind: Kind) {
        self.high = high
        self.low = low
        self.kind = kind
    }

    /// The key of `bytes` when it has one (at most 16 bytes, 36 of the UUID form or 32 hex
    /// digits), else nil.
    ///
    /// - Complexity: O(1): a copy of up to 16 bytes, or ``UUIDKey``'s parse.
    @inline(__always)
    init?(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        if count <= 16 {
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: bytes) }
            // Bytes up to the 15th leave the 16th zero; the length takes its place.
            self.init(
                high: UInt64(littleEndian: words.0),
                low: UInt64(littleEndian: words.1) | (count < 16 ? UInt64(count) << 56 : 0),
                kind: count < 16 ? .short : .sixteen)
        } else if let uuid = UUIDKey(bytes) {
            self.init(uuid)
        } else if let digits = UUIDKey(hexDigits: bytes) {
            self.init(hexDigits: digits)
        } else {
            return nil
        }
    }

    /// The key of a UUID.
    @inline(__always)
    init(_ uuid: UUIDKey) {
        self.init(high: uuid.high, low: uuid.low, kind: uuid.isUpperCase ? .upperCaseUUID : .uuid)
    }

    /// The key of 32 hex digits without hyphens (``UUIDKey/init(hexDigits:)``).
    @inline(__always)
    init(hexDigits digits: UUIDKey) {
        self.init(high: digits.high, low: digits.low, kind: digits.isUpperCase ? .upperCaseHex : .hex)
    }

    /// A hash of the key for placing it in a table.
    @inline(__always)
    var tableHash: UInt64 { Self.tableHash(high: high, low: low, kind: kind.rawValue) }

    /// ``tableHash`` of the key with these parts, the kind as its raw value (as a table's slot
    /// holds it).
    @inline(__always)
    static func tableHash(high: UInt64, low: UInt64, kind: UInt32) -> UInt64 {
        var h = (high ^ UInt64(kind) &* 0x9E37_79B9_7F4A_7C15) &* 0xFF51_AFD7_ED55_8CCD ^ low
        h = (h ^ h >> 32) &* 0xC4CE_B9FE_1A85_EC53
        return h ^ h >> 29
    }
}
