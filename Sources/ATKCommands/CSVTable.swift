import Foundation

/// A CSV table (RFC 4180): a header and rows, fields quoted only when they need it.
struct CSVTable {
    var header: [String]
    var rows: [[String]] = []

    /// The table as text, CRLF-free (`\n` line ends), ending with a line end.
    var text: String {
        ([header] + rows).map { $0.map(Self.field).joined(separator: ",") }.joined(separator: "\n") + "\n"
    }

    /// `value` quoted (inner quotes doubled) when it holds a comma, a quote or a line break.
    static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A number for a CSV cell: empty when nil, else the shortest exact decimal.
    static func number(_ value: Double?) -> String {
        guard let value else { return "" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
