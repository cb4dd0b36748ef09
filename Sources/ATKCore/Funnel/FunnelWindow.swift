/// A funnel's conversion window (`90s`, `30m`, `1h`, `7d`; ``TimeSpan``), in milliseconds.
public struct FunnelWindow: Sendable, Equatable, CustomStringConvertible {
    /// The window as written (`1h`).
    public let text: String
    /// The window in milliseconds.
    public let milliseconds: Int64

    /// A window that could not be read, with the reason.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        /// The text given for the window.
        public let text: String
        /// What went wrong and what a window looks like.
        public var description: String {
            "invalid window '\(text)': write \(TimeSpan.help)"
        }
    }

    /// Parses a span (``TimeSpan``: `90s`, `30m`, `1h`, `7d`).
    ///
    /// - Throws: `ParseError` for anything else, and for windows too large for 64-bit milliseconds.
    public init(parsing text: String) throws(ParseError) {
        guard let milliseconds = TimeSpan.milliseconds(text) else { throw ParseError(text: text) }
        self.text = text
        self.milliseconds = milliseconds
    }

    /// The window as written.
    public var description: String { text }
}
