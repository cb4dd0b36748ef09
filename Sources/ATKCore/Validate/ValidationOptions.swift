/// What a validation run checks and how much it keeps.
public struct ValidationOptions: Sendable {
    /// "Now" for `time.future`, ms since the epoch.
    public var now: Int64
    /// How far past `now` a `time` may be before `time.future`, ms.
    public var futureTolerance: Int64 = 10 * 60_000
    /// How far `$AppEnd`'s duration may be from its session's length, ms.
    public var durationTolerance: Int64 = 5_000
    /// Findings kept per rule for the report.
    public var maxExamples = 5
    /// Rule ids to check; nil for every rule.
    public var rules: Set<String>?
    /// A property to count findings by (`$app_version`); read from `properties`, else `lib`.
    public var breakdownProperty: String?

    /// The default options, judging `time.future` against `now` (ms since the epoch).
    public init(now: Int64) {
        self.now = now
    }
}
