/// The `format` values that are asserted when `SchemaOptions.assertFormats` is on.
///
/// Checks work on a copy of the UTF-8 bytes. They follow RFC 3339 (date-time,
/// date, time, including the leap-second rule), RFC 5321 in simplified form (email:
/// dot-atom local part and a domain or address literal), RFC 2673/4291 (ipv4, ipv6),
/// RFC 4122 (uuid) and RFC 3986 (uri: absolute, only legal characters).
enum FormatKind: String, Sendable {
    case dateTime = "date-time"
    case date
    case time
    case email
    case ipv4
    case ipv6
    case uuid
    case uri

    /// Whether the UTF-8 string `s` is valid for this format.
    func check(_ s: UnsafeRawBufferPointer) -> Bool {
        let bytes = Array(s)[...]
        switch self {
        case .date: return FormatKind.isDate(bytes)
        case .time: return FormatKind.isTime(bytes)
        case .dateTime:
            guard bytes.count > 11,
                bytes[bytes.startIndex + 10] == UInt8(ascii: "T")
                    || bytes[bytes.startIndex + 10] == UInt8(ascii: "t")
            else { return false }
            return FormatKind.isDate(bytes.prefix(10)) && FormatKind.isTime(bytes.dropFirst(11))
        case .email: return FormatKind.isEmail(bytes)
        case .ipv4: return FormatKind.isIPv4(bytes)
        case .ipv6: return FormatKind.isIPv6(bytes)
        case .uuid: return FormatKind.isUUID(bytes)
        case .uri: return FormatKind.isURI(bytes)
        }
    }

    private static func digits(_ b: ArraySlice<UInt8>, _ offset: Int, _ count: Int) -> Int? {
        var value = 0
        for i in 0..<count {
            let index = b.startIndex + offset + i
            guard index < b.endIndex, b[index] >= 0x30, b[index] <= 0x39 else { return nil }
            value = value * 10 + Int(b[index] - 0x30)
        }
        return value
    }

    private static func isDate(_ b: ArraySlice<UInt8>) -> Bool {
        guard b.count == 10, b[b.startIndex + 4] == UInt8(ascii: "-"), b[b.startIndex + 7] == UInt8(ascii: "-"),
            let year = digits(b, 0, 4), let month = digits(b, 5, 2), let day = digits(b, 8, 2),
            (1...12).contains(month), day >= 1
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    private static func isTime(_ b: ArraySlice<UInt8>) -> Bool {
        guard b.count >= 9, b[b.startIndex + 2] == UInt8(ascii: ":"), b[b.startIndex + 5] == UInt8(ascii: ":"),
            let hour = digits(b, 0, 2), let minute = digits(b, 3, 2), let second = digits(b, 6, 2),
            hour <= 23, minute <= 59, second <= 60
        else { return false }
        var i = b.startIndex + 8
        if b[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            while i < b.endIndex, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
            guard i > start else { return false }
        }
        guard i < b.endIndex else { return false }
        var offsetMinutes = 0
        switch b[i] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard i + 1 == b.endIndex else { return false }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let zone = b[(i + 1)...]
            guard zone.count == 5, zone[zone.startIndex + 2] == UInt8(ascii: ":"),
                let zh = digits(zone, 0, 2), let zm = digits(zone, 3, 2), zh <= 23, zm <= 59
            else { return false }
            offsetMinutes = (zh * 60 + zm) * (b[i] == UInt8(ascii: "+") ? 1 : -1)
        default:
            return false
        }
        guard second == 60 else { return true }
        let utcMinutes = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
        return utcMinutes == 23 * 60 + 59
    }

    private static func isAtext(_ c: UInt8) -> Bool {
        if (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || c >= 0x80 {
            return true
        }
        return "!#$%&'*+-/=?^_`{|}~".utf8.contains(c)
    }

    private static func isEmail(_ b: ArraySlice<UInt8>) -> Bool {
        guard let at = b.lastIndex(of: UInt8(ascii: "@")) else { return false }
        let local = b[b.startIndex..<at]
        let domain = b[(at + 1)...]
        guard !local.isEmpty, !domain.isEmpty else { return false }
        if local.first == UInt8(ascii: "\"") {
            guard local.count >= 2, local.last == UInt8(ascii: "\"") else { return false }
        } else {
            guard local.first != UInt8(ascii: "."), local.last != UInt8(ascii: "."),
                local.allSatisfy({ isAtext($0) || $0 == UInt8(ascii: ".") }),
                !zip(local, local.dropFirst()).contains(where: { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") })
            else { return false }
        }
        if domain.first == UInt8(ascii: "[") {
            guard domain.last == UInt8(ascii: "]"), domain.count > 2 else { return false }
            let literal = domain.dropFirst().dropLast()
            let ipv6Tag = Array("IPv6:".utf8)
            if literal.starts(with: ipv6Tag) { return isIPv6(literal.dropFirst(ipv6Tag.count)) }
            return isIPv4(literal)
        }
        return isHostname(domain)
    }

    private static func isHostname(_ b: ArraySlice<UInt8>) -> Bool {
        guard !b.isEmpty, b.count <= 253 else { return false }
        for label in b.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard !label.isEmpty, label.count <= 63, label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-"),
                label.allSatisfy({ isAlphaNumeric($0) || $0 == UInt8(ascii: "-") || $0 >= 0x80 })
            else { return false }
        }
        return true
    }

    private static func isAlphaNumeric(_ c: UInt8) -> Bool {
        (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c)
    }

    private static func isHex(_ c: UInt8) -> Bool {
        (0x30...0x39).contains(c) || (0x41...0x46).contains(c) || (0x61...0x66).contains(c)
    }

    private static func isIPv4(_ b: ArraySlice<UInt8>) -> Bool {
        let parts = b.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        for part in parts {
            guard (1...3).contains(part.count), let value = digits(part, 0, part.count), value <= 255,
                part.count == 1 || part.first != UInt8(ascii: "0")
            else { return false }
        }
        return true
    }

    private static func isIPv6(_ b: ArraySlice<UInt8>) -> Bool {
        var body = b
        var groupsNeeded = 8
        if let lastColon = b.lastIndex(of: UInt8(ascii: ":")), b[(lastColon + 1)...].contains(UInt8(ascii: ".")) {
            guard isIPv4(b[(lastColon + 1)...]) else { return false }
            groupsNeeded = 6
            body = b[b.startIndex...lastColon]
            if !body.suffix(2).elementsEqual("::".utf8) {
                body = body.dropLast()
            }
        }
        let compressedParts = split(body, on: Array("::".utf8))
        guard compressedParts.count <= 2 else { return false }
        var groups = 0
        for part in compressedParts where !part.isEmpty {
            for group in part.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false) {
                guard (1...4).contains(group.count), group.allSatisfy(isHex) else { return false }
                groups += 1
            }
        }
        return compressedParts.count == 2 ? groups < groupsNeeded : groups == groupsNeeded
    }

    private static func split(_ b: ArraySlice<UInt8>, on separator: [UInt8]) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var start = b.startIndex
        var i = b.startIndex
        while i + separator.count <= b.endIndex {
            if b[i..<(i + separator.count)].elementsEqual(separator) {
                parts.append(b[start..<i])
                i += separator.count
                start = i
            } else {
                i += 1
            }
        }
        parts.append(b[start...])
        return parts
    }

    private static func isUUID(_ b: ArraySlice<UInt8>) -> Bool {
        guard b.count == 36 else { return false }
        for (offset, c) in b.enumerated() {
            if [8, 13, 18, 23].contains(offset) {
                guard c == UInt8(ascii: "-") else { return false }
            } else if !isHex(c) {
                return false
            }
        }
        return true
    }

    private static func isURI(_ b: ArraySlice<UInt8>) -> Bool {
        guard let colon = b.firstIndex(of: UInt8(ascii: ":")), colon > b.startIndex,
            let first = b.first, (0x41...0x5A).contains(first) || (0x61...0x7A).contains(first),
            b[b.startIndex..<colon].allSatisfy({ isAlphaNumeric($0) || "+-.".utf8.contains($0) })
        else { return false }
        var rest = b[(colon + 1)...]
        if rest.starts(with: "//".utf8) {
            let authorityEnd = rest.dropFirst(2).firstIndex(where: { "/?#".utf8.contains($0) }) ?? rest.endIndex
            guard isAuthority(rest[(rest.startIndex + 2)..<authorityEnd]) else { return false }
            rest = rest[authorityEnd...]
        }
        let fragmentStart = rest.firstIndex(of: UInt8(ascii: "#")) ?? rest.endIndex
        return uriCharacters(rest[..<fragmentStart], extra: ":@/?")
            && uriCharacters(rest[fragmentStart...].dropFirst(), extra: ":@/?")
    }

    /// Whether every byte is unreserved, a sub-delimiter, one of `extra`, or a `%HH` escape.
    private static func uriCharacters(_ b: ArraySlice<UInt8>, extra: String) -> Bool {
        var i = b.startIndex
        while i < b.endIndex {
            let c = b[i]
            if c == UInt8(ascii: "%") {
                guard i + 2 < b.endIndex, isHex(b[i + 1]), isHex(b[i + 2]) else { return false }
                i += 3
                continue
            }
            guard isAlphaNumeric(c) || "-._~!$&'()*+,;=".utf8.contains(c) || extra.utf8.contains(c) else {
                return false
            }
            i += 1
        }
        return true
    }

    private static func isAuthority(_ b: ArraySlice<UInt8>) -> Bool {
        var hostPort = b
        if let at = b.lastIndex(of: UInt8(ascii: "@")) {
            guard uriCharacters(b[..<at], extra: ":") else { return false }
            hostPort = b[(at + 1)...]
        }
        var host = hostPort
        if hostPort.first == UInt8(ascii: "[") {
            guard let close = hostPort.firstIndex(of: UInt8(ascii: "]")),
                isIPv6(hostPort[(hostPort.startIndex + 1)..<close])
            else { return false }
            let port = hostPort[(close + 1)...]
            return port.isEmpty || (port.first == UInt8(ascii: ":") && port.dropFirst().allSatisfy(isDigit))
        }
        if let portColon = hostPort.lastIndex(of: UInt8(ascii: ":")) {
            guard hostPort[(portColon + 1)...].allSatisfy(isDigit) else { return false }
            host = hostPort[..<portColon]
        }
        return uriCharacters(host, extra: "")
    }

    private static func isDigit(_ c: UInt8) -> Bool {
        (0x30...0x39).contains(c)
    }
}
