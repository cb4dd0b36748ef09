extension VisualEventCounter: DistributableAnalysis {
    /// Writes the counts, then the clicks and distinct users per definition (the config is
    /// configuration: the reading side decodes the same one).
    public func encodeState(to writer: inout StateWriter) {
        reader.encodeState(to: &writer)
        writer.write(matchedClicks)
        writer.write(counts)
        writer.write(users)
    }

    /// Reads a state written by ``encodeState(to:)`` under a config with as many definitions.
    public mutating func decodeState(from reader: inout StateReader) throws {
        try self.reader.decodeState(from: &reader)
        matchedClicks = try reader.readTally()
        let definitions = counts.count
        counts = try reader.read()
        users = try reader.read()
        guard counts.count == definitions, users.counts.count <= definitions else {
            throw StateReader.Failure(
                "visual events: a state of \(counts.count) definitions for a config of \(definitions)")
        }
        guard counts.allSatisfy({ $0 >= 0 }), matchedClicks <= self.reader.clicks else {
            throw StateReader.Failure("visual events: counts that contradict each other")
        }
    }
}
