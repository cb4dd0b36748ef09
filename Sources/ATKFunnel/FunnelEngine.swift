/// Per-user funnel evaluation with ClickHouse `windowFunnel` semantics.
///
/// The level equals `windowFunnel(window[, options])(time, cond1, …, condN)`
/// on the same events (ClickHouse 26.9). Events are expanded to one
/// `(time, step)` entry per matched step (step 0 for an unmatched event in
/// `strictOrder` mode) and sorted by `(time, step)`, exactly as ClickHouse
/// sorts them, so input order never matters.
///
/// The reported attempt is the earliest chain that reaches the level: the
/// earliest step-1 entry from which the level can be reached, then for each
/// next step the earliest entry after the previous one that is still inside
/// the window (and, in `strictIncrease` mode, strictly later). Only entries
/// that ClickHouse examines before it stops count.
public struct FunnelEngine: Sendable {
    /// Number of steps, 1…32.
    public let stepCount: Int
    /// Maximum time from the step-1 event to any later step, inclusive.
    public let window: Int64
    /// ClickHouse options.
    public let mode: FunnelMode
    /// Mask of the bits that name a step.
    let stepBits: UInt32

    /// Creates an engine.
    /// - Throws: `FunnelConfigurationError` when `stepCount` is outside 1…32
    ///   or `window` is negative.
    public init(stepCount: Int, window: Int64, mode: FunnelMode = []) throws(FunnelConfigurationError) {
        guard (1...32).contains(stepCount) else {
            throw .stepCountOutOfRange(stepCount)
        }
        guard window >= 0 else {
            throw .negativeWindow(window)
        }
        self.stepCount = stepCount
        self.window = window
        self.mode = mode
        stepBits = stepCount == 32 ? .max : (1 << UInt32(stepCount)) - 1
    }

    /// The user's ClickHouse level, 0…stepCount.
    ///
    /// Complexity: O(n log n) for n entries (O(n) when already sorted).
    public func level(of events: [FunnelEvent]) -> Int {
        scan(entries(of: events), from: 0).level
    }

    /// The user's level and the earliest attempt that reaches it.
    ///
    /// - Parameters:
    ///   - events: The user's events in any order; bits above `stepCount` in a
    ///     mask are ignored.
    ///   - exclusionTimes: Times of the user's exclusion events, any order.
    /// - Returns: The attempt; `isExcluded` is set when an exclusion time lies
    ///   in `stepTimes.first…stepTimes.last` (inclusive).
    ///
    /// Complexity: O(n log n + a·w + x) for n entries, a step-1 entries tried
    /// before one reaches the level, w entries per window and x exclusions.
    public func attempt(for events: [FunnelEvent], exclusionTimes: [Int64] = []) -> FunnelAttempt {
        let entries = entries(of: events)
        return nextAttempt(in: entries, from: 0, exclusionTimes: exclusionTimes)?.attempt ?? .none
    }

    /// The user's successive attempts, for counting conversions.
    ///
    /// The first attempt is `attempt(for:exclusionTimes:)`. After an attempt
    /// that completes the funnel, the user re-enters: the funnel is evaluated
    /// again on the entries after the completing entry. The sequence ends with
    /// the first attempt that does not complete (included when its level is at
    /// least 1). Each attempt is checked against the exclusions on its own.
    ///
    /// Complexity: O(n log n + c·(n + a·w)) for c completed attempts.
    public func attempts(for events: [FunnelEvent], exclusionTimes: [Int64] = []) -> [FunnelAttempt] {
        let entries = entries(of: events)
        var result: [FunnelAttempt] = []
        var start = 0
        while let next = nextAttempt(in: entries, from: start, exclusionTimes: exclusionTimes) {
            result.append(next.attempt)
            guard next.attempt.level == stepCount else { break }
            start = next.resumeIndex
        }
        return result
    }

    /// The attempts `unit` counts for one user: the chosen attempt (``attempt(for:exclusionTimes:)``)
    /// for `.users`, every attempt (``attempts(for:exclusionTimes:)``) for `.conversions`.
    ///
    /// Complexity: that of the call it makes.
    public func attempts(
        for events: [FunnelEvent], exclusionTimes: [Int64] = [], counting unit: FunnelCountingUnit
    ) -> [FunnelAttempt] {
        switch unit {
        case .users: [attempt(for: events, exclusionTimes: exclusionTimes)]
        case .conversions: attempts(for: events, exclusionTimes: exclusionTimes)
        }
    }

    // MARK: - Entries

    /// One matched step of one event; step 0 is an unmatched event.
    struct Entry: Comparable {
        var time: Int64
        var step: UInt8

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            lhs.time != rhs.time ? lhs.time < rhs.time : lhs.step < rhs.step
        }
    }

    /// Expands events to entries sorted by `(time, step)`.
    ///
    /// Complexity: O(n log n), O(n) when the input is already in order.
    func entries(of events: [FunnelEvent]) -> [Entry] {
        let keepsUnmatched = mode.contains(.strictOrder)
        var entries: [Entry] = []
        entries.reserveCapacity(events.count)
        var isSorted = true
        for event in events {
            var bits = event.mask & stepBits
            if bits == 0 {
                guard keepsUnmatched else { continue }
                append(Entry(time: event.time, step: 0), to: &entries, isSorted: &isSorted)
                continue
            }
            while bits != 0 {
                let step = UInt8(bits.trailingZeroBitCount + 1)
                append(Entry(time: event.time, step: step), to: &entries, isSorted: &isSorted)
                bits &= bits - 1
            }
        }
        if !isSorted {
            entries.sort()
        }
        return entries
    }

    private func append(_ entry: Entry, to entries: inout [Entry], isSorted: inout Bool) {
        if isSorted, let last = entries.last, entry < last {
            isSorted = false
        }
        entries.append(entry)
    }

    // MARK: - ClickHouse scan

    /// Replays ClickHouse's `windowFunnel` scan over `entries[start...]`.
    ///
    /// - Returns: The level, and `end`: the index after the last entry the
    ///   scan used (the entry that made it stop is excluded).
    ///
    /// Complexity: O(n), no heap allocation.
    func scan(_ entries: [Entry], from start: Int) -> (level: Int, end: Int) {
        let strictOrder = mode.contains(.strictOrder)
        let deduplicate = mode.contains(.strictDeduplication)
        let strictIncrease = mode.contains(.strictIncrease)
        return withUnsafeTemporaryAllocation(of: Int64.self, capacity: 2 * stepCount) { slots in
            slots.initialize(repeating: 0)
            // Level k (0-based) keeps the first and last time of the chain that
            // reached it at slots[2k] and slots[2k + 1]; bit k of `reached` says
            // the level has been reached.
            var reached: UInt32 = 0
            func level() -> Int { 32 - reached.leadingZeroBitCount }
            var index = start
            while index < entries.count {
                let entry = entries[index]
                if entry.step == 0 {
                    if reached & 1 != 0 { return (level(), index) }
                    index += 1
                    continue
                }
                let k = Int(entry.step) - 1
                if k == 0 {
                    slots[0] = entry.time
                    slots[1] = entry.time
                    reached |= 1
                } else if deduplicate && reached & (1 << UInt32(k)) != 0 {
                    return (level(), index)
                } else if strictOrder && reached & 1 != 0 && reached & (1 << UInt32(k - 1)) == 0 {
                    return (level(), index)
                } else if reached & (1 << UInt32(k - 1)) != 0 {
                    let first = slots[2 * (k - 1)]
                    var matched = isWithinWindow(entry.time, from: first)
                    if strictIncrease {
                        matched = matched && slots[2 * (k - 1) + 1] < entry.time
                    }
                    if matched {
                        slots[2 * k] = first
                        slots[2 * k + 1] = entry.time
                        reached |= 1 << UInt32(k)
                        if k + 1 == stepCount { return (stepCount, index + 1) }
                    }
                }
                index += 1
            }
            return (level(), entries.count)
        }
    }

    /// Whether `time` (not earlier than `anchor`) is inside the window.
    private func isWithinWindow(_ time: Int64, from anchor: Int64) -> Bool {
        UInt64(bitPattern: time &- anchor) <= UInt64(window)
    }

    // MARK: - Chosen attempt

    /// The attempt found by scanning from `start`, or `nil` at level 0.
    private func nextAttempt(
        in entries: [Entry], from start: Int, exclusionTimes: [Int64]
    ) -> (attempt: FunnelAttempt, resumeIndex: Int)? {
        let (level, end) = scan(entries, from: start)
        guard level > 0, let chain = earliestChain(in: entries, range: start..<end, level: level) else {
            return nil
        }
        let times = chain.map { entries[$0].time }
        let first = times[0]
        let last = times[times.count - 1]
        let excluded = exclusionTimes.contains { first <= $0 && $0 <= last }
        let attempt = FunnelAttempt(level: level, stepTimes: times, isExcluded: excluded)
        return (attempt, chain[chain.count - 1] + 1)
    }

    /// Entry indices of the earliest chain of `level` steps in `range`.
    ///
    /// Tries step-1 entries in order and follows each greedily; greedy choice
    /// is optimal for a fixed start, so the first success is the earliest.
    ///
    /// Complexity: O(a·w) for a step-1 entries tried, w entries per window.
    private func earliestChain(in entries: [Entry], range: Range<Int>, level: Int) -> [Int]? {
        let strictIncrease = mode.contains(.strictIncrease)
        var chain: [Int] = []
        chain.reserveCapacity(level)
        for anchor in range where entries[anchor].step == 1 {
            let anchorTime = entries[anchor].time
            chain.removeAll(keepingCapacity: true)
            chain.append(anchor)
            var index = anchor + 1
            var previousTime = anchorTime
            while chain.count < level && index < range.upperBound {
                let entry = entries[index]
                guard isWithinWindow(entry.time, from: anchorTime) else { break }
                if Int(entry.step) == chain.count + 1 && (!strictIncrease || entry.time > previousTime) {
                    chain.append(index)
                    previousTime = entry.time
                }
                index += 1
            }
            if chain.count == level { return chain }
        }
        return nil
    }
}
