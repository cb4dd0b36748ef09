/// One event that matters to impressions, as little as it takes to evaluate it later: the dump is
/// not sorted, so a user's page views can only be walked once all of their events are in.
///
/// 56 bytes; strings are interned ids into the collector's tables.
struct ImpressionRecord {
    enum Kind: UInt8 {
        /// `$AppViewScreen`: starts a page view.
        case pageView
        /// `$AppStart` or `$AppEnd`: ends the page view.
        case boundary
        case exposure
        case click
    }

    var time: Int64
    var user: Int32
    var file: Int32
    var line: Int32
    /// A page view's `$screen_name`; an element event's resolved screen. -1 when absent.
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
    /// Position in the input (items of a batch event in list order).
    var sequence: Int32
    var kind: Kind

    /// The evaluation order: per user, by time; events sharing a millisecond keep input order.
    static func precedes(_ a: ImpressionRecord, _ b: ImpressionRecord) -> Bool {
        if a.user != b.user { return a.user < b.user }
        if a.time != b.time { return a.time < b.time }
        return a.sequence < b.sequence
    }
}
