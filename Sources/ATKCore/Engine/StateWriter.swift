/// The bytes of a partial state being written, for ``DistributableAnalysis/encodeState(to:)``.
///
/// Integers are LEB128 varints (signed ones zigzag-coded), byte strings and arrays carry their
/// length first, doubles their IEEE bit pattern. The format holds no field names: a state is read
/// back by the same code, in the same order, by ``StateReader``.
public struct StateWriter {
    /// What was written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer.
    public init() {}

    /// Writes an unsigned integer as a varint.
    public mutating func write(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Writes a signed integer, zigzag-coded so small negatives stay short.
    public mutating func write(_ value: Int64) {
        write(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// Writes an `Int` (as 64 bits).
    public mutating func write(_ value: Int) { write(Int64(value)) }

    /// Writes an `Int32` (as 64 bits).
    public mutating func write(_ value: Int32) { write(Int64(value)) }

    /// Writes a flag as one byte.
    public mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// Writes a double by its bit pattern (exact, NaN payloads included).
    public mutating func write(_ value: Double) { write(value.bitPattern) }

    /// Writes a byte string: its length, then the bytes.
    public mutating func write(bytes other: UnsafeRawBufferPointer) {
        write(other.count)
        bytes.append(contentsOf: other)
    }

    /// Writes a byte string: its length, then the bytes.
    public mutating func write(bytes other: [UInt8]) {
        write(other.count)
        bytes.append(contentsOf: other)
    }

    /// Writes a string's UTF-8 bytes.
    public mutating func write(_ value: String) {
        var value = value
        value.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Writes a value that knows how to write itself.
    public mutating func write<Value: StateCodable>(_ value: Value) {
        value.encode(to: &self)
    }
}
