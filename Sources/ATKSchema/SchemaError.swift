/// A schema that cannot be compiled, with the JSON Pointer location of the problem.
public struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// A keyword that is not part of the dialect (refused by `UnknownKeywordPolicy.refuse`).
        case unknownKeyword(String)
        /// A real JSON Schema keyword this engine does not implement in refuse mode
        /// (`$recursiveRef` in a 2020-12 schema, which replaced it with `$dynamicRef`).
        case unsupportedKeyword(String)
        /// A keyword whose value has the wrong shape, for example `"minLength": -1`.
        case invalidKeywordValue(keyword: String, reason: String)
        /// A `pattern` or `patternProperties` key that is not ECMA-262 regular expression syntax.
        case invalidPattern(String, reason: String)
        /// A `pattern` or `patternProperties` key that is valid ECMA-262 but refused: it needs
        /// backtracking (backreferences, lookaround), or compiles to too large a program.
        case unsupportedPattern(String, reason: String)
        /// A `$ref` whose target cannot be found.
        case unresolvableReference(String)
        /// A schema value that is neither an object nor a boolean.
        case notASchema
    }

    /// What went wrong.
    public let kind: Kind
    /// Where, as a schema path such as `#/events/AddToCart/properties/price/minimumm`.
    public let location: String

    /// Creates an error.
    public init(_ kind: Kind, at location: String) {
        self.kind = kind
        self.location = location
    }

    /// The problem and its location in the schema, for messages.
    public var description: String {
        switch kind {
        case .unknownKeyword(let k): "unknown keyword '\(k)' at \(location)"
        case .unsupportedKeyword(let k): "unsupported keyword '\(k)' at \(location)"
        case .invalidKeywordValue(let k, let reason): "invalid value for '\(k)' at \(location): \(reason)"
        case .invalidPattern(let p, let reason): "invalid regular expression '\(p)' at \(location): \(reason)"
        case .unsupportedPattern(let p, let reason): "unsupported regular expression '\(p)' at \(location): \(reason)"
        case .unresolvableReference(let r): "cannot resolve $ref '\(r)' at \(location)"
        case .notASchema: "expected a schema (object or boolean) at \(location)"
        }
    }
}
