extension StatsCollector: DistributableAnalysis {
    /// Writes the counts, the time range, the examples, the number of users (their ids are not
    /// needed: partials never share a user) and the names and types with their counts.
    public func encodeState(to writer: inout StateWriter) {
        writer.write(events)
        writer.write(eventsWithoutName)
        writer.write(firstTime)
        writer.write(lastTime)
        malformed.encodeState(to: &writer)
        writer.write(userCount)
        writer.write(types)
        writer.write(typeCounts)
        writer.write(names)
        writer.write(nameCounts)
        writer.write(nameUsers)
    }

    /// Reads a state written by ``encodeState(to:)``; its users count as merged ones.
    public mutating func decodeState(from reader: inout StateReader) throws {
        events = try reader.readTally()
        eventsWithoutName = try reader.readTally()
        firstTime = try reader.read()
        lastTime = try reader.read()
        try malformed.decodeState(from: &reader)
        mergedUsers = try reader.readTally()
        types = try reader.read()
        typeCounts = try reader.read()
        names = try reader.read()
        nameCounts = try reader.read()
        nameUsers = try reader.read()
        guard typeCounts.count == types.count, nameCounts.count == names.count, nameUsers.count == names.count else {
            throw StateReader.Failure("stats: counts do not match the names and types they count")
        }
    }
}
