/// Reads back what a ``StateWriter`` wrote, in the same order, checking every length.
///
/// A reader never traps on its input: bytes that end early or do not hold what the code expects
/// throw ``StateReader/Failure``, so a damaged or foreign partial is refused with a message.
public struct StateReader {
    /// Why a partial state could not be read.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        /// What was wrong, and at which byte.
        public let description: String

        /// A failure explained by `description`.
        public init(_ description: String) { self.description = description }
    }

    private let bytes: [UInt8]
    /// The offset of the next byte to read.
    public private(set) var offset: Int

    /// A reader of `bytes`, from `offset`.
    public init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// True when every byte was read.
    public var isAtEnd: Bool { offset == bytes.count }

    /// Throws unless every byte was read (a state longer than its code expects is foreign).
    public func expectEnd() throws {
        guard isAtEnd else { throw Failure("\(bytes.count - offset) unexpected bytes at offset \(offset)") }
    }

    /// Reads a varint.
    public mutating func readUInt64() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count else { throw Failure("state ends inside a number at offset \(offset)") }
            let byte = bytes[offset]
            offset += 1
            guard shift < 64, shift < 63 || byte <= 1 else { throw Failure("number too long at offset \(offset)") }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// Reads a zigzag-coded signed integer.
    public mutating func readInt64() throws -> Int64 {
        let raw = try readUInt64()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    /// Reads an `Int`.
    public mutating func readInt() throws -> Int { Int(try readInt64()) }

    /// Reads an `Int32`, refusing values out of its range.
    public mutating func readInt32() throws -> Int32 {
        let value = try readInt64()
        guard let narrow = Int32(exactly: value) else { throw Failure("\(value) is out of range at offset \(offset)") }
        return narrow
    }

    /// Reads a count: a non-negative `Int` no larger than the bytes left (every element takes
    /// at least one byte), so a damaged count cannot ask for gigabytes.
    public mutating func readCount() throws -> Int {
        let value = try readInt64()
        guard value >= 0, value <= Int64(bytes.count - offset) else {
            throw Failure("count \(value) is impossible at offset \(offset)")
        }
        return Int(value)
    }

    /// Reads a tally (events, users, lines): a non-negative `Int`.
    public mutating func readTally() throws -> Int {
        let value = try readInt64()
        guard value >= 0 else { throw Failure("negative tally \(value) at offset \(offset)") }
        return Int(value)
    }

    /// Reads a flag.
    public mutating func readBool() throws -> Bool {
        guard offset < bytes.count else { throw Failure("state ends at offset \(offset)") }
        let byte = bytes[offset]
        offset += 1
        guard byte <= 1 else { throw Failure("flag \(byte) at offset \(offset - 1)") }
        return byte == 1
    }

    /// Reads a double.
    public mutating func readDouble() throws -> Double { Double(bitPattern: try readUInt64()) }

    /// Reads a byte string.
    public mutating func readBytes() throws -> [UInt8] {
        let count = try readCount()
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// Calls `body` with a byte string, without copying it.
    public mutating func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        let count = try readCount()
        defer { offset += count }
        return try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count])) }
    }

    /// Reads a string (its bytes as UTF-8; invalid sequences were never written by atk).
    public mutating func readString() throws -> String {
        try withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Reads a value that knows how to read itself.
    public mutating func read<Value: StateCodable>(_ type: Value.Type = Value.self) throws -> Value {
        try Value(from: &self)
    }
}
