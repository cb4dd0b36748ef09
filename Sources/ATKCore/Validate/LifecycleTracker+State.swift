extension LifecycleTracker {
    /// Writes the users and every noted lifecycle event (time, duration's bits, place, user,
    /// breakdown value, kind), the parts' after the others; the tolerance is configuration.
    ///
    /// - Complexity: O(users + lifecycle events).
    func encodeState(to writer: inout StateWriter) {
        writer.write(users)
        let records = allRecords
        writer.write(records.count)
        for record in records {
            writer.write(record.time)
            writer.write(record.duration)
            writer.write(record.place)
            writer.write(record.user)
            writer.write(record.breakdown)
            writer.write(UInt64(record.kind.rawValue))
        }
    }

    /// Reads events written by ``encodeState(to:)`` into this empty tracker.
    ///
    /// - Parameter breakdownValues: how many breakdown values the findings hold.
    /// - Throws: ``StateReader/Failure`` for a user, breakdown value or kind out of range.
    mutating func decodeState(from reader: inout StateReader, breakdownValues: Int) throws {
        users = try reader.read()
        let count = try reader.readCount()
        records.reserveCapacity(count)
        for _ in 0..<count {
            let time = try reader.readInt64(), duration = try reader.readDouble(), place = try reader.readUInt64()
            let user = try reader.readInt32(), breakdown = try reader.readInt32()
            guard let kind = Kind(rawValue: try reader.read(UInt8.self)), (0..<Int32(users.count)).contains(user),
                (0..<Int32(breakdownValues)).contains(breakdown)
            else { throw StateReader.Failure("validate: a lifecycle event out of range at offset \(reader.offset)") }
            records.append(
                Record(time: time, duration: duration, place: place, user: user, breakdown: breakdown, kind: kind))
        }
    }
}
