/// Splits a substring on one ASCII separator byte without allocating.
///
/// Unlike `split(separator:)` it keeps empty fields and builds no array:
/// each field is a `Substring` sharing the original storage. An empty input
/// yields one empty field. Fields are cut on Unicode scalar boundaries, so a
/// combining mark after a separator cannot pull the separator into a field.
struct FieldScanner: Sequence, IteratorProtocol {
    private let text: Substring
    private let separator: UInt8
    private var start: Substring.Index?

    /// Creates a scanner over `text` that splits on `separator`.
    ///
    /// - Parameters:
    ///   - text: The text to split.
    ///   - separator: An ASCII byte such as `UInt8(ascii: "|")`.
    init(_ text: Substring, separator: UInt8) {
        self.text = text
        self.separator = separator
        self.start = text.startIndex
    }

    /// Returns the next field, or `nil` after the last one.
    mutating func next() -> Substring? {
        guard let fieldStart = start else { return nil }
        let rest = text.utf8[fieldStart...]
        // Native strings are contiguous UTF-8: a byte loop finds the separator (the generic
        // `firstIndex(of:)` over the view stepped through its indices one by one).
        let found =
            rest.withContiguousStorageIfAvailable { bytes in
                bytes.firstIndex(of: separator).map { rest.index(fieldStart, offsetBy: $0) }
            } ?? rest.firstIndex(of: separator)
        guard let end = found else {
            start = nil
            return Substring(text.unicodeScalars[fieldStart...])
        }
        start = text.utf8.index(after: end)
        return Substring(text.unicodeScalars[fieldStart..<end])
    }
}
