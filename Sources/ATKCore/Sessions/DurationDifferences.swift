import ATKFunnel

/// How far durations the SDK sent (`event_duration`) are from the ones event times give.
public struct DurationDifferences: Sendable, Equatable {
    /// Durations compared.
    public internal(set) var compared = 0
    /// |SDK − event-time| per comparison, in ms, in no particular order.
    var differences: [Int64] = []

    /// None compared yet.
    public init() {}

    /// Compares one SDK duration with the event-time one.
    mutating func compare(sdk: Int64, events: Int64) {
        compared += 1
        // Saturated, like every span from data: times far apart would overflow 64 bits.
        differences.append(Int64(clamping: sdk.distance(from: events)))
    }

    /// Adds `other`'s comparisons.
    mutating func add(_ other: DurationDifferences) {
        compared += other.compared
        differences += other.differences
    }

    /// The median absolute difference in ms (``Quantile``: R-7), nil when none were compared.
    public var median: Double? { Quantile.value(0.5, ofSorted: differences.sorted()) }
    /// The 90th percentile of the absolute difference in ms.
    public var p90: Double? { Quantile.value(0.9, ofSorted: differences.sorted()) }
    /// The largest absolute difference in ms.
    public var max: Int64? { differences.max() }
}
