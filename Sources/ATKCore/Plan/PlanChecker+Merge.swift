extension PlanChecker {
    /// Adds the tallies of `other`, a checker of the same plan that checked other events.
    ///
    /// Planned names have the same ids in every checker of a plan: their tallies add. Unplanned
    /// names are joined by their text and numbered in the order of their first line, as one
    /// read numbers them. What each checker learned of the property keys (its memberwise
    /// schemas) is kept from this one: it is keyed by this side's key ids, and only saves work.
    ///
    /// - Complexity: O(planned names + unplanned names of both).
    public mutating func merge(_ other: PlanChecker) {
        for id in plannedTallies.indices {
            plannedTallies[id].checked += other.plannedTallies[id].checked
            plannedTallies[id].violating += other.plannedTallies[id].violating
        }
        guard other.unplannedNames.count > 0 else { return }
        var joined = unplannedNames
        var counts = unplannedCounts
        var first = unplannedFirst
        for (id, interned) in joined.intern(contentsOf: other.unplannedNames).enumerated() {
            let mine = Int(interned)
            if mine == counts.count {
                counts.append(other.unplannedCounts[id])
                first.append(other.unplannedFirst[id])
            } else {
                counts[mine] += other.unplannedCounts[id]
                first[mine] = min(first[mine], other.unplannedFirst[id])
            }
        }
        let order = first.indices.sorted { first[$0] < first[$1] }
        var names = Interner(capacity: max(64, order.count))
        for id in order { _ = joined.withBytes(Int32(id)) { names.intern($0) } }
        unplannedNames = names
        unplannedCounts = order.map { counts[$0] }
        unplannedFirst = order.map { first[$0] }
    }
}
