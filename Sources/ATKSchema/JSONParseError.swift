/// A syntax error found while parsing JSON text, with the byte offset where it was detected.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Byte offset into the input.
    public let offset: Int
    /// What was wrong.
    public let reason: String

    /// The reason and the byte offset, for messages.
    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}
