/// The outcome of one funnel attempt: how far it got and when.
public struct FunnelAttempt: Hashable, Sendable {
    /// Steps reached, 0…stepCount (ClickHouse's `windowFunnel` level).
    public let level: Int
    /// Time of each reached step; `stepTimes.count == level`.
    public let stepTimes: [Int64]
    /// Whether an exclusion event fell in `stepTimes.first…stepTimes.last`.
    public let isExcluded: Bool

    /// Creates an attempt.
    public init(level: Int, stepTimes: [Int64], isExcluded: Bool = false) {
        self.level = level
        self.stepTimes = stepTimes
        self.isExcluded = isExcluded
    }

    /// A user who never reached step 1.
    public static let none = FunnelAttempt(level: 0, stepTimes: [])
}
