/// What sessions keep of one `track` event: 24 bytes beside the (time, index) record of the user.
struct SessionEvent {
    /// The event's kind.
    var kind: SessionEventKind
    /// The interned `$screen_name` text, or -1.
    var screen: Int32
    /// The interned breakdown value, or -1.
    var breakdown: Int32
    /// `event_duration` in milliseconds (seconds × 1000, rounded) on `$AppEnd` and
    /// `$AppPageLeave`, or -1.
    var sdkDuration: Int64
}
