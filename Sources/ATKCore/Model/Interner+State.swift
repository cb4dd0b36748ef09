extension Interner: StateCodable {
    /// Writes the strings in id order.
    public func encode(to writer: inout StateWriter) {
        writer.write(count)
        for id in 0..<count { withBytes(Int32(id)) { writer.write(bytes: $0) } }
    }

    /// Reads the strings, giving each the id it had; a string written twice is refused.
    public init(from reader: inout StateReader) throws {
        let count = try reader.readCount()
        self.init(capacity: max(16, count))
        for id in 0..<count {
            let interned = try reader.withBytes { intern($0) }
            guard Int(interned) == id else {
                throw StateReader.Failure("a string appears twice at offset \(reader.offset)")
            }
        }
    }
}
