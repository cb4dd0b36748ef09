import ATKCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard error, terminals and number formatting for the text reports.
enum Terminal {
    /// Writes a message (one or more lines) to standard error, with every control character
    /// but line ends and tabs escaped (``TerminalText/sanitizedLayout(_:)``).
    static func writeError(_ message: String) {
        var line = TerminalText.sanitizedLayout(message)
        if !line.hasSuffix("\n") { line += "\n" }
        writeStandardError(line)
    }

    /// Writes text to standard error unbuffered (file descriptor 2).
    static func writeStandardError(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(2, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// Writes an `atk: ...` diagnostic to standard error: always one line, every control
    /// character in it escaped, so nothing from data can forge a line of its own.
    static func diagnose(_ message: String) {
        writeError("atk: " + TerminalText.escaped(message))
    }

    /// A value from data for a line of text output: control characters escaped, so it stays on
    /// its line (``TerminalText/escaped(_:)``).
    static func safe(_ value: String) -> String { TerminalText.escaped(value) }

    static var standardErrorIsTerminal: Bool { isatty(2) == 1 }
    static var standardInputIsTerminal: Bool { isatty(0) == 1 }

    /// `1234567` → `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (k, c) in digits.enumerated() {
            if k > 0 && (digits.count - k) % 3 == 0 { out += "," }
            out.append(c)
        }
        return value < 0 ? "-" + out : out
    }

    /// Milliseconds since the epoch as `2026-11-22 10:24:00.000 UTC`.
    static func timestamp(_ milliseconds: Int64) -> String {
        var seconds = time_t(milliseconds.floorDivided(by: 1000))
        // The remainder taken directly: seconds × 1000 does not fit in 64 bits near Int64.min.
        let millis = Int((milliseconds % 1000 + 1000) % 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ v: Int32, _ width: Int = 2) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday)) "
            + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec)).\(pad(Int32(millis), 3)) UTC"
    }

    /// A fraction as a percentage with `decimals` digits: `0.6483` → `64.8%` (or `64.83%`).
    ///
    /// nil → `-`. Every report formats shares and rates with it.
    static func percent(_ fraction: Double?, decimals: Int = 1) -> String {
        guard let fraction else { return "-" }
        return String(format: "%.\(decimals)f%%", fraction * 100)
    }

    /// `12345678` → `11.8 MB`.
    static func bytes(_ value: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var v = Double(value)
        var unit = 0
        while v >= 1024 && unit < units.count - 1 {
            v /= 1024
            unit += 1
        }
        return unit == 0 ? "\(value) B" : String(format: "%.1f %@", v, units[unit])
    }

    /// Left-aligns the first `leftColumns` columns (text) and right-aligns the others (numbers);
    /// control characters in cells are escaped (a cell is always one line), and cells longer
    /// than 60 characters are shortened with `…` (the JSON report has them whole).
    static func table(_ header: [String], _ rows: [[String]], leftColumns: Int = 1) -> String {
        let all = ([header] + rows).map { row in
            row.map { cell in
                let cell = TerminalText.escaped(cell)
                return cell.count > 60 ? String(cell.prefix(59)) + "…" : cell
            }
        }
        let widths = (0..<header.count).map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column < leftColumns ? cell + padding : padding + cell
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }
}
