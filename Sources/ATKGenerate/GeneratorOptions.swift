/// What `atk generate` makes.
public struct GeneratorOptions: Sendable {
    /// Users to simulate (about 33 events each).
    public var users = 100
    /// The seed: the same seed and options give the same bytes.
    public var seed: UInt64 = 1
    /// Probability of each fault at each opportunity (0 = a clean dump).
    public var faultRate = 0.0
    /// Milliseconds since the epoch of the first day (default 2026-09-01 00:00 UTC), within
    /// ``TimeSyntax/instantRange`` (1970 to 9999).
    public var start: Int64 = 1_788_220_800_000
    /// Days the sessions are spread over, 1 to ``maximumDays``.
    public var days = 7
    /// The most days a dump may span: 100 years.
    public static let maximumDays = 36_500
    /// How `user_action_path` is written on `AddToCart`.
    public var pathFormat: PathFormat = .list
    /// Share of events that arrive late (flushed minutes to hours after they happened).
    public var lateShare = 0.02
    /// Record each conversion's path as `atk paths` rebuilds it (Docs/paths.md): a page's entity is
    /// the entity of its last click, back navigation keeps it, no passive launches; with path
    /// faults (missing, first node dropped, wrong entity) counted in the truth's `navigation`.
    public var navigation = false
    /// User journeys: some users browse anonymously and log in (a `track_signup` or `track_id_bind`
    /// line), logged-in events carry `$is_login_id`, and every page view ends with an
    /// `$AppPageLeave` carrying `event_duration`; the truth then holds the persons and the
    /// expected sessions and retention (Docs/generate.md).
    public var journeys = false

    /// The forms of `user_action_path`.
    public enum PathFormat: String, Sendable, CaseIterable {
        /// A list of strings, `NODE` or `NODE#entityId` (what a Sensors property can hold).
        case list
        /// Seed 000's object: `nodes`, `nodesV2`, `entityIndexes`, `entityIds`.
        case object
        /// Each conversion picks one of the two.
        case mixed
    }

    /// The defaults `atk generate` uses when no option is given.
    public init() {}
}
