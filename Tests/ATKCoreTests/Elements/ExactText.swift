/// A report's text compared byte for byte: Swift's `==` takes canonically equivalent strings
/// (`é` and `e` + U+0301) as equal, but a report prints the bytes, and a merge must keep them.
struct ExactText: Equatable, CustomStringConvertible {
    /// The text.
    var description: String

    /// Wraps `text`.
    init(_ text: String) {
        description = text
    }

    static func == (a: ExactText, b: ExactText) -> Bool {
        a.description.utf8.elementsEqual(b.description.utf8)
    }
}
