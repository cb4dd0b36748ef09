extension IdentitySighting: StateCodable {
    /// Writes the line and the place on it.
    public func encode(to writer: inout StateWriter) {
        writer.write(location)
        writer.write(position)
    }

    /// Reads a line and a place on it.
    public init(from reader: inout StateReader) throws {
        self.init(location: try reader.read(), position: try reader.readTally())
    }
}
