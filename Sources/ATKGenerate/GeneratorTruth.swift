import ATKCore
import Foundation

/// What `atk generate` wrote, counted as it wrote it.
///
/// These are the expected results of every analysis, so tests assert exact counts
/// (`--truth FILE`). Docs/generate.md defines each field.
public struct GeneratorTruth {
    // Stats.
    /// Lines written, malformed ones included.
    public internal(set) var lines = 0
    /// Lines written as events (all but the malformed ones).
    public internal(set) var events = 0
    /// Lines written cut off or not JSON, which the reader reports as malformed.
    public internal(set) var malformedLines = 0
    var users = Set<String>()
    var eventCounts: [String: Int] = [:]
    var eventUsers: [String: Set<String>] = [:]
    var firstTime: Int64?
    var lastTime: Int64?

    // Validate rules and injected faults: id → line numbers.
    var ruleLines: [String: [Int]] = [:]
    var faultLines: [String: [Int]] = [:]
    /// Injected faults that leave no line of their own (a lost exposure).
    var unlinedFaults: [String: Int] = [:]

    // Impressions.
    struct ImpressionCounts {
        var exposures = 0, duplicates = 0, clicks = 0, clicksWithoutExposure = 0, indexGaps = 0
    }
    var impressions = ImpressionCounts()
    var impressionsByScreen: [String: ImpressionCounts] = [:]
    var pageViews = 0

    // Elements.
    var withChain = 0
    var invalidChains = 0
    var mismatches: [String: Int] = ["element_path": 0, "element_position": 0, "screen_name": 0]
    var missingFields: [String: Int] = ["element_path": 0, "element_position": 0, "screen_name": 0]
    var rebuildChangedLines = 0
    var rebuildFixChangedLines = 0
    var visualized: [String: (events: Int, users: Set<String>)] = [:]
    /// (screen, content, type) → app version → element paths seen.
    var drift: [String: [String: Set<String>]] = [:]

    // Action paths.
    var conversions = 0
    var conversionsWithoutPath = 0
    var paths: [[String]: (conversions: Int, users: Set<String>)] = [:]
    var edges: [String: Int] = [:]
    /// With `--navigation`: what `atk paths verify` must find.
    var navigation = NavigationTruth()

    // Journeys (with `--journeys`).
    /// Every raw id (string `distinct_id` of a `track` line) and its person's key.
    var rawIdPersons: [String: String] = [:]
    var signupLines = 0
    var bindLines = 0
    /// Sessions as `atk sessions` cuts them, per person (stitched) and per `distinct_id` (raw);
    /// nil once a session was simulated with faults (they move session bounds).
    var stitchedSessions: JourneySessions? = JourneySessions()
    var rawSessions: JourneySessions? = JourneySessions()
    /// Per person, the UTC days (since the epoch) with an `$AppStart`.
    var startDays: [String: Set<Int64>] = [:]

    /// Counts one written line.
    mutating func record(line number: Int, draft: EventDraft?, malformed: Bool, rules: [String], faults: [String]) {
        lines += 1
        for rule in rules { ruleLines[rule, default: []].append(number) }
        for fault in faults { faultLines[fault, default: []].append(number) }
        if malformed {
            malformedLines += 1
            return
        }
        guard let draft else { return }
        events += 1
        switch draft.type {
        case "track": if let id = draft.distinctId { rawIdPersons[id] = draft.person }
        case "track_signup": signupLines += 1
        case "track_id_bind": bindLines += 1
        default: break
        }
        if let user = draft.distinctId { users.insert(user) }
        eventCounts[draft.event, default: 0] += 1
        if let user = draft.distinctId { eventUsers[draft.event, default: []].insert(user) }
        let time = draft.writtenTime ?? draft.time
        if time >= SDKLimits.timeFloor {
            firstTime = min(firstTime ?? time, time)
            lastTime = max(lastTime ?? time, time)
        }
    }

    /// The truth as JSON (`--truth FILE`).
    public func json(options: GeneratorOptions) -> JSONOutput {
        func counts(_ c: ImpressionCounts) -> [(String, JSONOutput)] {
            [
                ("exposures", .int(c.exposures)), ("duplicates", .int(c.duplicates)), ("clicks", .int(c.clicks)),
                ("clicks_without_exposure", .int(c.clicksWithoutExposure)), ("index_gaps", .int(c.indexGaps)),
            ]
        }
        let eventRows = eventCounts.keys.sorted().map { name in
            JSONOutput.object([
                ("event", .string(name)), ("count", .int(eventCounts[name] ?? 0)),
                ("users", .int(eventUsers[name]?.count ?? 0)),
            ])
        }
        let driftRows: [JSONOutput] = drift.keys.sorted().compactMap { key in
            guard let versions = drift[key] else { return nil }
            // Drift: two consecutive versions (in version order) share no path.
            let ordered = versions.keys.sorted(by: VersionOrder.precedes).map { versions[$0] ?? [] }
            guard zip(ordered, ordered.dropFirst()).contains(where: { $0.isDisjoint(with: $1) }) else { return nil }
            let parts = key.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            return .object([
                ("screen_name", .string(parts[0])), ("element_content", .string(parts[1])),
                ("element_type", .string(parts[2])),
                (
                    "paths",
                    .object(
                        versions.keys.sorted(by: VersionOrder.precedes).map {
                            ($0, .array((versions[$0] ?? []).sorted().map { .string($0) }))
                        })
                ),
            ])
        }
        let pathRows = paths.sorted {
            $0.value.conversions != $1.value.conversions
                ? $0.value.conversions > $1.value.conversions
                : $0.key.joined(separator: ">") < $1.key.joined(separator: ">")
        }
        let truth = JSONOutput.object([
            (
                "generator",
                .object([
                    ("users", .int(options.users)), ("seed", .int(Int64(bitPattern: options.seed))),
                    ("faults", .double(options.faultRate)), ("start", .int(options.start)),
                    ("days", .int(options.days)),
                    ("path_format", .string(options.pathFormat.rawValue)),
                ])
            ),
            (
                "stats",
                .object([
                    (
                        "summary",
                        .object([
                            ("lines", .int(lines)), ("events", .int(events)), ("malformed_lines", .int(malformedLines)),
                            ("users", .int(users.count)), ("first_time", .int(firstTime)),
                            ("last_time", .int(lastTime)),
                        ])
                    ),
                    ("events", .array(eventRows)),
                ])
            ),
            (
                "rules",
                .object(
                    ruleLines.keys.sorted().map { rule in
                        let lines = (ruleLines[rule] ?? []).sorted()
                        return (
                            rule, .object([("count", .int(lines.count)), ("lines", .array(lines.map { .int($0) }))])
                        )
                    })
            ),
            (
                "faults",
                .object(
                    Set(faultLines.keys).union(unlinedFaults.keys).sorted().map { fault in
                        let lines = (faultLines[fault] ?? []).sorted()
                        let count = lines.count + (unlinedFaults[fault] ?? 0)
                        return (fault, .object([("count", .int(count)), ("lines", .array(lines.map { .int($0) }))]))
                    })
            ),
            (
                "impressions",
                .object([
                    ("summary", .object(counts(impressions) + [("page_views", .int(pageViews))])),
                    (
                        "by_screen",
                        .array(
                            impressionsByScreen.keys.sorted().map { screen in
                                .object(
                                    [("screen", .string(screen))]
                                        + counts(impressionsByScreen[screen] ?? ImpressionCounts()))
                            })
                    ),
                ])
            ),
            (
                "elements",
                .object([
                    ("with_chain", .int(withChain)), ("invalid_chains", .int(invalidChains)),
                    ("mismatches", .object(mismatches.keys.sorted().map { ($0, .int(mismatches[$0] ?? 0)) })),
                    ("missing", .object(missingFields.keys.sorted().map { ($0, .int(missingFields[$0] ?? 0)) })),
                    ("rebuild_changed_lines", .int(rebuildChangedLines)),
                    ("rebuild_fix_changed_lines", .int(rebuildFixChangedLines)),
                    ("drift", .array(driftRows)),
                ])
            ),
            (
                "visualized",
                .array(
                    DumpGenerator.visualizedEvents.map { definition in
                        let hit = visualized[definition.name]
                        return .object([
                            ("name", .string(definition.name)), ("events", .int(hit?.events ?? 0)),
                            ("users", .int(hit?.users.count ?? 0)),
                        ])
                    })
            ),
            (
                "paths",
                .object([
                    ("conversions", .int(conversions)), ("without_path", .int(conversionsWithoutPath)),
                    (
                        "paths",
                        .array(
                            pathRows.map {
                                .object([
                                    ("path", .array($0.key.map { .string($0) })),
                                    ("conversions", .int($0.value.conversions)),
                                    ("users", .int($0.value.users.count)),
                                ])
                            })
                    ),
                    (
                        "edges",
                        .array(
                            edges.keys.sorted().map { key in
                                let parts = key.split(separator: ">").map(String.init)
                                return .object([
                                    ("source", .string(parts[0])), ("target", .string(parts[1])),
                                    ("count", .int(edges[key] ?? 0)),
                                ])
                            })
                    ),
                ])
            ),
        ])
        var result = truth
        if options.journeys { for member in journeysJSON() { result = result.appending(member) } }
        return options.navigation ? result.appending(("navigation", navigation.json)) : result
    }

    /// Counts one simulated session's `track` lines (`drafts`, in time order) into the expected
    /// sessions and retention; `exact` is false when faults were injected (no figures then).
    mutating func recordSession(_ drafts: [EventDraft], exact: Bool) {
        let events = drafts.filter { $0.type == "track" && $0.distinctId != nil }
        guard exact else {
            stitchedSessions = nil
            rawSessions = nil
            return
        }
        guard let first = events.first else { return }
        // One simulated session is one session of its person; its runs of one distinct_id (the
        // anonymous part before a login, then the rest) are sessions of their raw ids.
        stitchedSessions?.add(events[...], user: first.person)
        var runStart = 0
        for index in 1...events.count
        where index == events.count || events[index].distinctId != events[runStart].distinctId {
            rawSessions?.add(events[runStart..<index], user: events[runStart].distinctId ?? "")
            runStart = index
        }
        for event in events where event.event == "$AppStart" {
            startDays[event.person, default: []].insert(event.time.floorDivided(by: 86_400_000))
        }
    }

    /// The `identities`, `sessions` and `retention` members (the last two only without faults).
    private func journeysJSON() -> [(String, JSONOutput)] {
        var members: [String: [String]] = [:]
        for (id, person) in rawIdPersons { members[person, default: []].append(id) }
        let linked = members.keys.sorted().compactMap { person -> JSONOutput? in
            guard let ids = members[person], ids.count > 1 else { return nil }
            return .object([("person", .string(person)), ("raw_ids", .array(ids.sorted().map { .string($0) }))])
        }
        let links = JSONOutput.object([
            ("signup", .int(signupLines)), ("bind", .int(bindLines)), ("identities", .int(0)), ("unbind", .int(0)),
        ])
        var out: [(String, JSONOutput)] = [
            (
                "identities",
                .object([
                    ("raw_ids", .int(rawIdPersons.count)), ("persons", .int(members.count)), ("conflicts", .int(0)),
                    ("links", links), ("linked_persons", .array(linked)),
                ])
            )
        ]
        guard let stitchedSessions, let rawSessions else { return out }
        out.append(("sessions", .object([("raw", rawSessions.json), ("stitched", stitchedSessions.json)])))
        let periods = 7
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        let cohorts = Set(startDays.values.flatMap { $0 }).sorted().map { day -> JSONOutput in
            let persons = startDays.values.filter { $0.contains(day) }
            let retained = (0...periods).map { k in persons.filter { $0.contains(day + Int64(k)) }.count }
            return .object([
                ("period", .string(formatter.string(from: Date(timeIntervalSince1970: Double(day) * 86_400)))),
                ("size", .int(persons.count)), ("retained", .array(retained.map { .int($0) })),
            ])
        }
        out.append(
            (
                "retention",
                .object([
                    ("start", .string("$AppStart")), ("return", .string("$AppStart")), ("period", .string("day")),
                    ("periods", .int(periods)), ("tz", .string("UTC")), ("identity", .string("stitched")),
                    ("cohorts", .array(cohorts)),
                ])
            ))
        return out
    }
}
