/// The shard records one `atk dist partial` received, in any order, put back in input order and
/// replayed into an analysis as the reader would have fed it.
///
/// Spark's shuffle, `sort` and `split` keep no order, while analyses rely on seeing a user's
/// lines in input order: the batch sorts by (input, line) before visiting. Memory: the records'
/// text once, and 32 bytes per line.
public struct RecordBatch {
    private struct LineRef {
        var input: Int
        var line: Int
        var start: Int
        var count: Int
        /// The length of a line the shard skipped as too long; -1 for a line with its bytes.
        var skippedLength: Int64
    }

    private var arena: [UInt8] = []
    private var lines: [LineRef] = []
    /// What the shards learnt about each input, by manifest index.
    public private(set) var facts: [Int: InputFact] = [:]
    /// The inputs that could not be resolved, by position.
    public private(set) var errors: [Int: InputError] = [:]

    /// An empty batch.
    public init() {}

    /// Adds every record of `text` (record lines, each ending in a line end; a last line without
    /// one is a record too).
    ///
    /// - Throws: ``DistFormatError`` naming the record line that is not a record, or a fact that
    ///   contradicts one already received (shards of two manifests).
    /// - Complexity: O(text); raw payloads are not copied.
    public mutating func add(_ text: [UInt8]) throws(DistFormatError) {
        let base = arena.count
        arena += text
        // Decoded payloads are appended after the text: only the text holds records.
        let limit = arena.count
        var position = base
        var recordNumber = 0
        while position < limit {
            let end = arena[position..<limit].firstIndex(of: 0x0A) ?? limit
            recordNumber += 1
            defer { position = end + 1 }
            guard end > position else { continue }
            do throws(DistFormatError) {
                try add(lineFrom: position, to: end)
            } catch {
                throw DistFormatError("record \(recordNumber): \(error.description)")
            }
        }
    }

    private mutating func add(lineFrom start: Int, to end: Int) throws(DistFormatError) {
        // The fast path: three numbers and a raw payload, kept in place.
        var fields: [Int] = []
        var position = start
        for _ in 0..<3 {
            guard let tab = arena[position..<end].firstIndex(of: 0x09) else { break }
            guard let value = arena[position..<tab].decimal, value >= 0 else { break }
            fields.append(value)
            position = tab + 1
        }
        if fields.count == 3, position < end, arena[position] != RecordField.markerByte, fields[2] > 0 {
            lines.append(
                LineRef(input: fields[1], line: fields[2], start: position, count: end - position, skippedLength: -1))
            return
        }
        let record = try ShardRecord(parsing: arena[start..<end])
        switch record.payload {
        case .line(let bytes):
            let start = arena.count
            arena += bytes
            lines.append(
                LineRef(input: record.input, line: record.line, start: start, count: bytes.count, skippedLength: -1))
        case .tooLong(let length):
            lines.append(LineRef(input: record.input, line: record.line, start: 0, count: 0, skippedLength: length))
        case .input(let fact):
            if let known = facts[fact.index] {
                guard known.stateBytes == fact.stateBytes else {
                    throw DistFormatError("two different reports of input \(fact.index): shards of different manifests")
                }
            } else {
                facts[fact.index] = fact
            }
        case .error(let error):
            if let known = errors[record.input], known != error {
                throw DistFormatError("two different errors at position \(record.input): shards of different manifests")
            }
            errors[record.input] = error
        }
    }

    /// The lines received, by input.
    public var linesPerInput: [Int: Int] {
        lines.reduce(into: [:]) { $0[$1.input, default: 0] += 1 }
    }

    /// Feeds every line to `visitor` in input order, parsed as ``DumpReader`` parses it, and
    /// returns the malformed lines per input (under the command's limit, which may be below the
    /// shard's).
    ///
    /// - Parameter maxLineLength: the command's `--max-line-bytes`: a longer line is malformed
    ///   ('line too long'), as in a single run.
    /// - Throws: ``DistFormatError`` when a line appears twice, or the shard skipped a line as too
    ///   long that the command's limit would have read (a smaller `--max-line-bytes` on the shard).
    /// - Complexity: O(n log n) in the lines, then one parse of each.
    @discardableResult
    public mutating func replay<V: DumpVisitor>(
        into visitor: inout V, maxLineLength: Int
    ) throws(DistFormatError) -> [Int: Int] {
        lines.sort { $0.input != $1.input ? $0.input < $1.input : $0.line < $1.line }
        var scanner = JSONScanner()
        let tape = JSONTape()
        var previous: (input: Int, line: Int)?
        var malformed: [Int: Int] = [:]
        for ref in lines {
            if let previous, previous == (ref.input, ref.line) {
                throw DistFormatError("line \(ref.line) of input \(ref.input) was received twice")
            }
            previous = (ref.input, ref.line)
            let location = LineLocation(fileIndex: ref.input, line: ref.line)
            let empty = UnsafeRawBufferPointer(start: nil, count: 0)
            if ref.skippedLength >= 0 {
                guard ref.skippedLength > Int64(maxLineLength) else {
                    throw DistFormatError(
                        "line \(ref.line) of input \(ref.input) (\(ref.skippedLength) bytes) was skipped by a shard "
                            + "with a smaller --max-line-bytes than the command's \(maxLineLength)")
                }
                let reason = MalformedLine.Reason.tooLong(length: ref.skippedLength, limit: maxLineLength)
                malformed[ref.input, default: 0] += 1
                visitor.visitMalformed(MalformedLine(bytes: empty, location: location, reason: reason))
                continue
            }
            if ref.count > maxLineLength {
                let reason = MalformedLine.Reason.tooLong(length: Int64(ref.count), limit: maxLineLength)
                malformed[ref.input, default: 0] += 1
                visitor.visitMalformed(MalformedLine(bytes: empty, location: location, reason: reason))
                continue
            }
            arena.withUnsafeBytes { all in
                let line = UnsafeRawBufferPointer(rebasing: all[ref.start..<ref.start + ref.count])
                do throws(JSONSyntaxError) {
                    try scanner.scan(line, into: tape)
                } catch {
                    malformed[ref.input, default: 0] += 1
                    visitor.visitMalformed(MalformedLine(bytes: line, location: location, reason: .syntax(error)))
                    return
                }
                let rootKind = tape.rootKind
                guard rootKind == .object else {
                    malformed[ref.input, default: 0] += 1
                    visitor.visitMalformed(
                        MalformedLine(bytes: line, location: location, reason: .notAnObject(rootKind)))
                    return
                }
                withExtendedLifetime(tape) { visitor.visit(Event(line: line, location: location, tape: tape)) }
            }
        }
        return malformed
    }
}
