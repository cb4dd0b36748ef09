/// One conversion after the replay: where it is, what it recorded and what the navigation model
/// rebuilt.
public struct PathConversion: Sendable, Equatable {
    /// The conversion's line.
    public var location: LineLocation
    /// Its user key; nil when it has none.
    public var user: String?
    /// Its `$app_version`; nil when absent or not a string.
    public var appVersion: String?
    /// The path it recorded.
    public var recorded: RecordedPath
    /// The rebuilt path (`NODE` or `NODE#entity`, bottom first); nil when the stack was empty
    /// (or the conversion has no user key or integer `time`, so it cannot be placed).
    public var rebuilt: [String]?

    /// A conversion at `location`.
    public init(
        location: LineLocation, user: String?, appVersion: String?, recorded: RecordedPath, rebuilt: [String]?
    ) {
        self.location = location
        self.user = user
        self.appVersion = appVersion
        self.recorded = recorded
        self.rebuilt = rebuilt
    }
}
