/// Where a line is: which input, and which physical line of it (1-based, blank lines counted),
/// so that `sed -n 'Np'` on the decompressed input shows it.
public struct LineLocation: Sendable, Hashable, Comparable {
    /// Index into the reader's inputs.
    public var fileIndex: Int
    /// 1-based line number within that input.
    public var line: Int

    /// The location of line `line` (1-based) of input `fileIndex`.
    public init(fileIndex: Int, line: Int) {
        self.fileIndex = fileIndex
        self.line = line
    }
}

extension LineLocation {
    /// Input order: by input index, then line.
    public static func < (a: LineLocation, b: LineLocation) -> Bool {
        a.fileIndex != b.fileIndex ? a.fileIndex < b.fileIndex : a.line < b.line
    }
}
