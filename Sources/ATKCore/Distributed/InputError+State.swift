extension InputError: StateCodable {
    /// Writes the case's number, then its fields.
    public func encode(to writer: inout StateWriter) {
        switch self {
        case .cannotOpen(let path, let code):
            writer.write(0)
            writer.write(path)
            writer.write(code)
        case .readFailed(let path, let code, let offset):
            writer.write(1)
            writer.write(path)
            writer.write(code)
            writer.write(offset)
        case .truncatedGzip(let path, let offset):
            writer.write(2)
            writer.write(path)
            writer.write(offset)
        case .corruptGzip(let path, let offset, let message):
            writer.write(3)
            writer.write(path)
            writer.write(offset)
            writer.write(message)
        case .trailingGarbage(let path, let offset):
            writer.write(4)
            writer.write(path)
            writer.write(offset)
        case .truncatedZstd(let path, let offset):
            writer.write(5)
            writer.write(path)
            writer.write(offset)
        case .corruptZstd(let path, let offset, let message):
            writer.write(6)
            writer.write(path)
            writer.write(offset)
            writer.write(message)
        case .trailingZstdGarbage(let path, let offset):
            writer.write(7)
            writer.write(path)
            writer.write(offset)
        case .emptyDirectory(let path):
            writer.write(8)
            writer.write(path)
        case .cannotListDirectory(let path, let code):
            writer.write(9)
            writer.write(path)
            writer.write(code)
        case .brokenEntry(let path, let code):
            writer.write(10)
            writer.write(path)
            writer.write(code)
        case .unsupportedCompression(let path, let format, let tool):
            writer.write(11)
            writer.write(path)
            writer.write(format)
            writer.write(tool)
        case .changedWhileReading(let path):
            writer.write(12)
            writer.write(path)
        }
    }

    /// Reads an error ``encode(to:)`` wrote.
    public init(from reader: inout StateReader) throws {
        let tag = try reader.readInt()
        let path = try reader.readString()
        switch tag {
        case 0: self = .cannotOpen(path: path, errno: try reader.readInt32())
        case 1: self = .readFailed(path: path, errno: try reader.readInt32(), offset: try reader.readInt64())
        case 2: self = .truncatedGzip(path: path, offset: try reader.readInt64())
        case 3: self = .corruptGzip(path: path, offset: try reader.readInt64(), message: try reader.readString())
        case 4: self = .trailingGarbage(path: path, offset: try reader.readInt64())
        case 5: self = .truncatedZstd(path: path, offset: try reader.readInt64())
        case 6: self = .corruptZstd(path: path, offset: try reader.readInt64(), message: try reader.readString())
        case 7: self = .trailingZstdGarbage(path: path, offset: try reader.readInt64())
        case 8: self = .emptyDirectory(path: path)
        case 9: self = .cannotListDirectory(path: path, errno: try reader.readInt32())
        case 10: self = .brokenEntry(path: path, errno: try reader.readInt32())
        case 11:
            self = .unsupportedCompression(path: path, format: try reader.readString(), tool: try reader.readString())
        case 12: self = .changedWhileReading(path: path)
        default: throw StateReader.Failure("unknown input error \(tag) at offset \(reader.offset)")
        }
    }
}
