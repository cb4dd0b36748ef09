import ATKFunnel

/// An event funnel over a dump: ClickHouse `windowFunnel` per user, aggregated per step.
///
/// Per event it only decides which steps and exclusions the event matches; per user it keeps the
/// compact `FunnelEvent`s (time + step mask) of the events that match a step (in strict-order
/// mode `FunnelEventBuffer` also keeps the one unmatched event that can stop the scan), the
/// times of exclusion events and, with a breakdown, the value on each step-1 event. The engine
/// runs per user in ``result()``.
///
/// Rows are track-type events (`track`, `track_signup`, `track_id_bind`, `track_id_unbind`)
/// with an integer `time` (ms) and a key (a string `distinct_id`, or the `userProperty` as text).
/// Other lines are not rows: the ones that match a step are counted in ``skippedEvents``.
///
/// Memory: O(users + matched events), 16 bytes per matched event; unmatched events cost nothing.
public struct EventFunnelAnalysis: DumpVisitor {
    public let configuration: EventFunnelConfiguration
    let engine: FunnelEngine
    private var matcher: FunnelStepMatcher
    private let keepsUnmatched: Bool
    private var userKeys = Interner(capacity: 4096)
    private var users: [UserState] = []
    private var breakdownValues = Interner(capacity: 64)
    private var malformed: MalformedExamples

    /// Events read (lines that parsed as JSON objects).
    public private(set) var events = 0
    /// Rows that matched at least one step.
    public private(set) var matchedEvents = 0
    /// Rows that matched an exclusion.
    public private(set) var exclusionEvents = 0
    /// Events that match a step or an exclusion but are no row: not track-type, no integer
    /// `time`, or no key.
    public private(set) var skippedEvents = 0

    /// One user's compact state.
    struct UserState {
        var buffer: FunnelEventBuffer
        var exclusionTimes: [Int64] = []
        /// Step-1 events' times and breakdown values (-1: missing), in input order.
        var starts: [(time: Int64, value: Int32)] = []
    }

    /// - Throws: `FunnelConfigurationError` for a negative window (steps are checked by `FunnelSteps`).
    public init(configuration: EventFunnelConfiguration) throws(FunnelConfigurationError) {
        self.configuration = configuration
        engine = try FunnelEngine(
            stepCount: configuration.steps.steps.count, window: configuration.window.milliseconds,
            mode: configuration.mode)
        matcher = FunnelStepMatcher(steps: configuration.steps)
        keepsUnmatched = configuration.mode.contains(.strictOrder)
        malformed = MalformedExamples(limit: configuration.maxExamples)
    }

    /// The first malformed lines.
    public var malformedExamples: [MalformedExamples.Example] { malformed.examples }

    /// Distinct keys of the users with at least one row kept (every row's user in strict-order mode).
    public var userCount: Int { users.count }

    public mutating func visitMalformed(_ line: MalformedLine) {
        malformed.record(line)
    }

    /// - Complexity: O(1) amortized per event beyond the event-name lookup and the filters of
    ///   steps of that name; a user lookup only for events that matter.
    public mutating func visit(_ event: Event) {
        events += 1
        guard let name = event.event, name.kind == .string else { return }
        let (mask, isExclusion) = name.withUTF8 { matcher.match(name: $0, properties: EventProperties(event)) }
        guard mask != 0 || isExclusion || keepsUnmatched else { return }
        guard event.isTrackType, let time = event.timeMilliseconds, let user = userIndex(of: event) else {
            if mask != 0 || isExclusion { skippedEvents += 1 }
            return
        }
        if mask != 0 { matchedEvents += 1 }
        if mask != 0 || keepsUnmatched {
            // An `.arbitrary` buffer accepts any order: `append` cannot throw.
            try? users[user].buffer.append(FunnelEvent(time: time, mask: mask))
        }
        if isExclusion {
            exclusionEvents += 1
            users[user].exclusionTimes.append(time)
        }
        if mask & 1 != 0, let property = configuration.breakdownProperty {
            let value = EventProperties(event).withText(property) { breakdownValues.intern($0) } ?? -1
            users[user].starts.append((time, value))
        }
    }

    /// The index of the event's user, adding a new one; nil when the event has no key.
    private mutating func userIndex(of event: Event) -> Int? {
        let id: Int32?
        if let property = configuration.userProperty {
            id = EventProperties(event).withText(property) { userKeys.intern($0) }
        } else if let distinctId = event.distinctId, distinctId.kind == .string {
            id = distinctId.withUTF8 { userKeys.intern($0) }
        } else {
            id = nil
        }
        guard let id else { return nil }
        let index = Int(id)
        if index == users.count {
            users.append(UserState(buffer: FunnelEventBuffer(engine: engine, unit: configuration.unit)))
        }
        return index
    }

    /// Runs the engine for every user and aggregates.
    ///
    /// - Complexity: O(n log n) over the kept events, plus the engine's chain search per user.
    public func result() -> EventFunnelResult {
        let stepCount = engine.stepCount
        let unit = configuration.unit
        var total = FunnelTally(stepCount: stepCount, unit: unit)
        // Counted attempts with their breakdown value (-1 missing), kept only for a breakdown.
        var attributed: [(value: Int32, attempt: FunnelAttempt, isUserAttempt: Bool)] = []
        let breakdown = configuration.breakdownProperty != nil
        for state in users {
            let events = state.buffer.events
            let attempts = unit == .users
                ? [engine.attempt(for: events, exclusionTimes: state.exclusionTimes)]
                : engine.attempts(for: events, exclusionTimes: state.exclusionTimes)
            for (index, attempt) in attempts.enumerated() where attempt.level > 0 {
                total.add(attempt, isUserAttempt: index == 0)
                if breakdown {
                    attributed.append((Self.value(at: attempt.stepTimes[0], in: state.starts), attempt, index == 0))
                }
            }
        }
        var groups: [EventFunnelResult.Group] = []
        if breakdown {
            groups = breakdownGroups(attributed, stepCount: stepCount)
        }
        return EventFunnelResult(
            configuration: configuration, total: total.group(value: nil, isOther: false), breakdown: groups,
            events: events, matchedEvents: matchedEvents, exclusionEvents: exclusionEvents,
            skippedEvents: skippedEvents, userCount: users.count, malformedExamples: malformed.examples)
    }

    /// The breakdown value of the step-1 event at `time`; the first in input order on a tie.
    static func value(at time: Int64, in starts: [(time: Int64, value: Int32)]) -> Int32 {
        starts.first { $0.time == time }?.value ?? -1
    }

    /// The top `breakdownLimit` values by step-1 count (then by value, missing last), and the
    /// rest summed as "other".
    private func breakdownGroups(
        _ attributed: [(value: Int32, attempt: FunnelAttempt, isUserAttempt: Bool)], stepCount: Int
    ) -> [EventFunnelResult.Group] {
        var entries: [Int32: Int] = [:]
        for item in attributed where !item.attempt.isExcluded && (configuration.unit == .conversions || item.isUserAttempt) {
            entries[item.value, default: 0] += 1
        }
        // Values whose every attempt was excluded still get a row, after the others.
        for item in attributed where entries[item.value] == nil { entries[item.value] = 0 }
        let ranked = entries.keys.sorted { a, b in
            let (ca, cb) = (entries[a] ?? 0, entries[b] ?? 0)
            if ca != cb { return ca > cb }
            if (a < 0) != (b < 0) { return b < 0 }
            return breakdownValues.string(max(a, 0)) < breakdownValues.string(max(b, 0))
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
            tally.group(value: value < 0 ? nil : breakdownValues.string(value), isOther: false)
        }
        if hasOther { groups.append(other.group(value: nil, isOther: true)) }
        return groups
    }
}
