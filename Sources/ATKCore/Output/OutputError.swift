/// Why an output could not be opened or written.
///
/// The command layer maps ``Kind/refused`` to exit 2 (a usage error, found before any input is
/// read) and ``Kind/failed`` to exit 3.
public struct OutputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// How the error should be reported.
    public enum Kind: Sendable, Equatable {
        /// The output must not be written at all: it is an input, a directory, or named twice.
        case refused
        /// The system could not create, write or rename the file.
        case failed
    }

    /// Whether the output was refused or failed.
    public var kind: Kind
    /// The message, naming the output.
    public var description: String

    /// An error of `kind` with its message.
    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
