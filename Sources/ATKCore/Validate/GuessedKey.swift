/// A guessed property key of an event name (the key its last event had at that place), with what
/// the guessed-key loop of `validate` compares and checks: one record per member, read in order,
/// instead of the key interner's text and the key's info looked up by id.
///
/// 48 bytes per key and place of each event name's last event, from the name's second event on
/// (beside the 4-byte id the plan's check reads).
struct GuessedKey {
    /// The key's id.
    let id: Int32
    /// Its length in bytes; -1 for a key longer than ``ShortBytes/longest``, which the loop does
    /// not compare (it stops there and the general loop goes on).
    let length: Int32
    /// The key's bytes as words.
    let words: ShortBytes
    /// ``PropertyKeyInfo/presence``.
    let presence: UInt8
    /// The key breaks a name rule: the loop stops at it (the general loop reports it).
    let violates: Bool
    /// `event_duration` or `$event_duration`: the loop stops at a number under it (the general
    /// loop reads the duration).
    let duration: Bool

    /// The record of key `id`, whose (decoded) bytes are `bytes`.
    init(id: Int32, bytes: UnsafeRawBufferPointer, info: PropertyKeyInfo) {
        self.id = id
        let compared = bytes.count <= ShortBytes.longest
        length = compared ? Int32(bytes.count) : -1
        words = compared ? ShortBytes(bytes) : ShortBytes()
        presence = info.presence
        violates = info.violation != nil
        duration = info.presence & (PropertyKeyInfo.eventDuration | PropertyKeyInfo.dollarEventDuration) != 0
    }
}
