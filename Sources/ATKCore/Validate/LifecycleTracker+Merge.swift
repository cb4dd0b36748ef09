extension LifecycleTracker {
    /// An empty tracker with the same tolerance.
    func makePartial() -> LifecycleTracker { LifecycleTracker(durationTolerance: durationTolerance) }

    /// Adds the lifecycle events `other` noted: its users by their id's text, so one user's
    /// events meet whichever partial noted them (with routing by `distinct_id` they were all in
    /// one), and the judgement at ``finish(into:)`` sorts them by time as one read would.
    ///
    /// When both are grouped (``group()``) and share no user, as partials routed by `distinct_id`
    /// and prepared for the merge are, `other`'s records are kept apart as ``parts``, not copied:
    /// the merge costs its users and no record. Otherwise every record joins ``records``.
    ///
    /// - Parameter breakdown: how the merge of the findings renumbered breakdown values.
    /// - Complexity: O(users of `other` + parts of both) when kept apart, else O(records of both).
    mutating func merge(_ other: consuming LifecycleTracker, breakdown: ValidationFindings.BreakdownRenumbering) {
        if let mine = breakdown.mine { renumberBreakdowns(mine) }
        if let theirs = breakdown.theirs { other.renumberBreakdowns(theirs) }
        let known = users.count
        let userIds = users.intern(contentsOf: other.users)
        let disjoint = userIds.allSatisfy { Int($0) >= known }
        if disjoint && (isGrouped || records.isEmpty) && (other.isGrouped || other.records.isEmpty) {
            // An empty run is grouped; the parts stay grouped and their users apart.
            isGrouped = true
            if !other.records.isEmpty { parts.append(Part(records: other.records, users: userIds)) }
            for part in other.parts {
                parts.append(Part(records: part.records, users: part.users.map { userIds[Int($0)] }))
            }
            return
        }
        absorbParts()
        other.absorbParts()
        isGrouped = false
        Self.append(other.records, users: userIds, to: &records)
    }

    /// Moves every part's records into ``records`` (their user ids made this tracker's), which
    /// are then no longer grouped.
    mutating func absorbParts() {
        guard !parts.isEmpty else { return }
        for part in parts { Self.append(part.records, users: part.users, to: &records) }
        parts = []
        isGrouped = false
    }

    /// Every record, parts included, with this tracker's user ids: what ``encodeState(to:)``
    /// writes, and what tests compare.
    var allRecords: [Record] {
        var all = records
        for part in parts { Self.append(part.records, users: part.users, to: &all) }
        return all
    }

    /// Appends `records` to `target`, each user id through `users`.
    private static func append(_ records: [Record], users: [Int32], to target: inout [Record]) {
        let start = target.count
        target.append(contentsOf: records)
        users.withUnsafeBufferPointer { users in
            target.withUnsafeMutableBufferPointer { target in
                for index in start..<target.count { target[index].user = users[Int(target[index].user)] }
            }
        }
    }

    /// Renumbers every record's breakdown value through `values` (a merge of the findings).
    private mutating func renumberBreakdowns(_ values: [Int32]) {
        func renumber(_ records: inout [Record]) {
            for index in records.indices { records[index].breakdown = values[Int(records[index].breakdown)] }
        }
        renumber(&records)
        for index in parts.indices { renumber(&parts[index].records) }
    }
}
