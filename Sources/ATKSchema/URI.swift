/// An RFC 3986 URI reference used to identify schema resources and resolve `$ref`.
///
/// Equality and hashing use the recomposed text, with an empty fragment (`...#`)
/// dropped so that `http://x/s#` and `http://x/s` name the same resource.
public struct URI: Hashable, Sendable, CustomStringConvertible {
    /// The scheme without `:`, for example `https` (`nil` for a relative reference).
    public let scheme: String?
    /// The authority without `//`, for example `localhost:1234`.
    public let authority: String?
    /// The path, possibly empty.
    public let path: String
    /// The query without `?`.
    public let query: String?
    /// The fragment without `#` (still percent-encoded).
    public let fragment: String?

    /// The base used when a schema has no `$id` and the caller gave no base URI.
    public static let defaultBase = URI("atk-schema:///root.json")

    /// Parses `text` as a URI reference (every string parses; invalid input is kept verbatim).
    public init(_ text: String) {
        var rest = Substring(text)
        var fragment: String?
        var query: String?
        var scheme: String?
        var authority: String?
        if let hash = rest.firstIndex(of: "#") {
            let tail = rest[rest.index(after: hash)...]
            fragment = tail.isEmpty ? nil : String(tail)
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"), URI.isScheme(rest[..<colon]) {
            scheme = rest[..<colon].lowercased()
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
            let end = rest[afterSlashes...].firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[afterSlashes..<end])
            rest = rest[end...]
        }
        self.init(scheme: scheme, authority: authority, path: String(rest), query: query, fragment: fragment)
    }

    private init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// The same URI without its fragment.
    public var withoutFragment: URI {
        URI(scheme: scheme, authority: authority, path: path, query: query, fragment: nil)
    }

    /// This URI with `fragment` (nil or empty removes it).
    public func withFragment(_ fragment: String?) -> URI {
        URI(
            scheme: scheme, authority: authority, path: path, query: query,
            fragment: fragment?.isEmpty == true ? nil : fragment)
    }

    /// The URI as text, from its parts.
    public var description: String {
        var out = ""
        if let scheme { out += scheme + ":" }
        if let authority { out += "//" + authority }
        out += path
        if let query { out += "?" + query }
        if let fragment { out += "#" + fragment }
        return out
    }

    /// Whether the two are the same text.
    public static func == (lhs: URI, rhs: URI) -> Bool { lhs.description == rhs.description }

    /// Hashes the text, as ``==`` compares it.
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// Resolves `reference` against this URI (RFC 3986 section 5.2.2).
    public func resolving(_ reference: String) -> URI {
        let ref = URI(reference)
        if ref.scheme != nil {
            return URI(
                scheme: ref.scheme, authority: ref.authority, path: URI.removeDotSegments(ref.path),
                query: ref.query, fragment: ref.fragment)
        }
        if ref.authority != nil {
            return URI(
                scheme: scheme, authority: ref.authority, path: URI.removeDotSegments(ref.path),
                query: ref.query, fragment: ref.fragment)
        }
        if ref.path.isEmpty {
            return URI(
                scheme: scheme, authority: authority, path: path, query: ref.query ?? query,
                fragment: ref.fragment)
        }
        let merged: String
        if ref.path.hasPrefix("/") {
            merged = ref.path
        } else if authority != nil, path.isEmpty {
            merged = "/" + ref.path
        } else if let slash = path.lastIndex(of: "/") {
            merged = path[...slash] + ref.path
        } else {
            merged = ref.path
        }
        return URI(
            scheme: scheme, authority: authority, path: URI.removeDotSegments(merged),
            query: ref.query, fragment: ref.fragment)
    }

    private static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (i, segment) in segments.enumerated() {
            let isLast = i == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if output.count > 1 { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        return output.joined(separator: "/")
    }
}
