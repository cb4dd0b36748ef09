import Foundation

/// Helpers for RFC 6901 JSON Pointers and their URI-fragment form.
enum JSONPointer {
    /// Escapes one reference token (`~` to `~0`, `/` to `~1`).
    static func escape(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// Joins tokens into a pointer string (`""` for the root, otherwise `/a/b`).
    static func string(_ tokens: [String]) -> String {
        tokens.reduce(into: "") { $0 += "/" + escape($1) }
    }

    /// Decodes the fragment of a URI (percent-encoded) into pointer tokens,
    /// or `nil` when it is not a JSON Pointer (for example an anchor name).
    static func tokens(fromFragment fragment: String?) -> [String]? {
        guard let fragment, !fragment.isEmpty else { return [] }
        guard let decoded = percentDecode(fragment), decoded.hasPrefix("/") else { return nil }
        return decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// Percent-decodes `text`, or returns `nil` when an escape is malformed.
    static func percentDecode(_ text: String) -> String? {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.next().flatMap(hexValue), let low = utf8.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The value at `tokens` inside `root`, or `nil` when the pointer does not resolve.
    static func resolve(_ tokens: some Sequence<String>, in root: JSONValue) -> JSONValue? {
        var current = root
        for token in tokens {
            switch current {
            case .object:
                guard let next = current[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(token), index >= 0, index < elements.count,
                    token == "0" || !token.hasPrefix("0")
                else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
