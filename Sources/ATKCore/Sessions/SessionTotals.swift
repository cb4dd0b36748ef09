/// Everything `atk sessions` reports, summed over users: the sessions, per screen, per breakdown
/// value, and the SDK's durations against the event times.
///
/// Texts (screens, breakdown values) are keyed by their bytes, so totals of partials join exactly.
public struct SessionTotals: Sendable, Equatable {
    /// All sessions.
    public internal(set) var summary = SessionGroupTotals()
    /// Page views with neither a later `$AppViewScreen` nor `$AppEnd` in their session.
    public internal(set) var unendedPageViews = 0
    /// Per `$screen_name` (bytes; empty for page views without one).
    public internal(set) var screens: [[UInt8]: ScreenTotals] = [:]
    /// Per breakdown value (bytes; nil for sessions whose first event lacks it).
    public internal(set) var breakdown: [[UInt8]?: SessionGroupTotals] = [:]
    /// `$AppEnd.event_duration` against its session's duration.
    public internal(set) var appEnd = DurationDifferences()
    /// `$AppPageLeave.event_duration` against the stay of the page view open when it came.
    public internal(set) var pageLeave = DurationDifferences()

    /// No sessions yet.
    public init() {}

    /// Adds `other`'s totals (of other users).
    mutating func add(_ other: SessionTotals) {
        summary.add(other.summary)
        unendedPageViews += other.unendedPageViews
        for (screen, totals) in other.screens { screens[screen, default: ScreenTotals()].add(totals) }
        for (value, totals) in other.breakdown { breakdown[value, default: SessionGroupTotals()].add(totals) }
        appEnd.add(other.appEnd)
        pageLeave.add(other.pageLeave)
    }

    /// Cuts one user's events, sorted by (time, input order), into sessions and counts them.
    ///
    /// - Parameters:
    ///   - events: the user's events with their times, in (time, input order).
    ///   - gap: a longer gap (ms) between two events starts a session.
    ///   - screen: the bytes of an interned screen id.
    ///   - value: the bytes of an interned breakdown id.
    /// - Complexity: O(events).
    mutating func addUser(
        _ events: [(time: Int64, event: SessionEvent)], gap: Int64, screen: (Int32) -> [UInt8],
        value: (Int32) -> [UInt8]
    ) {
        guard !events.isEmpty else { return }
        summary.users += 1
        var userValues: Set<[UInt8]?> = []
        var session = OpenSession(first: events[0].time, breakdown: events[0].event.breakdown)
        var previous: (time: Int64, kind: SessionEventKind)?
        for (time, event) in events {
            if let previous,
                previous.kind == .appEnd || event.kind == .appStart || time.subtractingClamped(previous.time) > gap
            {
                close(session, screen: screen, value: value, into: &userValues)
                session = OpenSession(first: time, breakdown: event.breakdown)
            }
            session.last = time
            switch event.kind {
            case .appViewScreen:
                endStay(of: &session, at: time, screen: screen)
                session.pageViews += 1
                session.entry = session.entry ?? event.screen
                session.exit = event.screen
                session.open = (time, event.screen, nil)
                screens[screen(event.screen), default: ScreenTotals()].pageViews += 1
            case .appEnd:
                endStay(of: &session, at: time, screen: screen)
                if event.sdkDuration >= 0 {
                    appEnd.compare(sdk: event.sdkDuration, events: time.subtractingClamped(session.first))
                }
            case .appPageLeave:
                if event.sdkDuration >= 0 { session.open?.sdkStay = event.sdkDuration }
            case .appStart, .other:
                break
            }
            previous = (time, event.kind)
        }
        close(session, screen: screen, value: value, into: &userValues)
        for userValue in userValues { breakdown[userValue, default: SessionGroupTotals()].users += 1 }
    }

    /// Ends the page stay open in `session`, if any, at `time`.
    private mutating func endStay(of session: inout OpenSession, at time: Int64, screen: (Int32) -> [UInt8]) {
        guard let open = session.open else { return }
        let stay = time.subtractingClamped(open.time)
        screens[screen(open.screen), default: ScreenTotals()].addStay(stay)
        if let sdkStay = open.sdkStay { pageLeave.compare(sdk: sdkStay, events: stay) }
        session.open = nil
    }

    /// Counts a finished session; its open page view, if any, is unended.
    private mutating func close(
        _ session: OpenSession, screen: (Int32) -> [UInt8], value: (Int32) -> [UInt8],
        into userValues: inout Set<[UInt8]?>
    ) {
        let duration = session.last.subtractingClamped(session.first)
        summary.addSession(duration: duration, pageViews: session.pageViews)
        let key = session.breakdown >= 0 ? value(session.breakdown) : nil
        breakdown[key, default: SessionGroupTotals()].addSession(duration: duration, pageViews: session.pageViews)
        userValues.insert(key)
        if let open = session.open {
            unendedPageViews += 1
            screens[screen(open.screen), default: ScreenTotals()].unended += 1
        }
        if let entry = session.entry { screens[screen(entry), default: ScreenTotals()].entries += 1 }
        if let exit = session.exit { screens[screen(exit), default: ScreenTotals()].exits += 1 }
    }
}
