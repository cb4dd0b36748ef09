extension FunnelUserTable {
    /// Writes what each user kept, by user index; not the user keys.
    ///
    /// The number of users, the breakdown values, then per user the step events, the exclusion
    /// times and the step-1 breakdown values (each list in the order it was kept), and the
    /// earliest unmatched times after step 1. Tables are disjoint, so a merge only counts users.
    ///
    /// - Complexity: O(users + records).
    func encodeState(to writer: inout StateWriter) {
        writer.write(count)
        writer.write(breakdownValues)
        var scratch: [(time: Int64, value: UInt32)] = []
        for lists in [stepEvents, exclusions, starts] {
            for user in 0..<count {
                lists.records(of: user, into: &scratch)
                writer.write(scratch.count)
                for record in scratch {
                    writer.write(record.time)
                    writer.write(UInt64(record.value))
                }
            }
        }
        writer.write(earliestUnmatchedAbove)
    }

    /// Reads a table written by ``encodeState(to:)`` into this empty one (made for the same
    /// mode); the table can then be merged and run, not fed.
    ///
    /// - Throws: ``StateReader/Failure`` when the bytes end early, a breakdown value id is not
    ///   one of the table's values, or there are more earliest times than users.
    mutating func decodeState(from reader: inout StateReader) throws {
        restoredUsers = try reader.readCount()
        breakdownValues = try reader.read()
        let values = UInt32(breakdownValues.count)
        stepEvents = try readLists(from: &reader) { _ in true }
        exclusions = try readLists(from: &reader) { _ in true }
        starts = try readLists(from: &reader) { $0 == UInt32.max || $0 < values }
        earliestUnmatchedAbove = try reader.read()
        guard earliestUnmatchedAbove.count <= count else {
            throw StateReader.Failure("funnel: \(earliestUnmatchedAbove.count) earliest times for \(count) users")
        }
    }

    /// Reads one list per user, refusing values `isValid` refuses.
    private func readLists(
        from reader: inout StateReader, isValid: (UInt32) -> Bool
    ) throws -> UserEventLists {
        var lists = UserEventLists()
        for user in 0..<count {
            for _ in 0..<(try reader.readCount()) {
                let time = try reader.readInt64()
                let raw = try reader.readUInt64()
                guard let value = UInt32(exactly: raw), isValid(value) else {
                    throw StateReader.Failure("funnel: value \(raw) of user \(user) at offset \(reader.offset)")
                }
                lists.append(user: user, time: time, value: value)
            }
        }
        return lists
    }
}
