extension IdentityLinkCounts: StateCodable {
    /// Writes the four counts.
    public func encode(to writer: inout StateWriter) {
        writer.write(signup)
        writer.write(bind)
        writer.write(identities)
        writer.write(unbind)
    }

    /// Reads four counts.
    public init(from reader: inout StateReader) throws {
        self.init()
        signup = try reader.readTally()
        bind = try reader.readTally()
        identities = try reader.readTally()
        unbind = try reader.readTally()
    }
}
