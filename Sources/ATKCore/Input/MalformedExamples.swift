/// The first malformed lines of a read, kept as examples for a report (file, line, reason).
public struct MalformedExamples: Sendable {
    /// A malformed line kept as an example.
    public struct Example: Sendable, Equatable {
        /// Where the line is.
        public var location: LineLocation
        /// Why it was rejected (``MalformedLine/Reason``'s description).
        public var reason: String
        /// The line's first bytes, for the report.
        public var excerpt: String
    }

    /// The examples kept, in reading order.
    public internal(set) var examples: [Example] = []
    let limit: Int

    /// - Parameter limit: how many lines to keep.
    public init(limit: Int = 10) {
        self.limit = limit
    }

    /// Keeps `line` if fewer than `limit` examples are kept so far.
    public mutating func record(_ line: MalformedLine) {
        guard examples.count < limit else { return }
        let excerpt = String(decoding: line.bytes.prefix(120), as: UTF8.self)
        examples.append(Example(location: line.location, reason: line.reason.description, excerpt: excerpt))
    }

    /// Keeps the first `limit` of both sets of examples, in input order: each set holds its own
    /// first lines, so the merged set is the one a single read would have kept.
    public mutating func merge(_ other: MalformedExamples) {
        guard !other.examples.isEmpty else { return }
        examples = Array((examples + other.examples).sorted { $0.location < $1.location }.prefix(limit))
    }
}
