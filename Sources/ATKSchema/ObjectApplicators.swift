/// The object applicators of one schema object, evaluated in a single pass over the members.
///
/// Plain data: ranges of `SchemaTables` entries, so reading it costs no reference counting.
struct ObjectApplicators: Sendable {
    /// `properties`: a range of `SchemaTables.named`, sorted by key length and UTF-8 bytes for
    /// binary search.
    let named: Range<Int>
    /// One bit per key length of `named` (`lengthBit`): most instance members are ruled out
    /// by their length alone, without comparing bytes.
    let namedLengths: UInt64
    /// `patternProperties`: a range of `SchemaTables.patternProperties`.
    let patterns: Range<Int>
    /// `additionalProperties`, and whether it is the `false` schema.
    let additional: Int?
    let additionalIsFalse: Bool

    /// The bit of `namedLengths` for keys of `count` bytes (lengths of 63 and more share one).
    @inline(__always)
    static func lengthBit(_ count: Int) -> UInt64 {
        1 << UInt64(min(count, 63))
    }
}
