/// What `atk dist shard` bucketed lines by, as the facts record it: a partial checks that it
/// matches the key its command routes by (``PartitionKey``).
public enum ShardKey: Equatable, Sendable {
    /// The `distinct_id`.
    case distinctId
    /// The text of a property (`--by`).
    case property(String)
    /// The person of the `distinct_id` in an identity graph (`--links`), named by the hash of
    /// the links file it was read from.
    case person(links: UInt64)

    /// Whether `key` routes as this does; a person key matches any graph read from the same links.
    public func matches(_ key: PartitionKey, links: UInt64?) -> Bool {
        switch (self, key) {
        case (.distinctId, .distinctId): true
        case (.property(let a), .property(let b)): a == b
        case (.person(let a), .person): a == links
        default: false
        }
    }
}

extension ShardKey: StateCodable {
    /// Writes 0, 1 and the name, or 2 and the links hash.
    public func encode(to writer: inout StateWriter) {
        switch self {
        case .distinctId: writer.write(0)
        case .property(let name):
            writer.write(1)
            writer.write(name)
        case .person(let links):
            writer.write(2)
            writer.write(links)
        }
    }

    /// Reads a key ``encode(to:)`` wrote.
    public init(from reader: inout StateReader) throws {
        switch try reader.readInt() {
        case 0: self = .distinctId
        case 1: self = .property(try reader.readString())
        case 2: self = .person(links: try reader.readUInt64())
        case let tag: throw StateReader.Failure("unknown shard key \(tag) at offset \(reader.offset)")
        }
    }
}
