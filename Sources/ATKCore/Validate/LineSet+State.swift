extension LineSet: StateCodable {
    /// Writes each input's words (mostly zeros: a byte each).
    func encode(to writer: inout StateWriter) {
        writer.write(words)
    }

    /// Reads a set written by ``encode(to:)``.
    init(from reader: inout StateReader) throws {
        self.init()
        words = try reader.read()
    }
}
