import ATKFunnel

/// The users aggregate and, when counting conversions, the conversions aggregate of one group.
struct FunnelTally {
    private var users: FunnelAggregator
    private var conversions: FunnelAggregator?

    init(stepCount: Int, unit: FunnelCountingUnit) {
        users = FunnelAggregator(stepCount: stepCount, unit: .users)
        conversions = unit == .conversions ? FunnelAggregator(stepCount: stepCount, unit: .conversions) : nil
    }

    /// Adds an attempt: to users when it is the user's first (the users-mode attempt), to
    /// conversions always.
    mutating func add(_ attempt: FunnelAttempt, isUserAttempt: Bool) {
        if isUserAttempt { users.add(attempt) }
        conversions?.add(attempt)
    }

    /// Adds what `other`, a tally of the same funnel, counted.
    mutating func merge(_ other: FunnelTally) {
        users.merge(other.users)
        if let theirs = other.conversions { conversions?.merge(theirs) }
    }

    func group(value: String?, isOther: Bool) -> EventFunnelResult.Group {
        EventFunnelResult.Group(
            value: value, isOther: isOther, users: users.report(), conversions: conversions?.report())
    }
}
