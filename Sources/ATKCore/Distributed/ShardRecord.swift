/// One line of `atk dist shard`'s output: `bucket<TAB>input<TAB>line<TAB>payload`.
///
/// `bucket` is ``BucketHash``'s bucket, `input` the manifest index, `line` the 1-based line
/// number (blank lines counted, as in every report). The payload is the line's bytes
/// (``RecordField``: raw, or `~b64:` and base64), `~long:LENGTH` for a line longer than
/// `--max-line-bytes` (skipped unread), or a fact with line 0: `~input:` and an ``InputFact``'s
/// state in base64 for input `input`, `~error:` and an ``InputError``'s state in base64 for the
/// `input`-th input that could not be resolved (an empty or unlistable directory). Tabs inside a
/// raw payload are kept: only the first three tabs separate fields.
public struct ShardRecord {
    /// What a record carries.
    public enum Payload {
        /// A non-blank line's bytes.
        case line([UInt8])
        /// A line longer than the shard's `--max-line-bytes`, skipped: its length.
        case tooLong(Int64)
        /// What the shard learnt about input `input`.
        case input(InputFact)
        /// An input argument that could not be resolved into files.
        case error(InputError)
    }

    /// The bucket the record goes to.
    public var bucket: Int
    /// The manifest index of the input (for `.error`, the error's position among them).
    public var input: Int
    /// The line number (0 for facts).
    public var line: Int
    /// What it carries.
    public var payload: Payload

    static let longMarker: [UInt8] = Array("~long:".utf8)
    static let inputMarker: [UInt8] = Array("~input:".utf8)
    static let errorMarker: [UInt8] = Array("~error:".utf8)

    /// Appends the record's line (with its line end) to `output`.
    public static func append(
        bucket: Int, input: Int, line: Int, payload: Payload, to output: inout [UInt8]
    ) {
        appendFields(bucket, input, line, to: &output)
        switch payload {
        case .line(let bytes): bytes.withUnsafeBytes { RecordField.append($0, allowTab: true, to: &output) }
        case .tooLong(let length): output += longMarker + Array(String(length).utf8)
        case .input(let fact): RecordField.append(marker: "~input:", base64: fact.stateBytes, to: &output)
        case .error(let error):
            var writer = StateWriter()
            error.encode(to: &writer)
            RecordField.append(marker: "~error:", base64: writer.bytes, to: &output)
        }
        output.append(0x0A)
    }

    /// Appends a line's record, its bytes read in place.
    static func append(
        bucket: Int, input: Int, line: Int, bytes: UnsafeRawBufferPointer, to output: inout [UInt8]
    ) {
        appendFields(bucket, input, line, to: &output)
        RecordField.append(bytes, allowTab: true, to: &output)
        output.append(0x0A)
    }

    /// Appends `bucket<TAB>input<TAB>line<TAB>` (no `String` per record: the shard's hot path).
    private static func appendFields(_ bucket: Int, _ input: Int, _ line: Int, to output: inout [UInt8]) {
        for value in [bucket, input, line] {
            let start = output.count
            var rest = value.magnitude
            repeat {
                output.append(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            } while rest > 0
            output[start...].reverse()
            output.append(0x09)
        }
    }

    /// Parses one record line (without its line end; a CR before it is part of the payload).
    ///
    /// - Throws: ``DistFormatError`` for a line that is not a record.
    public init(parsing text: ArraySlice<UInt8>) throws(DistFormatError) {
        var fields: [Int] = []
        var rest = text
        for _ in 0..<3 {
            guard let tab = rest.firstIndex(of: 0x09), let value = rest[rest.startIndex..<tab].decimal else {
                throw DistFormatError("not a shard record (bucket<TAB>input<TAB>line<TAB>payload)")
            }
            fields.append(value)
            rest = rest[(tab + 1)...]
        }
        guard fields[0] >= 0, fields[1] >= 0, fields[2] >= 0 else {
            throw DistFormatError("a negative bucket, input or line in a shard record")
        }
        bucket = fields[0]
        input = fields[1]
        line = fields[2]
        if let bytes = try RecordField.decode(rest) {
            guard line > 0 else { throw DistFormatError("a line record with line number 0") }
            payload = .line(bytes)
        } else if let length = rest.dropPrefix(Self.longMarker) {
            guard line > 0, let value = length.decimal, value > 0 else {
                throw DistFormatError("a damaged ~long: record")
            }
            payload = .tooLong(Int64(value))
        } else if let encoded = rest.dropPrefix(Self.inputMarker) {
            var reader = StateReader(try RecordField.base64(encoded))
            do {
                let fact = try InputFact(from: &reader)
                try reader.expectEnd()
                guard fact.index == input, line == 0 else { throw DistFormatError("a ~input: record out of place") }
                payload = .input(fact)
            } catch let error as DistFormatError {
                throw error
            } catch {
                throw DistFormatError("a damaged ~input: record (\(error))")
            }
        } else if let encoded = rest.dropPrefix(Self.errorMarker) {
            var reader = StateReader(try RecordField.base64(encoded))
            do {
                payload = .error(try InputError(from: &reader))
                try reader.expectEnd()
            } catch {
                throw DistFormatError("a damaged ~error: record (\(error))")
            }
        } else {
            throw DistFormatError("an unknown payload marker")
        }
    }
}
