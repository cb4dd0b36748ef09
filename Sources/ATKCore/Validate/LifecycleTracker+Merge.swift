extension LifecycleTracker {
    /// An empty tracker with the same tolerance.
    func makePartial() -> LifecycleTracker { LifecycleTracker(durationTolerance: durationTolerance) }

    /// Adds the lifecycle events `other` noted, and its users after this tracker's.
    ///
    /// Users are the `distinct_id`s partials are routed by (``DumpValidator`` routes by
    /// `distinct_id`; a report's validator is in its pass of `distinct_id`; `atk dist merge`
    /// refuses partials of another key, or one given twice): a user's events were all noted by
    /// one partial, so no user is in both and `other`'s are appended, their ids shifted
    /// (``Interner/append(disjoint:)``, which a debug build checks). Interning them one by one, to
    /// find a user in both that routing never sends, took about 30 ms of the 48 ms `atk validate
    /// --jobs 2` spent after its last line on a dump of 600,000 users.
    ///
    /// When both are grouped (``group()``), as partials prepared for the merge are, `other`'s
    /// records are kept apart as ``parts``, not copied: the merge costs its users and no record.
    /// Otherwise every record joins ``records``.
    ///
    /// - Parameter breakdown: how the merge of the findings renumbered breakdown values.
    /// - Complexity: O(users of `other` + parts of both) when kept apart, else O(records of both).
    mutating func merge(_ other: consuming LifecycleTracker, breakdown: ValidationFindings.BreakdownRenumbering) {
        if let mine = breakdown.mine { renumberBreakdowns(mine) }
        if let theirs = breakdown.theirs { other.renumberBreakdowns(theirs) }
        let userBase = users.append(disjoint: other.users)
        if (isGrouped || records.isEmpty) && (other.isGrouped || other.records.isEmpty) {
            // An empty run is grouped; the parts stay grouped and their users apart.
            isGrouped = true
            if !other.records.isEmpty { parts.append(Part(records: other.records, userBase: userBase)) }
            for part in other.parts { parts.append(Part(records: part.records, userBase: part.userBase + userBase)) }
            return
        }
        absorbParts()
        other.absorbParts()
        isGrouped = false
        Self.append(other.records, userBase: userBase, to: &records)
    }

    /// Moves every part's records into ``records`` (their user ids made this tracker's), which
    /// are then no longer grouped.
    mutating func absorbParts() {
        guard !parts.isEmpty else { return }
        for part in parts { Self.append(part.records, userBase: part.userBase, to: &records) }
        parts = []
        isGrouped = false
    }

    /// Every record, parts included, with this tracker's user ids: what ``encodeState(to:)``
    /// writes, and what tests compare.
    var allRecords: [Record] {
        var all = records
        for part in parts { Self.append(part.records, userBase: part.userBase, to: &all) }
        return all
    }

    /// Appends `records` to `target`, each user id shifted by `userBase`.
    private static func append(_ records: [Record], userBase: Int32, to target: inout [Record]) {
        let start = target.count
        target.append(contentsOf: records)
        guard userBase != 0 else { return }
        target.withUnsafeMutableBufferPointer { target in
            for index in start..<target.count { target[index].user += userBase }
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
