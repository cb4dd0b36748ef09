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

    /// Puts the recorded gaps in order, so that ``group(of:value:isOther:)`` only checks them.
    mutating func sortGaps() {
        users.sortGaps()
        conversions?.sortGaps()
    }

    func group(value: String?, isOther: Bool) -> EventFunnelResult.Group {
        Self.group(of: [self], value: value, isOther: isOther)
    }

    /// The group of what every tally (of one funnel) counted, as one tally that added it all.
    static func group(of tallies: [FunnelTally], value: String?, isOther: Bool) -> EventFunnelResult.Group {
        let conversions = tallies.compactMap(\.conversions)
        return EventFunnelResult.Group(
            value: value, isOther: isOther, users: FunnelAggregator.report(of: tallies.map(\.users)),
            conversions: conversions.isEmpty ? nil : FunnelAggregator.report(of: conversions))
    }
}
