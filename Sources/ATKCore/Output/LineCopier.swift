/// Writes a dump's lines to a ``DumpWriter`` in input order, keeping their line numbers.
///
/// Each line gets an LF line end, each blank line the reader skipped an empty line, and inputs
/// follow one another. What `elements rebuild` and `paths rebuild` write through.
///
/// Memory: nothing per line.
public struct LineCopier {
    /// Lines written, blank ones included.
    public private(set) var lines = 0
    /// The first write error; nothing more is written after it.
    public private(set) var writeError: OutputError?

    private let writer: DumpWriter
    private var fileIndex = -1
    private var lastLine = 0

    /// A copier to `writer` (the caller closes it).
    public init(writer: DumpWriter) {
        self.writer = writer
    }

    /// Writes the line at `location`, after an empty line for each blank line skipped since the
    /// last one written.
    public mutating func write(_ bytes: UnsafeRawBufferPointer, at location: LineLocation) {
        lines += 1
        if location.fileIndex != fileIndex {
            fileIndex = location.fileIndex
            lastLine = 0
        }
        let blanks = max(0, location.line - lastLine - 1)
        lastLine = location.line
        guard writeError == nil else { return }
        do {
            if blanks > 0 { try writer.write([UInt8](repeating: 0x0A, count: blanks)) }
            try writer.write(bytes)
            try writer.write(Self.newline)
        } catch {
            writeError = error
        }
    }

    private static let newline: [UInt8] = [0x0A]
}
