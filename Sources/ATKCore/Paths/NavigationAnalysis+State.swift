extension NavigationAnalysis: DistributableAnalysis {
    /// Writes the counts, the malformed lines kept, and every user table this partial holds (its
    /// own and those merged into it: they stay side by side).
    public func encodeState(to writer: inout StateWriter) {
        writer.write(events)
        writer.write(unplacedEvents)
        malformed.encodeState(to: &writer)
        writer.write(CollectionOfOne(table) + mergedTables)
    }

    /// Reads a state written by ``encodeState(to:)``.
    public mutating func decodeState(from reader: inout StateReader) throws {
        events = try reader.readTally()
        unplacedEvents = try reader.readTally()
        try malformed.decodeState(from: &reader)
        var tables: [NavigationUserTable] = try reader.read()
        guard !tables.isEmpty else { throw StateReader.Failure("paths: a state without a user table") }
        table = tables.removeFirst()
        mergedTables = tables
    }
}
