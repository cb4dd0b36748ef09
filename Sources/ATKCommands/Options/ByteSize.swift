import ArgumentParser

/// A size in bytes on the command line: `65536`, `512K`, `64M`, `1G` (binary units, an optional
/// `B` or `iB`: `64MiB`), from 1 byte to 1 GiB.
struct ByteSize: ExpressibleByArgument, CustomStringConvertible {
    /// The largest size accepted: a line is held in memory twice over at most.
    static let maximum = 1 << 30

    /// The size in bytes.
    let bytes: Int

    init(_ bytes: Int) { self.bytes = bytes }

    init?(argument: String) {
        var text = Substring(argument.uppercased())
        for suffix in ["IB", "B"] where text.hasSuffix(suffix) {
            text = text.dropLast(suffix.count)
            break
        }
        var shift = 0
        if let unit = text.last, let index = "KMG".firstIndex(of: unit) {
            shift = 10 * ("KMG".distance(from: "KMG".startIndex, to: index) + 1)
            text = text.dropLast()
        }
        guard let value = Int(text), value >= 1, value <= Self.maximum >> shift else { return nil }
        bytes = value << shift
    }

    var description: String {
        for (shift, unit) in [(30, "G"), (20, "M"), (10, "K")] where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift)\(unit)"
        }
        return String(bytes)
    }

    var defaultValueDescription: String { description }

    static var defaultCompletionKind: CompletionKind { .default }
}
