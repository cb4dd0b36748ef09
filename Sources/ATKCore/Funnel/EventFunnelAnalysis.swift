import ATKFunnel

/// An event funnel over a dump: ClickHouse `windowFunnel` per user, aggregated per step.
///
/// Per event it only decides which steps and exclusions the event matches; per user it keeps the
/// `(time, step mask)` of the events that match a step, the times of exclusion events and, with a
/// breakdown, the value on each step-1 event, all in ``UserEventLists`` (16 bytes a record, no
/// array per user). In strict-order mode it also keeps the unmatched events that may still stop
/// a scan (see ``FunnelEventBuffer``, which replays them per user in ``result()``). The engine
/// runs per user in ``result()``.
///
/// Rows are track-type events (`track`, `track_signup`, `track_id_bind`, `track_id_unbind`)
/// with an integer `time` (ms) and a key (a string `distinct_id`, or the `userProperty` as text).
/// Other lines are not rows: the ones that match a step are counted in ``skippedEvents``.
///
/// Memory: 16 bytes per matched event, exclusion event and (with a breakdown) step-1 event; per
/// user the interned key and 4 bytes per list (16 more in strict-order mode). Unmatched events
/// cost nothing, except in strict-order mode those not later than the user's earliest step-1
/// event so far (16 bytes each; with `--count conversions`, every unmatched event).
public struct EventFunnelAnalysis: DumpVisitor {
    /// What is counted.
    public let configuration: EventFunnelConfiguration
    let engine: FunnelEngine
    private var matcher: FunnelStepMatcher
    private let keepsUnmatched: Bool
    private var userKeys = Interner(capacity: 4096)
    /// Step masks (0: unmatched, strict-order mode only).
    private var stepEvents = UserEventLists()
    private var exclusions = UserEventLists()
    /// Step-1 events' breakdown values (bit patterns of value ids, -1: missing), in input order.
    private var starts = UserEventLists()
    /// Strict-order mode counting users: per user the earliest step-1 time so far and the
    /// earliest unmatched time after it (`Int64.max`: none), which is all a later unmatched event
    /// can matter by; earlier unmatched events go to `stepEvents`.
    private var earliestStepOne: [Int64] = []
    private var earliestUnmatchedAbove: [Int64] = []
    private let foldsUnmatched: Bool
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

    /// - Throws: `FunnelConfigurationError` for a negative window (steps are checked by `FunnelSteps`).
    public init(configuration: EventFunnelConfiguration) throws(FunnelConfigurationError) {
        self.configuration = configuration
        engine = try FunnelEngine(
            stepCount: configuration.steps.steps.count, window: configuration.window.milliseconds,
            mode: configuration.mode)
        matcher = FunnelStepMatcher(steps: configuration.steps)
        keepsUnmatched = configuration.mode.contains(.strictOrder)
        foldsUnmatched = keepsUnmatched && configuration.unit == .users
        malformed = MalformedExamples(limit: configuration.maxExamples)
    }

    /// The first malformed lines.
    public var malformedExamples: [MalformedExamples.Example] { malformed.examples }

    /// Distinct keys of the users with at least one row kept (every row's user in strict-order mode).
    public var userCount: Int { userKeys.count }

    /// Keeps a malformed line as an example while there is room.
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
        if mask != 0 || keepsUnmatched { keep(FunnelEvent(time: time, mask: mask), user: user) }
        if isExclusion {
            exclusionEvents += 1
            exclusions.append(user: user, time: time, value: 0)
        }
        if mask & 1 != 0, let property = configuration.breakdownProperty {
            let value = EventProperties(event).withText(property) { breakdownValues.intern($0) } ?? -1
            starts.append(user: user, time: time, value: UInt32(bitPattern: value))
        }
    }

    /// Keeps a step event, or an unmatched one that may stop a strict-order scan.
    private mutating func keep(_ event: FunnelEvent, user: Int) {
        guard foldsUnmatched else {
            return stepEvents.append(user: user, time: event.time, value: event.mask)
        }
        if user >= earliestStepOne.count {
            earliestStepOne += repeatElement(.max, count: user + 1 - earliestStepOne.count)
            earliestUnmatchedAbove += repeatElement(.max, count: user + 1 - earliestUnmatchedAbove.count)
        }
        if event.mask == 0 && earliestStepOne[user] != .max && event.time > earliestStepOne[user] {
            // Later than a step-1 event: it stays so as that time can only decrease.
            earliestUnmatchedAbove[user] = min(earliestUnmatchedAbove[user], event.time)
            return
        }
        if event.mask & 1 != 0 { earliestStepOne[user] = min(earliestStepOne[user], event.time) }
        stepEvents.append(user: user, time: event.time, value: event.mask)
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
        return Int(id)
    }

    /// The user's kept events as the engine takes them: in strict-order mode replayed through a
    /// ``FunnelEventBuffer``, which keeps what can stop a scan.
    private func events(of user: Int, scratch: inout [(time: Int64, value: UInt32)]) -> [FunnelEvent] {
        stepEvents.records(of: user, into: &scratch)
        guard keepsUnmatched else { return scratch.map { FunnelEvent(time: $0.time, mask: $0.value) } }
        // An `.arbitrary` buffer accepts any order: `append` cannot throw.
        var buffer = FunnelEventBuffer(engine: engine, unit: configuration.unit)
        for record in scratch { try? buffer.append(FunnelEvent(time: record.time, mask: record.value)) }
        if foldsUnmatched, user < earliestUnmatchedAbove.count, earliestUnmatchedAbove[user] != .max {
            try? buffer.append(FunnelEvent(time: earliestUnmatchedAbove[user], mask: 0))
        }
        return buffer.events
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
        var scratch: [(time: Int64, value: UInt32)] = []
        var exclusionTimes: [Int64] = []
        for user in 0..<userKeys.count {
            let events = events(of: user, scratch: &scratch)
            exclusions.records(of: user, into: &scratch)
            exclusionTimes.removeAll(keepingCapacity: true)
            exclusionTimes.append(contentsOf: scratch.lazy.map(\.time))
            let attempts = engine.attempts(for: events, exclusionTimes: exclusionTimes, counting: unit)
            if breakdown { starts.records(of: user, into: &scratch) }
            for (index, attempt) in attempts.enumerated() where attempt.level > 0 {
                total.add(attempt, isUserAttempt: index == 0)
                if breakdown {
                    attributed.append((Self.value(at: attempt.stepTimes[0], in: scratch), attempt, index == 0))
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
            skippedEvents: skippedEvents, userCount: userKeys.count, malformedExamples: malformed.examples)
    }

    /// The breakdown value of the step-1 event at `time`; the first in input order on a tie.
    static func value(at time: Int64, in starts: [(time: Int64, value: UInt32)]) -> Int32 {
        starts.first { $0.time == time }.map { Int32(bitPattern: $0.value) } ?? -1
    }

    /// The top `breakdownLimit` values by step-1 count (then by value, missing last), and the
    /// rest summed as "other".
    private func breakdownGroups(
        _ attributed: [(value: Int32, attempt: FunnelAttempt, isUserAttempt: Bool)], stepCount: Int
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
