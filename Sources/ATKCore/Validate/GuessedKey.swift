/// A guessed property key of an event name (the key its last event had at that place), with what
/// the guessed-key loop of `validate` compares and checks: one record per member, read in order,
/// instead of the key interner's text and the key's info looked up by id.
///
/// 48 bytes per key and place of each event name's last event (beside the 4-byte id the plan's
/// check reads).
struct GuessedKey {
    /// The key's id.
    let id: Int32
    /// Its length in bytes; -1 for a key longer than ``GuessedKey/longest``, which the loop does
    /// not compare (it stops there and the general loop goes on).
    let length: Int32
    /// The key's bytes as ``words(_:_:)``.
    let words: Words
    /// ``PropertyKeyInfo/presence``.
    let presence: UInt8
    /// The key breaks a name rule: the loop stops at it (the general loop reports it).
    let violates: Bool
    /// `event_duration` or `$event_duration`: the loop stops at a number under it (the general
    /// loop reads the duration).
    let duration: Bool

    /// The longest key compared by its words.
    static let longest = 32

    /// Up to 32 bytes as four words: two byte strings of the same length are equal exactly when
    /// their words are.
    struct Words: Equatable {
        var a: UInt64 = 0, b: UInt64 = 0, c: UInt64 = 0, d: UInt64 = 0
    }

    /// The record of key `id`, whose (decoded) bytes are `bytes`.
    init(id: Int32, bytes: UnsafeRawBufferPointer, info: PropertyKeyInfo) {
        self.id = id
        let compared = bytes.count <= Self.longest
        length = compared ? Int32(bytes.count) : -1
        words = compared ? bytes.baseAddress.map { Self.words($0, bytes.count) } ?? Words() : Words()
        presence = info.presence
        violates = info.violation != nil
        duration = info.presence & (PropertyKeyInfo.eventDuration | PropertyKeyInfo.dollarEventDuration) != 0
    }

    /// The `count` (at most ``longest``) bytes at `p` as words: the 8 bytes at 0, 8, count - 16
    /// and count - 8 from 16 bytes on (they overlap below 32); the first and last 8 from 8 bytes;
    /// the first and last 4 from 4; the first, middle and last byte below that.
    @inline(__always)
    static func words(_ p: UnsafeRawPointer, _ count: Int) -> Words {
        switch count {
        case 16...:
            return Words(
                a: p.loadUnaligned(as: UInt64.self), b: p.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                c: p.loadUnaligned(fromByteOffset: count &- 16, as: UInt64.self),
                d: p.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        case 8...:
            return Words(
                a: p.loadUnaligned(as: UInt64.self), b: p.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        case 4...:
            return Words(
                a: UInt64(p.loadUnaligned(as: UInt32.self))
                    | UInt64(p.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)) << 32)
        case 1...:
            return Words(
                a: UInt64(p.load(as: UInt8.self)) | UInt64(p.load(fromByteOffset: count >> 1, as: UInt8.self)) << 8
                    | UInt64(p.load(fromByteOffset: count &- 1, as: UInt8.self)) << 16)
        default:
            return Words()
        }
    }
}
