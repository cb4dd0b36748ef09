import ATKFunnel

/// The users one partial of an ``EventFunnelAnalysis`` has seen: their keys and what is kept per
/// user (16 bytes a record in ``UserEventLists``, no array per user).
///
/// Users are numbered densely in the order first seen (``UserNumbers``: keys in 16 bytes where
/// they have a ``CompactKey``); the funnel never needs a key's text back.
///
/// Tables of different partials are disjoint (a user's events all reach one partial), so a merge
/// keeps them side by side and ``EventFunnelAnalysis/result()`` runs the engine over each.
struct FunnelUserTable {
    private var keys = UserNumbers()
    /// Users read back from a partial state (``decodeState(from:)``), whose keys are not kept:
    /// such a table is merged and run, never fed again.
    var restoredUsers = 0
    /// Step masks (0: unmatched, strict-order mode only).
    var stepEvents = UserEventLists()
    var exclusions = UserEventLists()
    /// Step-1 events' breakdown values (bit patterns of ids into ``breakdownValues``, -1:
    /// missing), in input order.
    var starts = UserEventLists()
    /// Strict-order mode counting users: per user the earliest step-1 time so far and the
    /// earliest unmatched time after it (`Int64.max`: none), which is all a later unmatched event
    /// can matter by; earlier unmatched events go to `stepEvents`.
    private var earliestStepOne: [Int64] = []
    var earliestUnmatchedAbove: [Int64] = []
    private let foldsUnmatched: Bool
    /// The breakdown values of this table's step-1 events.
    var breakdownValues = Interner(capacity: 64)

    /// - Parameter foldsUnmatched: strict-order mode counting users: keep of the unmatched events
    ///   after a user's earliest step-1 event only the earliest.
    init(foldsUnmatched: Bool) {
        self.foldsUnmatched = foldsUnmatched
    }

    /// Distinct user keys (and users read back from a partial state).
    var count: Int { keys.count + restoredUsers }

    /// The index of the user with key `key`, adding a new one.
    mutating func user(_ key: UnsafeRawBufferPointer) -> Int {
        Int(keys.number(of: key))
    }

    /// Keeps a step event, or an unmatched one that may stop a strict-order scan.
    mutating func keep(_ event: FunnelEvent, user: Int) {
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

    /// Keeps the time of an exclusion event.
    mutating func keepExclusion(user: Int, time: Int64) {
        exclusions.append(user: user, time: time, value: 0)
    }

    /// The id of a breakdown value in ``breakdownValues``, adding a new one.
    mutating func breakdownValue(_ text: UnsafeRawBufferPointer) -> Int32 {
        breakdownValues.intern(text)
    }

    /// Keeps a step-1 event's breakdown value id (-1: missing).
    mutating func keepStart(user: Int, time: Int64, value: Int32) {
        starts.append(user: user, time: time, value: UInt32(bitPattern: value))
    }

    /// The user's kept events as the engine takes them: in strict-order mode (`keepsUnmatched`)
    /// replayed through a ``FunnelEventBuffer``, which keeps what can stop a scan.
    func events(
        of user: Int, engine: FunnelEngine, unit: FunnelCountingUnit, keepsUnmatched: Bool,
        scratch: inout [(time: Int64, value: UInt32)]
    ) -> [FunnelEvent] {
        stepEvents.records(of: user, into: &scratch)
        guard keepsUnmatched else { return scratch.map { FunnelEvent(time: $0.time, mask: $0.value) } }
        // An `.arbitrary` buffer accepts any order: `append` cannot throw.
        var buffer = FunnelEventBuffer(engine: engine, unit: unit)
        for record in scratch { try? buffer.append(FunnelEvent(time: record.time, mask: record.value)) }
        if foldsUnmatched, user < earliestUnmatchedAbove.count, earliestUnmatchedAbove[user] != .max {
            try? buffer.append(FunnelEvent(time: earliestUnmatchedAbove[user], mask: 0))
        }
        return buffer.events
    }

    /// Replaces `times` with the times of the user's exclusion events.
    func exclusionTimes(of user: Int, into times: inout [Int64], scratch: inout [(time: Int64, value: UInt32)]) {
        exclusions.records(of: user, into: &scratch)
        times.removeAll(keepingCapacity: true)
        times.append(contentsOf: scratch.lazy.map(\.time))
    }

    /// Replaces `starts` with the user's step-1 events: time and breakdown value id (-1: missing),
    /// in input order.
    func starts(of user: Int, into records: inout [(time: Int64, value: UInt32)]) {
        starts.records(of: user, into: &records)
    }
}
