extension SelectedAnalysis: DistributableAnalysis where Inner: DistributableAnalysis {
    /// Writes the counts of events left out, then the inner state.
    public func encodeState(to writer: inout StateWriter) {
        writer.write(outsideWindow)
        writer.write(filteredOut)
        inner.encodeState(to: &writer)
    }

    /// Reads the counts, then the inner state.
    public mutating func decodeState(from reader: inout StateReader) throws {
        outsideWindow = try reader.readTally()
        filteredOut = try reader.readTally()
        try inner.decodeState(from: &reader)
    }
}
