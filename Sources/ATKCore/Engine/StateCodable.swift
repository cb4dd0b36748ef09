/// A value that writes itself into a partial state and reads itself back exactly.
///
/// `Value(from:)` after `encode(to:)` must give a value equal in everything an analysis uses.
public protocol StateCodable {
    /// Writes the value.
    func encode(to writer: inout StateWriter)
    /// Reads a value written by ``encode(to:)``.
    init(from reader: inout StateReader) throws
}

extension Int: StateCodable {
    /// Writes the integer.
    public func encode(to writer: inout StateWriter) { writer.write(self) }
    /// Reads an integer.
    public init(from reader: inout StateReader) throws { self = try reader.readInt() }
}

extension Int64: StateCodable {
    /// Writes the integer.
    public func encode(to writer: inout StateWriter) { writer.write(self) }
    /// Reads an integer.
    public init(from reader: inout StateReader) throws { self = try reader.readInt64() }
}

extension Int32: StateCodable {
    /// Writes the integer.
    public func encode(to writer: inout StateWriter) { writer.write(self) }
    /// Reads an integer.
    public init(from reader: inout StateReader) throws { self = try reader.readInt32() }
}

extension UInt64: StateCodable {
    /// Writes the integer.
    public func encode(to writer: inout StateWriter) { writer.write(self) }
    /// Reads an integer.
    public init(from reader: inout StateReader) throws { self = try reader.readUInt64() }
}

extension UInt8: StateCodable {
    /// Writes the byte.
    public func encode(to writer: inout StateWriter) { writer.write(UInt64(self)) }
    /// Reads a byte.
    public init(from reader: inout StateReader) throws {
        let value = try reader.readUInt64()
        guard let byte = UInt8(exactly: value) else { throw StateReader.Failure("byte \(value) out of range") }
        self = byte
    }
}

extension Bool: StateCodable {
    /// Writes the flag.
    public func encode(to writer: inout StateWriter) { writer.write(self) }
    /// Reads a flag.
    public init(from reader: inout StateReader) throws { self = try reader.readBool() }
}

extension Double: StateCodable {
    /// Writes the double's bits.
    public func encode(to writer: inout StateWriter) { writer.write(self) }
    /// Reads a double.
    public init(from reader: inout StateReader) throws { self = try reader.readDouble() }
}

extension String: StateCodable {
    /// Writes the string's UTF-8.
    public func encode(to writer: inout StateWriter) { writer.write(self) }
    /// Reads a string.
    public init(from reader: inout StateReader) throws { self = try reader.readString() }
}

extension Array: StateCodable where Element: StateCodable {
    /// Writes the count, then each element.
    public func encode(to writer: inout StateWriter) {
        writer.write(count)
        for element in self { element.encode(to: &writer) }
    }

    /// Reads the count, then each element.
    public init(from reader: inout StateReader) throws {
        let count = try reader.readCount()
        self.init()
        reserveCapacity(count)
        for _ in 0..<count { append(try Element(from: &reader)) }
    }
}

extension Optional: StateCodable where Wrapped: StateCodable {
    /// Writes a flag, then the value when there is one.
    public func encode(to writer: inout StateWriter) {
        writer.write(self != nil)
        if let value = self { value.encode(to: &writer) }
    }

    /// Reads a flag, then the value when there is one.
    public init(from reader: inout StateReader) throws {
        self = try reader.readBool() ? try Wrapped(from: &reader) : nil
    }
}

extension Dictionary: StateCodable where Key: StateCodable & Comparable, Value: StateCodable {
    /// Writes the count, then each pair in key order (so equal dictionaries write equal bytes).
    public func encode(to writer: inout StateWriter) {
        writer.write(count)
        for (key, value) in sorted(by: { $0.key < $1.key }) {
            key.encode(to: &writer)
            value.encode(to: &writer)
        }
    }

    /// Reads the count, then each pair; a key written twice is refused.
    public init(from reader: inout StateReader) throws {
        let count = try reader.readCount()
        self.init(minimumCapacity: count)
        for _ in 0..<count {
            let key = try Key(from: &reader)
            guard self.updateValue(try Value(from: &reader), forKey: key) == nil else {
                throw StateReader.Failure("a key appears twice at offset \(reader.offset)")
            }
        }
    }
}

extension Set: StateCodable where Element: StateCodable & Comparable {
    /// Writes the count, then each element in order (so equal sets write equal bytes).
    public func encode(to writer: inout StateWriter) {
        writer.write(count)
        for element in sorted() { element.encode(to: &writer) }
    }

    /// Reads the count, then each element; an element written twice is refused.
    public init(from reader: inout StateReader) throws {
        let count = try reader.readCount()
        self.init(minimumCapacity: count)
        for _ in 0..<count {
            guard insert(try Element(from: &reader)).inserted else {
                throw StateReader.Failure("an element appears twice at offset \(reader.offset)")
            }
        }
    }
}
