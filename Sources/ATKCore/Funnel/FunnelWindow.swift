/// A funnel's conversion window: a count and a unit (`90s`, `30m`, `1h`, `7d`), in milliseconds.
public struct FunnelWindow: Sendable, Equatable, CustomStringConvertible {
    /// The window as written (`1h`).
    public let text: String
    /// The window in milliseconds.
    public let milliseconds: Int64

    /// A window that could not be read, with the reason.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let text: String
        public var description: String {
            "invalid window '\(text)': write a whole number and a unit: ms, s, m, h, d or w (90s, 30m, 1h, 7d)"
        }
    }

    private static let units: [(suffix: String, milliseconds: Int64)] = [
        ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000), ("w", 604_800_000),
    ]

    /// Parses `<digits><unit>`, unit one of `ms`, `s`, `m`, `h`, `d`, `w`.
    ///
    /// - Throws: `ParseError` for anything else, and for windows too large for 64-bit milliseconds.
    public init(parsing text: String) throws(ParseError) {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let suffix = text.dropFirst(digits.count)
        guard !digits.isEmpty, let count = Int64(digits),
              let unit = Self.units.first(where: { $0.suffix == suffix }) else {
            throw ParseError(text: text)
        }
        let (product, overflow) = count.multipliedReportingOverflow(by: unit.milliseconds)
        guard !overflow else { throw ParseError(text: text) }
        self.text = text
        milliseconds = product
    }

    public var description: String { text }
}
