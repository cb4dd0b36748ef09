/// Collects one user's events for a `FunnelEngine`, keeping only those that
/// can change the result.
///
/// Events matching no step are dropped, except in `strictOrder` mode. There
/// ClickHouse stops at the first unmatched event that sorts after the user's
/// earliest step-1 event, i.e. the earliest unmatched time strictly greater
/// than the earliest step-1 time; every other unmatched event is irrelevant.
/// - `.timeOrdered` (appends in non-decreasing time, checked): keeps that one
///   unmatched event and drops everything after it, so a run of unmatched
///   events costs nothing.
/// - `.arbitrary`: keeps unmatched times not above the earliest step-1 time
///   seen so far (it may still decrease) and only the minimum of the rest.
///
/// Counting `.conversions` re-enters the funnel after each completion, so
/// later unmatched events matter too: a `.timeOrdered` buffer then drops only
/// unmatched events before the first step event and those that directly
/// follow a kept unmatched event later than every step event so far; an
/// `.arbitrary` buffer keeps them all.
///
/// `events` then gives the same engine results as the full event list
/// (`attempt(for:)` for `.users`, `attempts(for:)` for `.conversions`).
public struct FunnelEventBuffer: Sendable {
    /// The order in which events will be appended.
    public enum Ordering: Sendable {
        /// Any order.
        case arbitrary
        /// Non-decreasing time; `append` throws otherwise.
        case timeOrdered
    }

    /// The promised append order.
    public let ordering: Ordering
    private let keepsUnmatched: Bool
    private let keepsEveryAttempt: Bool
    private let stepBits: UInt32
    /// Kept events: every step event plus the unmatched ones that can matter.
    private var kept: [FunnelEvent] = []
    private var earliestStepOne: Int64?
    private var lastTime: Int64?
    private var lastStepTime: Int64?
    private var isClosed = false
    private var unmatchedTimes: [Int64] = []
    private var unmatchedPruneThreshold = 16
    private var earliestUnmatchedAbove: Int64?

    /// Creates an empty buffer for `engine`'s step count and mode, keeping
    /// what `unit` needs.
    public init(engine: FunnelEngine, unit: FunnelCountingUnit = .users, ordering: Ordering = .arbitrary) {
        self.ordering = ordering
        keepsUnmatched = engine.mode.contains(.strictOrder)
        keepsEveryAttempt = unit == .conversions
        stepBits = engine.stepBits
    }

    /// Adds an event.
    ///
    /// - Throws: `FunnelInputError.outOfOrder` for a `.timeOrdered` buffer
    ///   when `event.time` is earlier than the previous append.
    ///
    /// Complexity: amortized O(log u) for u stored unmatched times; O(1)
    /// for step events and for `.timeOrdered` buffers.
    public mutating func append(_ event: FunnelEvent) throws(FunnelInputError) {
        switch ordering {
        case .timeOrdered:
            if let lastTime, event.time < lastTime {
                throw .outOfOrder(previous: lastTime, time: event.time)
            }
            lastTime = event.time
            appendOrdered(event)
        case .arbitrary:
            appendArbitrary(event)
        }
    }

    /// The kept events, to pass to `FunnelEngine`.
    ///
    /// Complexity: O(k) for k kept events.
    public var events: [FunnelEvent] {
        guard ordering == .arbitrary, keepsUnmatched, !keepsEveryAttempt, let earliestStepOne else {
            return kept
        }
        var breaking = earliestUnmatchedAbove
        for time in unmatchedTimes where time > earliestStepOne {
            breaking = min(breaking ?? time, time)
        }
        guard let breaking else { return kept }
        return kept + [FunnelEvent(time: breaking, mask: 0)]
    }

    private mutating func appendOrdered(_ event: FunnelEvent) {
        guard !isClosed else { return }
        let mask = event.mask & stepBits
        guard mask != 0 else {
            guard keepsUnmatched else { return }
            if keepsEveryAttempt {
                appendOrderedUnmatched(event.time)
            } else if let earliestStepOne, event.time > earliestStepOne {
                kept.append(FunnelEvent(time: event.time, mask: 0))
                isClosed = true
            }
            return
        }
        if mask & 1 != 0 && earliestStepOne == nil {
            earliestStepOne = event.time
        }
        lastStepTime = event.time
        kept.append(FunnelEvent(time: event.time, mask: mask))
    }

    /// Keeps an unmatched event for `.conversions`, unless no scan can stop
    /// at it: before any step event every scan starts later, and after a kept
    /// unmatched event later than all step events that one stops first.
    private mutating func appendOrderedUnmatched(_ time: Int64) {
        guard let lastStepTime else { return }
        if let previous = kept.last, previous.mask == 0, previous.time > lastStepTime {
            return
        }
        kept.append(FunnelEvent(time: time, mask: 0))
    }

    private mutating func appendArbitrary(_ event: FunnelEvent) {
        let mask = event.mask & stepBits
        guard mask != 0 else {
            guard keepsUnmatched else { return }
            if keepsEveryAttempt {
                kept.append(FunnelEvent(time: event.time, mask: 0))
            } else if let earliestStepOne, event.time > earliestStepOne {
                earliestUnmatchedAbove = min(earliestUnmatchedAbove ?? event.time, event.time)
            } else {
                unmatchedTimes.append(event.time)
                if unmatchedTimes.count >= unmatchedPruneThreshold { pruneUnmatched() }
            }
            return
        }
        kept.append(FunnelEvent(time: event.time, mask: mask))
        if mask & 1 != 0 && earliestStepOne.map({ event.time < $0 }) ?? true {
            earliestStepOne = event.time
        }
    }

    /// Folds stored unmatched times above the earliest step-1 time into
    /// `earliestUnmatchedAbove` and drops duplicates; doubles the threshold
    /// so that pruning stays amortized O(log u) per append.
    private mutating func pruneUnmatched() {
        if let earliestStepOne {
            for time in unmatchedTimes where time > earliestStepOne {
                earliestUnmatchedAbove = min(earliestUnmatchedAbove ?? time, time)
            }
            unmatchedTimes.removeAll { $0 > earliestStepOne }
        }
        unmatchedTimes.sort()
        var unique: [Int64] = []
        unique.reserveCapacity(unmatchedTimes.count)
        for time in unmatchedTimes where unique.last != time {
            unique.append(time)
        }
        unmatchedTimes = unique
        unmatchedPruneThreshold = max(16, 2 * unmatchedTimes.count)
    }
}
