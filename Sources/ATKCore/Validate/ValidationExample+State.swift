extension ValidationExample: StateCodable {
    /// Writes the location, event, value, message and named details.
    public func encode(to writer: inout StateWriter) {
        writer.write(location)
        writer.write(event)
        writer.write(value)
        writer.write(message)
        writer.write(details.count)
        for (name, text) in details {
            writer.write(name)
            writer.write(text)
        }
    }

    /// Reads an example written by ``encode(to:)``.
    public init(from reader: inout StateReader) throws {
        let location = try reader.read(LineLocation.self)
        let event = try reader.read(String?.self)
        let value = try reader.read(String?.self)
        let message = try reader.readString()
        let details = try (0..<(try reader.readCount())).map { _ in (try reader.readString(), try reader.readString()) }
        self.init(location: location, event: event, value: value, message: message, details: details)
    }
}
