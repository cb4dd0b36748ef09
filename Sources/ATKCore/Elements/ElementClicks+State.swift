extension ElementClicks {
    /// Writes the counts and the malformed lines kept (the chain cache is not state: it changes
    /// no result).
    func encodeState(to writer: inout StateWriter) {
        writer.write(events)
        writer.write(clicks)
        writer.write(rebuiltClicks)
        writer.write(malformedLines)
        malformed.encodeState(to: &writer)
    }

    /// Reads a state written by ``encodeState(to:)``.
    mutating func decodeState(from reader: inout StateReader) throws {
        events = try reader.readTally()
        clicks = try reader.readTally()
        rebuiltClicks = try reader.readTally()
        malformedLines = try reader.readTally()
        try malformed.decodeState(from: &reader)
        guard clicks <= events, rebuiltClicks <= clicks, malformed.examples.count <= malformedLines else {
            throw StateReader.Failure("element clicks: counts that contradict each other")
        }
    }
}
