extension LineLocation: StateCodable {
    /// Writes the input index and line.
    public func encode(to writer: inout StateWriter) {
        writer.write(fileIndex)
        writer.write(line)
    }

    /// Reads an input index and line.
    public init(from reader: inout StateReader) throws {
        self.init(fileIndex: try reader.readInt(), line: try reader.readInt())
    }
}
