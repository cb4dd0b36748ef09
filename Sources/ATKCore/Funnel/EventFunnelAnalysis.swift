import ATKFunnel

/// An event funnel over a dump: ClickHouse `windowFunnel` per user, aggregated per step.
///
/// Per event it only decides which steps and exclusions the event matches; per user it keeps the
/// `(time, step mask)` of the events that match a step, the times of exclusion events and, with a
/// breakdown, the value on each step-1 event, all in ``UserEventLists`` (16 bytes a record, no
/// array per user). In strict-order mode it also keeps the unmatched events that may still stop
/// a scan (see ``FunnelEventBuffer``, which replays them per user in ``result()``). The engine
/// runs per user after the last line: in ``prepareForMerge()`` on each worker of a parallel
/// read, else in ``result()``.
///
/// Rows are track-type events (`track`, `track_signup`, `track_id_bind`, `track_id_unbind`)
/// with an integer `time` (ms) and a key (a string `distinct_id`, or the `userProperty` as text).
/// Other lines are not rows: the ones that match a step are counted in ``skippedEvents``.
///
/// Memory: 16 bytes per matched event, exclusion event and (with a breakdown) step-1 event; per
/// user the interned key and 4 bytes per list (16 more in strict-order mode). Unmatched events
/// cost nothing, except in strict-order mode those not later than the user's earliest step-1
/// event so far (16 bytes each; with `--count conversions`, every unmatched event).
///
/// Partials (``MergeableAnalysis``) each hold their own users (``FunnelUserTable``); a merge
/// keeps the tables side by side, so merging copies no per-user state.
public struct EventFunnelAnalysis: MergeableAnalysis {
    /// What is counted.
    public let configuration: EventFunnelConfiguration
    let engine: FunnelEngine
    private var matcher: FunnelStepMatcher
    private let keepsUnmatched: Bool
    var users: FunnelUserTable
    /// The engine's run of ``users``, made by ``prepareForMerge()`` on the worker's thread (nil
    /// before, and again once an event changes the table).
    private var usersRun: TableRun?
    /// The user tables of the partials merged into this one, disjoint from `users` and from
    /// each other (added only by ``appendMerged(_:run:)``).
    private(set) var mergedUsers: [FunnelUserTable] = []
    /// The runs their partials prepared, one per table of ``mergedUsers`` (nil: not run yet).
    private var mergedRuns: [TableRun?] = []
    var malformed: MalformedExamples

    /// Events read (lines that parsed as JSON objects).
    public internal(set) var events = 0
    /// Rows that matched at least one step.
    public internal(set) var matchedEvents = 0
    /// Rows that matched an exclusion.
    public internal(set) var exclusionEvents = 0
    /// Events that match a step or an exclusion but are no row: not track-type, no integer
    /// `time`, or no key.
    public internal(set) var skippedEvents = 0

    /// - Throws: `FunnelConfigurationError` for a negative window (steps are checked by `FunnelSteps`).
    public init(configuration: EventFunnelConfiguration) throws(FunnelConfigurationError) {
        let engine = try FunnelEngine(
            stepCount: configuration.steps.steps.count, window: configuration.window.milliseconds,
            mode: configuration.mode)
        self.init(configuration: configuration, engine: engine)
    }

    private init(configuration: EventFunnelConfiguration, engine: FunnelEngine) {
        self.configuration = configuration
        self.engine = engine
        matcher = FunnelStepMatcher(steps: configuration.steps)
        keepsUnmatched = configuration.mode.contains(.strictOrder)
        users = FunnelUserTable(foldsUnmatched: keepsUnmatched && configuration.unit == .users)
        malformed = MalformedExamples(limit: configuration.maxExamples)
    }

    /// Whether a property is read: a step's or an exclusion's filter, the breakdown, or the key
    /// users are counted by; a funnel of event names reads the envelope alone.
    public var readsWholeEvents: Bool {
        configuration.userProperty != nil || configuration.breakdownProperty != nil
            || configuration.steps.steps.contains { !$0.filters.isEmpty }
            || configuration.steps.exclusions.contains { !$0.filters.isEmpty }
    }

    /// Whether the result is the same in any order: a user's events are sorted by time and step
    /// (ClickHouse's order) and no location is read, unless a breakdown takes the step-1 event's
    /// value, the first in input order of those at the attempt's start time.
    public var visitsInAnyOrder: Bool { configuration.breakdownProperty == nil }

    /// Routes by the key users are counted by: the `userProperty` (its text as
    /// ``EventProperties/withText(_:_:)`` reads it, as ``userIndex(of:)`` does), else the person
    /// key with stitched identities, else `distinct_id`.
    public var partitionKey: PartitionKey {
        if let property = configuration.userProperty { return .property(property) }
        return configuration.persons.map { .person($0) } ?? .distinctId
    }

    /// An empty analysis of the same configuration.
    public func makePartial() -> EventFunnelAnalysis {
        EventFunnelAnalysis(configuration: configuration, engine: engine)
    }

    /// Adds `other`'s counts and keeps its users' tables as they are: the partials' users are
    /// disjoint and ``result()`` does not depend on the order users are run in, so nothing is
    /// copied or remapped (breakdown values are joined by their text in ``result()``).
    ///
    /// - Complexity: O(partials merged into `other`), plus the malformed examples.
    public mutating func merge(_ other: consuming EventFunnelAnalysis) {
        events += other.events
        matchedEvents += other.matchedEvents
        exclusionEvents += other.exclusionEvents
        skippedEvents += other.skippedEvents
        malformed.merge(other.malformed)
        for (table, run) in zip(
            CollectionOfOne(other.users) + other.mergedUsers, CollectionOfOne(other.usersRun) + other.mergedRuns)
        where table.count > 0 {
            appendMerged(table, run: run)
        }
    }

    /// Keeps a merged partial's user table beside this one's, with its run when it has one.
    mutating func appendMerged(_ table: FunnelUserTable, run: TableRun? = nil) {
        mergedUsers.append(table)
        mergedRuns.append(run)
    }

    /// Runs the engine over this partial's own users, on the worker's thread.
    ///
    /// Each worker does it right after its last line, while the others may still be reading:
    /// ``result(threads:)`` then only adds the runs up (it had run every partial's users after
    /// the pass: about 8 ms of `atk funnel --jobs 2` on the bench text, the two tables on two
    /// threads). An event visited afterwards drops the run.
    public mutating func prepareForMerge() {
        guard usersRun == nil, users.count > 0 else { return }
        usersRun = run(users)
    }

    /// The first malformed lines.
    public var malformedExamples: [MalformedExamples.Example] { malformed.examples }

    /// Distinct keys of the users with at least one row kept (every row's user in strict-order mode).
    public var userCount: Int { mergedUsers.reduce(users.count) { $0 + $1.count } }

    /// Keeps a malformed line as an example while there is room.
    public mutating func visitMalformed(_ line: MalformedLine) {
        malformed.record(line)
    }

    /// - Complexity: O(1) amortized per event beyond the event-name lookup and the filters of
    ///   steps of that name; a user lookup only for events that matter.
    public mutating func visit(_ event: Event) {
        events += 1
        guard let (mask, isExclusion) = match(event), mask != 0 || isExclusion || keepsUnmatched else { return }
        // The table may change below: a prepared run of it is no longer its run.
        if usersRun != nil { usersRun = nil }
        guard event.isTrackType, let time = event.timeMilliseconds, let user = userIndex(of: event) else {
            if mask != 0 || isExclusion { skippedEvents += 1 }
            return
        }
        if mask != 0 { matchedEvents += 1 }
        if mask != 0 || keepsUnmatched { users.keep(FunnelEvent(time: time, mask: mask), user: user) }
        if isExclusion {
            exclusionEvents += 1
            users.keepExclusion(user: user, time: time)
        }
        if mask & 1 != 0, let property = configuration.breakdownProperty {
            let value = EventProperties(event).withText(property) { users.breakdownValue($0) } ?? -1
            users.keepStart(user: user, time: time, value: value)
        }
    }

    /// Whether ``visit(_:)`` does more than count `event`.
    ///
    /// It does for an event named for a step or an exclusion (its filters met), and for any
    /// event with a string name in strict-order mode, which keeps the others too. With several
    /// workers the rest are counted where they were parsed instead of being handed to their
    /// user's partial (seven bench events in eight for a funnel of three names).
    public mutating func needsVisit(_ event: Event) -> Bool {
        if keepsUnmatched { return event.event?.kind == .string }
        guard let (mask, isExclusion) = match(event) else { return false }
        return mask != 0 || isExclusion
    }

    /// The steps `event` matches (bit i: step i + 1) and whether it matches an exclusion; nil for
    /// an event without a string name, which a funnel only counts.
    @inline(__always)
    private mutating func match(_ event: Event) -> (mask: UInt32, isExclusion: Bool)? {
        guard let name = event.event, name.kind == .string else { return nil }
        return name.withUTF8 { matcher.match(name: $0, properties: EventProperties(event)) }
    }

    /// Counts events ``needsVisit(_:)`` declined: a visit of them only counts them.
    public mutating func countUnvisited(_ count: Int) { events += count }

    /// The index of the event's user, adding a new one; nil when the event has no key (the key
    /// is read as ``partitionKey`` reads it, so a user's rows all reach one partial).
    private mutating func userIndex(of event: Event) -> Int? {
        if let property = configuration.userProperty {
            return EventProperties(event).withText(property) { users.user($0) }
        }
        guard let distinctId = event.distinctId, distinctId.kind == .string else { return nil }
        return distinctId.withUserKey(persons: configuration.persons) { users.user($0) }
    }

    /// Runs the engine for every user and aggregates.
    ///
    /// The aggregates do not depend on the order users are run in (counts add, times are sorted,
    /// breakdown values are ranked by count and text), so the users of merged partials are run
    /// table by table: after a parallel read, each worker has run its own partial's users
    /// (``prepareForMerge()``), each table's gaps sorted there too; tables not run yet are run
    /// here, with `threads` above 1 at once. The quantiles are then found across the tables'
    /// sorted gaps without joining them.
    ///
    /// - Complexity: O(n log n) over the kept events, plus the engine's chain search per user.
    public func result(threads: Int = 1) -> EventFunnelResult {
        let stepCount = engine.stepCount
        let tables = Array(CollectionOfOne(users) + mergedUsers)
        let prepared = Array(CollectionOfOne(usersRun) + mergedRuns)
        // The tables no partial ran (a serial read, a decoded state) are run here, at once.
        let missing = tables.indices.filter { prepared[$0] == nil }
        var made = ConcurrentWork.run(missing.map { index in { run(tables[index]) } }, threads: threads)[...]
        let runs = prepared.map { prepared in prepared ?? made.removeFirst() }
        // Counted attempts with their breakdown value (an id into `values`, -1 missing), kept
        // only for a breakdown.
        var attributed: [(value: Int32, attempt: FunnelAttempt, isUserAttempt: Bool)] = []
        var values = Interner(capacity: 64)
        for (table, run) in zip(tables, runs) {
            let valueIds = values.intern(contentsOf: table.breakdownValues)
            for item in run.attributed {
                let value = item.value < 0 ? item.value : valueIds[Int(item.value)]
                attributed.append((value, item.attempt, item.isUserAttempt))
            }
        }
        var groups: [EventFunnelResult.Group] = []
        if configuration.breakdownProperty != nil {
            groups = breakdownGroups(attributed, values: values, stepCount: stepCount)
        }
        let total = FunnelTally.group(of: runs.map(\.total), value: nil, isOther: false)
        return EventFunnelResult(
            configuration: configuration, total: total, breakdown: groups,
            events: events, matchedEvents: matchedEvents, exclusionEvents: exclusionEvents,
            skippedEvents: skippedEvents, userCount: userCount, malformedExamples: malformed.examples)
    }

    /// The engine's run for every user of a table: the tally, and with a breakdown each counted
    /// attempt with its value (an id into the table's values, -1 missing).
    struct TableRun {
        var total: FunnelTally
        var attributed: [(value: Int32, attempt: FunnelAttempt, isUserAttempt: Bool)]
    }

    /// The engine run for every user of `table`.
    private func run(_ table: FunnelUserTable) -> TableRun {
        let unit = configuration.unit
        var total = FunnelTally(stepCount: engine.stepCount, unit: unit)
        var attributed: [(value: Int32, attempt: FunnelAttempt, isUserAttempt: Bool)] = []
        let breakdown = configuration.breakdownProperty != nil
        var scratch: [(time: Int64, value: UInt32)] = []
        var exclusionTimes: [Int64] = []
        for user in 0..<table.count {
            let events = table.events(
                of: user, engine: engine, unit: unit, keepsUnmatched: keepsUnmatched, scratch: &scratch)
            table.exclusionTimes(of: user, into: &exclusionTimes, scratch: &scratch)
            let attempts = engine.attempts(for: events, exclusionTimes: exclusionTimes, counting: unit)
            if breakdown { table.starts(of: user, into: &scratch) }
            for (index, attempt) in attempts.enumerated() where attempt.level > 0 {
                total.add(attempt, isUserAttempt: index == 0)
                if breakdown {
                    attributed.append((Self.value(at: attempt.stepTimes[0], in: scratch), attempt, index == 0))
                }
            }
        }
        // On this table's thread: the report then finds its quantiles across the tables' gaps
        // in order, copying none (joining them had held every gap twice at its peak).
        total.sortGaps()
        return TableRun(total: total, attributed: attributed)
    }

    /// The breakdown value of the step-1 event at `time`; the first in input order on a tie.
    static func value(at time: Int64, in starts: [(time: Int64, value: UInt32)]) -> Int32 {
        starts.first { $0.time == time }.map { Int32(bitPattern: $0.value) } ?? -1
    }

    /// The top `breakdownLimit` values (ids into `values`) by step-1 count (then by value,
    /// missing last), and the rest summed as "other".
    private func breakdownGroups(
        _ attributed: [(value: Int32, attempt: FunnelAttempt, isUserAttempt: Bool)], values: Interner,
        stepCount: Int
    ) -> [EventFunnelResult.Group] {
        var entries: [Int32: Int] = [:]
        for item in attributed
        where !item.attempt.isExcluded && (configuration.unit == .conversions || item.isUserAttempt) {
            entries[item.value, default: 0] += 1
        }
        // Values whose every attempt was excluded still get a row, after the others.
        for item in attributed where entries[item.value] == nil { entries[item.value] = 0 }
        let ranked = entries.keys.sorted { a, b in
            let (ca, cb) = (entries[a] ?? 0, entries[b] ?? 0)
            if ca != cb { return ca > cb }
            if (a < 0) != (b < 0) { return b < 0 }
            return values.string(max(a, 0)) < values.string(max(b, 0))
        }
        let listed = Array(ranked.prefix(configuration.breakdownLimit))
        let slot = Dictionary(uniqueKeysWithValues: listed.enumerated().map { ($1, $0) })
        var tallies = listed.map { _ in FunnelTally(stepCount: stepCount, unit: configuration.unit) }
        var other = FunnelTally(stepCount: stepCount, unit: configuration.unit)
        var hasOther = false
        for item in attributed {
            if let index = slot[item.value] {
                tallies[index].add(item.attempt, isUserAttempt: item.isUserAttempt)
            } else {
                other.add(item.attempt, isUserAttempt: item.isUserAttempt)
                hasOther = true
            }
        }
        var groups = zip(listed, tallies).map { value, tally in
            tally.group(value: value < 0 ? nil : values.string(value), isOther: false)
        }
        if hasOther { groups.append(other.group(value: nil, isOther: true)) }
        return groups
    }
}
