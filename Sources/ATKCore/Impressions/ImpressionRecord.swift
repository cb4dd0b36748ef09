/// One event that matters to impressions, as little as it takes to evaluate it later: the dump is
/// not sorted, so a user's page views can only be walked once all of their events are in.
///
/// 48 bytes; strings are interned ids into the collector's tables. A record's input order is its
/// index in the collector, so it stores none, and its kind shares a word with the file index.
struct ImpressionRecord {
    enum Kind: UInt32 {
        /// `$AppViewScreen`: starts a page view.
        case pageView
        /// `$AppStart` or `$AppEnd`: ends the page view.
        case boundary
        case exposure
        case click
    }

    var time: Int64
    var user: Int32
    /// The kind in the low 2 bits, the file index above (clamped to 2³⁰ − 1).
    private var fileAndKind: UInt32
    var line: Int32
    /// A page view's `$screen_name`; an element event's resolved screen.
    ///
    /// -1 when absent.
    var screen: Int32
    /// The element (screen and path) of an exposure or click; -1 for page views and boundaries.
    var element: Int32
    /// The item key of an exposure or click; -1 otherwise.
    var key: Int32
    /// The list (element path and section) a row belongs to, for index gaps; -1 when not a list row.
    var list: Int32
    var row: Int32
    /// The batch event an item came from (`--items-property`); -1 for single exposures.
    var batch: Int32
    /// The `--breakdown` value; -1 when absent or not asked for.
    var value: Int32

    init(time: Int64, user: Int32, file: Int, line: Int32, kind: Kind) {
        self.time = time
        self.user = user
        fileAndKind = UInt32(min(max(file, 0), Int(UInt32.max >> 2))) << 2 | kind.rawValue
        self.line = line
        screen = -1
        element = -1
        key = -1
        list = -1
        row = -1
        batch = -1
        value = -1
    }

    var kind: Kind { Kind(rawValue: fileAndKind & 3) ?? .pageView }
    var file: Int { Int(fileAndKind >> 2) }
    /// Where the event is in the input, as one number ordered as (file, line) are.
    var position: UInt64 { UInt64(fileAndKind >> 2) << 32 | UInt64(UInt32(bitPattern: line) ^ 0x8000_0000) }
}
