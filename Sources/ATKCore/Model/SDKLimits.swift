/// What the Sensors SDKs guarantee about the events they record, in one place.
///
/// The analyses judge a dump against these facts (validate's rules, the time range stats reports),
/// and `atk generate` injects its faults just beyond them, so both read them from here.
public enum SDKLimits {
    /// The earliest valid `time`, 2015-05-15 10:24:00 UTC in ms since the epoch; the SDKs never
    /// record an earlier one, so earlier values are clock errors.
    public static let timeFloor: Int64 = 1_431_656_640_000

    /// The latest `time` written with 13 digits, the width the SDKs write milliseconds in.
    public static let timeCeiling: Int64 = 9_999_999_999_999

    /// The `time` and `_flush_time` values an SDK can write.
    ///
    /// They have 13 digits and are not before ``timeFloor``. Any two differ by less than 10¹³ ms,
    /// so their differences never overflow.
    public static let validTimes: ClosedRange<Int64> = timeFloor...timeCeiling

    /// The longest event name or property key, in characters (sensors.md §2).
    public static let nameMaxLength = 100

    /// The longest string property value the SDKs keep, in bytes; a longer one is cut to
    /// ``truncatedValueLength`` bytes ending in `$`.
    public static let valueMaxLength = 8191

    /// The length in bytes of a string value an SDK cut: ``valueMaxLength`` bytes and a `$`.
    public static let truncatedValueLength = valueMaxLength + 1

    /// The longest `event_duration` an `$AppEnd` can report, in seconds (24 hours).
    public static let eventDurationMaxSeconds: Double = 86_400
}
