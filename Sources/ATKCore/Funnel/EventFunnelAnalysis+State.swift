extension EventFunnelAnalysis: DistributableAnalysis {
    /// Writes the counts, the malformed examples and every user table this partial holds (its
    /// own and those of partials merged into it): what each user kept, for ``result()`` to run
    /// the engine over.
    ///
    /// - Complexity: O(users + kept records).
    public func encodeState(to writer: inout StateWriter) {
        writer.write(events)
        writer.write(matchedEvents)
        writer.write(exclusionEvents)
        writer.write(skippedEvents)
        malformed.encodeState(to: &writer)
        let tables = (CollectionOfOne(users) + mergedUsers).filter { $0.count > 0 }
        writer.write(tables.count)
        for table in tables { table.encodeState(to: &writer) }
    }

    /// Reads a state written by ``encodeState(to:)``: its tables count as merged ones.
    public mutating func decodeState(from reader: inout StateReader) throws {
        events = try reader.readTally()
        matchedEvents = try reader.readTally()
        exclusionEvents = try reader.readTally()
        skippedEvents = try reader.readTally()
        try malformed.decodeState(from: &reader)
        for _ in 0..<(try reader.readCount()) {
            // `users` is empty and made for this configuration's mode: a template.
            var table = users
            try table.decodeState(from: &reader)
            appendMerged(table)
        }
    }
}
