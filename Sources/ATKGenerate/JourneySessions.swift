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
    }

    /// The figures, named as `atk sessions --format json` names them.
    var json: JSONOutput {
        .object([
            ("sessions", .int(sessions)), ("users", .int(users.count)), ("bounces", .int(bounces)),
            ("page_views", .int(pageViews)), ("total_duration_ms", .int(totalDurationMs)),
            ("unended_page_views", .int(unendedPageViews)),
        ])
    }
}
