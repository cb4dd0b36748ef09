extension GroupUsers: StateCodable {
    /// Writes the distinct users per group; the users and pairs themselves are left out, since
    /// partials never share a user and a decoded partial is only merged.
    func encode(to writer: inout StateWriter) {
        writer.write(counts)
    }

    /// Reads the distinct users per group.
    init(from reader: inout StateReader) throws {
        self.init()
        counts = try reader.read()
        guard counts.allSatisfy({ $0 >= 0 }) else { throw StateReader.Failure("group users: a negative count") }
    }
}
