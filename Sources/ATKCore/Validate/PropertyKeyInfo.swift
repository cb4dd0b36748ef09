/// What validation needs to know about a property key, worked out once per distinct key.
struct PropertyKeyInfo {
    // Presence bits of the keys the preset and lifecycle rules look for.
    static let screenName: UInt8 = 1
    static let elementType: UInt8 = 2
    static let isFirstTime: UInt8 = 4
    static let resumeFromBackground: UInt8 = 8
    static let eventDuration: UInt8 = 16
    static let dollarEventDuration: UInt8 = 32

    /// Why the key breaks the name rule; nil when valid.
    let violation: NameRule.Violation?
    /// The key's presence bit, 0 for other keys.
    let presence: UInt8

    init(_ bytes: UnsafeRawBufferPointer) {
        violation = NameRule.check(bytes)
        presence =
            switch String(decoding: bytes, as: UTF8.self) {
            case "$screen_name": Self.screenName
            case "$element_type": Self.elementType
            case "$is_first_time": Self.isFirstTime
            case "$resume_from_background": Self.resumeFromBackground
            case "event_duration": Self.eventDuration
            case "$event_duration": Self.dollarEventDuration
            default: 0
            }
    }
}
