extension LifecycleTracker {
    /// An empty tracker with the same tolerance.
    func makePartial() -> LifecycleTracker { LifecycleTracker(durationTolerance: durationTolerance) }

    /// Adds the lifecycle events `other` noted: its users by their id's text, so one user's
    /// events meet whichever partial noted them (with routing by `distinct_id` they were all in
    /// one), and the judgement at ``finish(into:)`` sorts them by time as one read would.
    ///
    /// - Parameter breakdown: how the merge of the findings renumbered breakdown values.
    /// - Complexity: O(records of both + users of `other`).
    mutating func merge(_ other: LifecycleTracker, breakdown: ValidationFindings.BreakdownRenumbering) {
        if breakdown.mine != nil {
            for index in records.indices {
                records[index].breakdown = breakdown.renumberedMine(records[index].breakdown)
            }
        }
        let known = users.count
        let userIds = users.intern(contentsOf: other.users)
        // Two grouped runs of different users, one after the other, are grouped (an empty one is).
        isGrouped =
            (isGrouped || records.isEmpty) && (other.isGrouped || other.records.isEmpty)
            && userIds.allSatisfy { Int($0) >= known }
        records.reserveCapacity(records.count + other.records.count)
        for var record in other.records {
            record.user = userIds[Int(record.user)]
            record.breakdown = breakdown.renumberedTheirs(record.breakdown)
            records.append(record)
        }
    }
}
