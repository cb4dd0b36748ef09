/// Parses text already in memory for a ``DumpVisitor``, line by line, exactly as ``DumpReader``
/// parses one input: the same line ends, BOM, blank lines and malformed-line reasons.
///
/// For callers that hold the text (fuzzing, tests): no file, no reader thread, no gzip.
public enum LineFeed {
    /// Splits `bytes` into lines and hands each non-blank one to `visitor`, as the whole of one input.
    ///
    /// - Parameters:
    ///   - bytes: the input's text; copied once into a buffer of exactly its size.
    ///   - source: the input named in the report and in the events' locations.
    ///   - fileIndex: the input's index in the events' ``LineLocation``s.
    /// - Returns: the input's report: its non-blank and malformed lines and its bytes.
    /// - Complexity: O(bytes).
    public static func feed<V: DumpVisitor>(
        _ bytes: UnsafeRawBufferPointer, as source: InputSource = .standardInput, fileIndex: Int = 0,
        into visitor: inout V
    ) -> FileReport {
        var report = FileReport(source: source)
        // A block of exactly the text's size: a read past the last line's end leaves the allocation.
        let block = LineBlock(capacity: max(1, bytes.count))
        block.reset(fileIndex: fileIndex, startsFile: true)
        if let base = bytes.baseAddress, bytes.count > 0 {
            block.storage.copyMemory(from: base, byteCount: bytes.count)
        }
        block.filled = bytes.count
        block.count = bytes.count
        var parser = LineParser()
        parser.startFile(fileIndex)
        let (lines, malformed) = parser.parse(block, into: &visitor)
        report.lines = lines
        report.malformedLines = malformed
        report.bytes = Int64(bytes.count)
        report.inputBytes = Int64(bytes.count)
        return report
    }

    /// ``feed(_:as:fileIndex:into:)`` for bytes in an array.
    public static func feed<V: DumpVisitor>(
        _ bytes: [UInt8], as source: InputSource = .standardInput, fileIndex: Int = 0, into visitor: inout V
    ) -> FileReport {
        bytes.withUnsafeBytes { feed($0, as: source, fileIndex: fileIndex, into: &visitor) }
    }
}
