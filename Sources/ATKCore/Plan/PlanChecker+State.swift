extension PlanChecker {
    /// Writes the planned events' tallies and the unplanned names with their counts and first
    /// lines; the plan and what was learned of the property keys (which only saves work) are not.
    func encodeState(to writer: inout StateWriter) {
        writer.write(plannedTallies.count)
        for tally in plannedTallies {
            writer.write(tally.checked)
            writer.write(tally.violating)
        }
        writer.write(unplannedNames)
        writer.write(unplannedCounts)
        writer.write(unplannedFirst)
    }

    /// Reads tallies written by ``encodeState(to:)`` into this checker of the same plan.
    ///
    /// - Throws: ``StateReader/Failure`` when the planned events are not this plan's or the
    ///   unplanned counts do not match their names.
    mutating func decodeState(from reader: inout StateReader) throws {
        guard try reader.readCount() == plannedTallies.count else {
            throw StateReader.Failure("plan: the tallies are another plan's")
        }
        for id in plannedTallies.indices {
            plannedTallies[id] = EventTally(checked: try reader.readTally(), violating: try reader.readTally())
        }
        unplannedNames = try reader.read()
        unplannedCounts = try reader.read()
        unplannedFirst = try reader.read()
        guard unplannedCounts.count == unplannedNames.count, unplannedFirst.count == unplannedNames.count,
            !unplannedCounts.contains(where: { $0 < 0 })
        else { throw StateReader.Failure("plan: unplanned counts do not match their names") }
    }
}
