import ATKCore

/// The sessions `atk sessions` must find in a generated dump with journeys, counted from the
/// simulated sessions (each one session of its person; split at a login for raw ids).
struct JourneySessions {
    var sessions = 0
    var users = Set<String>()
    var bounces = 0
    var pageViews = 0
    var totalDurationMs: Int64 = 0
    var unendedPageViews = 0
    /// `$AppEnd.event_duration`s compared with their session's duration, and the largest
    /// absolute difference (ms).
    var appEndCompared = 0
    var appEndMaxDiff: Int64?
    /// `$AppPageLeave.event_duration`s compared with the stay of the page view open when they
    /// came (when that stay ends in the session), and the largest absolute difference (ms).
    var pageLeaveCompared = 0
    var pageLeaveMaxDiff: Int64?

    /// Counts one session of `user` made of `events` (`track` lines in time order).
    mutating func add(_ events: ArraySlice<EventDraft>, user: String) {
        guard let first = events.first, let last = events.last else { return }
        sessions += 1
        users.insert(user)
        let views = events.filter { $0.event == "$AppViewScreen" }.count
        pageViews += views
        if views <= 1 { bounces += 1 }
        totalDurationMs += last.time - first.time
        // The last page view's stay ends only at a later $AppEnd of the same session.
        if let lastView = events.lastIndex(where: { $0.event == "$AppViewScreen" }),
            !events[lastView...].contains(where: { $0.event == "$AppEnd" })
        {
            unendedPageViews += 1
        }
        for (index, event) in zip(events.indices, events) {
            guard let sdk = Self.sdkDuration(event) else { continue }
            if event.event == "$AppEnd" {
                appEndCompared += 1
                appEndMaxDiff = max(appEndMaxDiff ?? 0, abs(sdk - (event.time - first.time)))
            } else if event.event == "$AppPageLeave",
                let view = events[..<index].lastIndex(where: { $0.event == "$AppViewScreen" || $0.event == "$AppEnd" }),
                events[view].event == "$AppViewScreen",
                let end = events[index...].first(where: { $0.event == "$AppViewScreen" || $0.event == "$AppEnd" })
            {
                pageLeaveCompared += 1
                pageLeaveMaxDiff = max(pageLeaveMaxDiff ?? 0, abs(sdk - (end.time - events[view].time)))
            }
        }
    }

    /// The `event_duration` (seconds) of `event` in ms, as written.
    private static func sdkDuration(_ event: EventDraft) -> Int64? {
        guard case .number(let seconds, _) = event["event_duration"] else { return nil }
        return Int64((seconds * 1000).rounded())
    }

    /// The figures, named as `atk sessions --format json` names them.
    var json: JSONOutput {
        .object([
            ("sessions", .int(sessions)), ("users", .int(users.count)), ("bounces", .int(bounces)),
            ("page_views", .int(pageViews)), ("total_duration_ms", .int(totalDurationMs)),
            ("unended_page_views", .int(unendedPageViews)),
            (
                "sdk_durations",
                .object([
                    (
                        "app_end",
                        .object([("compared", .int(appEndCompared)), ("max_abs_diff_ms", .int(appEndMaxDiff))])
                    ),
                    (
                        "page_leave",
                        .object([("compared", .int(pageLeaveCompared)), ("max_abs_diff_ms", .int(pageLeaveMaxDiff))])
                    ),
                ])
            ),
        ])
    }
}
