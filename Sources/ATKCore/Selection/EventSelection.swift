import ATKFunnel

/// Which events an analysis sees: a time window on `time` and property filters.
///
/// The command line's `--since`, `--until` and `--where`. Events left out are counted by the
/// caller (``SelectedAnalysis``), never silently dropped.
public struct EventSelection: Sendable {
    /// Why an event is left out, or not.
    public enum Verdict: Sendable {
        /// Inside the window and matching every filter.
        case selected
        /// Before `since`, at or after `until`, or without an integer `time` while a window is set.
        case outsideWindow
        /// Inside the window, but a filter does not match.
        case filteredOut
    }

    /// The first millisecond inside the window (inclusive), if any.
    public var since: Int64?
    /// The first millisecond after the window (exclusive), if any.
    public var until: Int64?
    /// Filters every selected event matches (the funnel step filter syntax).
    public var filters: [StepFilter]

    /// A selection; with nothing set it selects every event.
    public init(since: Int64? = nil, until: Int64? = nil, filters: [StepFilter] = []) {
        self.since = since
        self.until = until
        self.filters = filters
    }

    /// Whether the selection leaves anything out.
    public var isEmpty: Bool { since == nil && until == nil && filters.isEmpty }

    /// The verdict on `event`.
    ///
    /// - Complexity: one read of `time`, plus the filters' property lookups.
    @inline(__always)
    public func verdict(_ event: Event) -> Verdict {
        if since != nil || until != nil {
            guard let time = event.timeMilliseconds else { return .outsideWindow }
            if let since, time < since { return .outsideWindow }
            if let until, time >= until { return .outsideWindow }
        }
        if !filters.isEmpty {
            let properties = EventProperties(event)
            guard filters.allSatisfy({ $0.evaluate(properties) }) else { return .filteredOut }
        }
        return .selected
    }
}
