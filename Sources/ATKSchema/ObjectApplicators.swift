/// The object applicators of one schema object, evaluated in a single pass over the members.
///
/// Plain data: ranges of `SchemaTables` entries, so reading it costs no reference counting.
struct ObjectApplicators: Sendable {
    /// `properties`: a range of `SchemaTables.named`, sorted by key length and UTF-8 bytes for
    /// binary search.
    let named: Range<Int>
    /// The `keyBit`s of the keys of `named`: most instance members are ruled out by
    /// their own bit alone, without comparing bytes.
    let namedKeyBits: UInt64
    /// `patternProperties`: a range of `SchemaTables.patternProperties`.
    let patterns: Range<Int>
    /// `additionalProperties`, and whether it is the `false` schema.
    let additional: Int?
    let additionalIsFalse: Bool

    /// One of 64 bits for the UTF-8 key `key`, from its length and two of its bytes: a cheap
    /// filter, since equal keys have equal bits.
    ///
    /// Property names of one app often share lengths and prefixes (`$lib_version`, `$app_version`),
    /// so the length alone filtered poorly.
    @inline(__always)
    static func keyBit(_ key: UnsafeRawBufferPointer) -> UInt64 {
        let count = key.count
        guard count > 0 else { return 1 }
        let mixed = count &* 7 &+ Int(key[count - 1]) &* 13 &+ Int(key[count / 2]) &* 5
        return 1 << UInt64(mixed & 63)
    }
}
