extension ElementField: StateCodable {
    /// Writes the field's raw value.
    public func encode(to writer: inout StateWriter) { writer.write(rawValue) }

    /// Reads a field, refusing unknown raw values.
    public init(from reader: inout StateReader) throws {
        let raw = try reader.readInt()
        guard let field = ElementField(rawValue: raw) else { throw StateReader.Failure("unknown element field \(raw)") }
        self = field
    }
}
