extension MalformedExamples {
    /// Writes the examples kept (the limit is configuration).
    public func encodeState(to writer: inout StateWriter) {
        writer.write(examples.count)
        for example in examples {
            writer.write(example.location)
            writer.write(example.reason)
            writer.write(example.excerpt)
        }
    }

    /// Reads examples written by ``encodeState(to:)``, refusing more than the limit.
    public mutating func decodeState(from reader: inout StateReader) throws {
        let count = try reader.readCount()
        guard count <= limit else { throw StateReader.Failure("\(count) examples, more than the limit \(limit)") }
        examples = try (0..<count).map { _ in
            Example(location: try reader.read(), reason: try reader.readString(), excerpt: try reader.readString())
        }
    }
}
