/// Events per hour of their `time` (UTC hours since the epoch), for the report's "events per
/// hour" chart.
///
/// Counts only events with an integer `time` at or after the SDKs' floor (as
/// ``StatsCollector`` does for its time range); the others are counted in ``untimed``. Memory:
/// one entry per hour that has events. Partials add their counts.
public struct HourlyEventCounter: MergeableAnalysis {
    /// Events per hour, keyed by hours since the epoch (UTC).
    public internal(set) var counts: [Int64: Int] = [:]
    /// Events without a usable `time`.
    public internal(set) var untimed = 0

    /// An empty counter.
    public init() {}

    /// The hours with events, in time order: (start in ms since the epoch, events).
    public var rows: [(hourStart: Int64, events: Int)] {
        counts.sorted { $0.key < $1.key }.map { ($0.key * Self.hour, $0.value) }
    }

    private static let hour: Int64 = 3_600_000

    /// An empty counter.
    public func makePartial() -> HourlyEventCounter { HourlyEventCounter() }

    /// Reads only `time`.
    public var readsWholeEvents: Bool { false }

    /// Counts per hour: the same in any order.
    public var visitsInAnyOrder: Bool { true }

    /// Adds `other`'s counts.
    public mutating func merge(_ other: consuming HourlyEventCounter) {
        counts.merge(other.counts, uniquingKeysWith: +)
        untimed += other.untimed
    }

    /// Counts the event in its hour.
    ///
    /// - Complexity: O(1) amortised.
    public mutating func visit(_ event: Event) {
        guard let time = event.timeMilliseconds, time >= SDKLimits.timeFloor else {
            untimed += 1
            return
        }
        let hour = time >= 0 ? time / Self.hour : (time - Self.hour + 1) / Self.hour
        counts[hour, default: 0] += 1
    }

    /// Malformed lines have no time.
    public mutating func visitMalformed(_ line: MalformedLine) {}
}
