import ATKFunnel

/// One screen's page views and stays.
public struct ScreenTotals: Sendable, Equatable {
    /// `$AppViewScreen` events of the screen.
    public internal(set) var pageViews = 0
    /// Sessions whose first page view is this screen.
    public internal(set) var entries = 0
    /// Sessions whose last page view is this screen.
    public internal(set) var exits = 0
    /// The sum of the ended stays, in ms.
    public internal(set) var totalStayMs: Int64 = 0
    /// Page views with no later `$AppViewScreen` or `$AppEnd` in their session: left out of stays.
    public internal(set) var unended = 0
    /// Every ended stay, in no particular order.
    public internal(set) var stays: [Int64] = []

    /// None yet.
    public init() {}

    /// Adds `other`'s page views of the same screen.
    mutating func add(_ other: ScreenTotals) {
        pageViews += other.pageViews
        entries += other.entries
        exits += other.exits
        totalStayMs = totalStayMs.addingClamped(other.totalStayMs)
        unended += other.unended
        stays += other.stays
    }

    /// Counts one ended stay.
    mutating func addStay(_ stay: Int64) {
        totalStayMs = totalStayMs.addingClamped(stay)
        stays.append(stay)
    }

    /// The median stay in ms (``Quantile``: R-7).
    public var medianStayMs: Double? { Quantile.value(0.5, ofSorted: stays.sorted()) }
    /// The 90th percentile of the stay in ms.
    public var p90StayMs: Double? { Quantile.value(0.9, ofSorted: stays.sorted()) }
}
