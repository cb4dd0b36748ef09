import Foundation

/// A CSV table (RFC 4180): a header and rows, fields quoted only when they need it.
///
/// Cells are safe to open in a spreadsheet: a text cell that starts with `=`, `+`, `-`, `@`, a
/// tab or a CR (what Excel, LibreOffice and Google Sheets read as a formula) gets a `'` in front,
/// as OWASP recommends against CSV injection; a cell that is a number (`-3`, `0.25`, `1e-3`) is
/// left as it is.
struct CSVTable {
    var header: [String]
    var rows: [[String]] = []

    /// The table as text, CRLF-free (`\n` line ends), ending with a line end.
    var text: String {
        ([header] + rows).map { $0.map(Self.field).joined(separator: ",") }.joined(separator: "\n") + "\n"
    }

    /// `value` neutralised (``neutralised(_:)``), then quoted (inner quotes doubled) when it
    /// holds a comma, a quote or a line break.
    static func field(_ value: String) -> String {
        let value = neutralised(value)
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `value` with a `'` in front when a spreadsheet would take it for a formula; numbers and
    /// other text unchanged.
    static func neutralised(_ value: String) -> String {
        guard let first = value.utf8.first,
            [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D]
                .contains(first)
        else { return value }
        return isNumber(value) ? value : "'" + value
    }

    /// Whether `value` is a plain decimal number: optional sign, digits, optional fraction and
    /// exponent.
    static func isNumber(_ value: String) -> Bool {
        var bytes = Substring(value).utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var mantissa = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// A number for a CSV cell: empty when nil, else the shortest exact decimal.
    static func number(_ value: Double?) -> String {
        guard let value else { return "" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
