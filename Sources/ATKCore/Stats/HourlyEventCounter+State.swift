extension HourlyEventCounter: DistributableAnalysis {
    /// Writes the events per hour, in hour order, and the untimed events.
    public func encodeState(to writer: inout StateWriter) {
        writer.write(counts)
        writer.write(untimed)
    }

    /// Reads a state written by ``encodeState(to:)``.
    public mutating func decodeState(from reader: inout StateReader) throws {
        counts = try reader.read()
        untimed = try reader.readTally()
    }
}
