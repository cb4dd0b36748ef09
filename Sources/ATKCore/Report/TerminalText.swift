/// Text from data made safe for a terminal: control characters (C0, DEL and C1) are written as
/// visible escapes, so an event name, a screen name or a file name can never move the cursor,
/// ring the bell, change colours or start a line of output that looks like atk's own.
///
/// `\n`, `\r` and `\t` become `\n`, `\r` and `\t`; any other C0 character and DEL become `\x1B`;
/// a C1 character (U+0080 to U+009F) becomes `\u{85}`. Everything else is unchanged.
public enum TerminalText {
    /// `text` with every control character escaped, line breaks included: for a value from data
    /// or a file name placed inside a line of output.
    ///
    /// - Complexity: O(n); returns `text` itself when it holds no control character.
    public static func escaped(_ text: String) -> String {
        guard needsEscaping(text, keepingLayout: false) else { return text }
        return escape(text, keepingLayout: false)
    }

    /// `text` with every control character escaped but `\n` and `\t`: for a whole report, whose
    /// own lines and columns stay, as a last guard behind the escaping of each value.
    ///
    /// - Complexity: O(n); returns `text` itself when it holds no such character.
    public static func sanitizedLayout(_ text: String) -> String {
        guard needsEscaping(text, keepingLayout: true) else { return text }
        return escape(text, keepingLayout: true)
    }

    private static func needsEscaping(_ text: String, keepingLayout: Bool) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 {
                if !(keepingLayout && (byte == 0x0A || byte == 0x09)) { return true }
            } else if byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) {
                return true
            }
            previous = byte
        }
        return false
    }

    private static func escape(_ text: String, keepingLayout: Bool) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x0A where keepingLayout, 0x09 where keepingLayout:
                out.append(scalar)
            case 0x0A: out.append(contentsOf: "\\n".unicodeScalars)
            case 0x0D: out.append(contentsOf: "\\r".unicodeScalars)
            case 0x09: out.append(contentsOf: "\\t".unicodeScalars)
            case 0..<0x20, 0x7F: out.append(contentsOf: ("\\x" + PathName.hex(UInt8(value))).unicodeScalars)
            case 0x80...0x9F: out.append(contentsOf: "\\u{\(String(value, radix: 16, uppercase: true))}".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
