extension RecordedPath: StateCodable {
    /// Writes the case (0 missing, 1 unreadable, 2 nodes), then the nodes.
    public func encode(to writer: inout StateWriter) {
        switch self {
        case .missing: writer.write(0)
        case .unreadable: writer.write(1)
        case .nodes(let nodes):
            writer.write(2)
            writer.write(nodes)
        }
    }

    /// Reads a path, refusing unknown cases.
    public init(from reader: inout StateReader) throws {
        switch try reader.readInt() {
        case 0: self = .missing
        case 1: self = .unreadable
        case 2: self = .nodes(try reader.read())
        case let other: throw StateReader.Failure("unknown recorded path case \(other)")
        }
    }
}
