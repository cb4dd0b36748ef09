import Foundation

/// Writes `--bad-rows`: one JSON line per line with an error,
/// `{"file":...,"line":...,"errors":[...],"raw":"<the line>"}`, gzip when asked.
///
/// `raw` decodes to the line's exact bytes. A line that is not valid UTF-8 (a line cut inside a
/// character) cannot be a JSON string as is: its `raw` has U+FFFD for the bad bytes, and
/// `raw_base64` holds the exact bytes.
public final class BadRowWriter: BadRowSink {
    private let writer: DumpWriter
    private let fileNames: [String]
    private var buffer: [UInt8] = []

    /// - Parameters:
    ///   - path: the file to write (`.gz`: gzip).
    ///   - fileNames: display names of the inputs, by file index.
    /// - Throws: ``OutputError`` when the file cannot be opened.
    public init(path: String, fileNames: [String]) throws(OutputError) {
        writer = try DumpWriter(path: path, gzip: path.hasSuffix(".gz"))
        self.fileNames = fileNames
    }

    /// Appends the row of one line with an error.
    public func write(location: LineLocation, rules: [String], raw: UnsafeRawBufferPointer) throws {
        buffer.removeAll(keepingCapacity: true)
        buffer += Array("{\"file\":".utf8)
        Self.appendString(
            fileNames.indices.contains(location.fileIndex) ? fileNames[location.fileIndex] : "-", to: &buffer)
        buffer += Array(",\"line\":\(location.line),\"errors\":[".utf8)
        for (k, rule) in rules.enumerated() {
            if k > 0 { buffer.append(UInt8(ascii: ",")) }
            Self.appendString(rule, to: &buffer)
        }
        buffer += Array("],\"raw\":".utf8)
        let text = String(decoding: raw, as: UTF8.self)
        Self.appendString(text, to: &buffer)
        if !text.utf8.elementsEqual(raw) {
            buffer += Array(",\"raw_base64\":\"".utf8)
            buffer += Array(Data(raw).base64EncodedString().utf8)
            buffer.append(UInt8(ascii: "\""))
        }
        buffer += Array("}\n".utf8)
        try writer.write(buffer)
    }

    /// Flushes the file and renames it into place.
    public func close() throws(OutputError) { try writer.close() }

    /// Abandons the file: nothing appears under its name.
    public func discard() { writer.discard() }

    private static func appendString(_ value: String, to out: inout [UInt8]) {
        var text = ""
        JSONOutput.writeString(value, to: &text)
        out += Array(text.utf8)
    }
}
