import ATKElements

/// One of the three identifiers the SDK records and atk rebuilds from `$responder_chain`.
public enum ElementField: Int, CaseIterable, Sendable {
    case elementPath, elementPosition, screenName

    /// How a recorded field compares with the rebuilt one.
    public enum Comparison: Sendable, Equatable {
        /// Recorded and rebuilt are equal.
        case agrees
        /// The rebuild has a value but the event records none (absent or `null`).
        case missing
        /// The recorded value differs from the rebuilt one (or is not a string).
        case mismatch
        /// The rebuild has no value (no cell or segment, no controller): nothing to compare.
        case unjudged
    }

    /// The property name: `$element_path`, `$element_position`, `$screen_name`.
    public var propertyName: StaticString {
        switch self {
        case .elementPath: "$element_path"
        case .elementPosition: "$element_position"
        case .screenName: "$screen_name"
        }
    }

    /// The name in reports: `element_path`, `element_position`, `screen_name`.
    public var key: String {
        switch self {
        case .elementPath: "element_path"
        case .elementPosition: "element_position"
        case .screenName: "screen_name"
        }
    }

    /// The value rebuilt from the chain; nil when the chain implies none.
    public func rebuilt(_ identity: ElementIdentity) -> String? {
        switch self {
        case .elementPath: identity.elementPath
        case .elementPosition: identity.elementPosition
        case .screenName: identity.screenName
        }
    }

    /// Compares a recorded value with the rebuilt one, without allocating.
    ///
    /// A rebuilt value of nil judges nothing: the chain cannot tell a position the engine does
    /// not model (a tab bar button's) from none, nor a screen without a controller in the chain.
    /// - Complexity: O(length of the values).
    public static func compare(recorded: JSONNode?, rebuilt: String?) -> Comparison {
        guard var rebuilt else { return .unjudged }
        return rebuilt.withUTF8 { compare(recorded: recorded, rebuiltBytes: UnsafeRawBufferPointer($0)) }
    }

    /// ``compare(recorded:rebuilt:)`` with a rebuilt value given as its UTF-8 bytes.
    static func compare(recorded: JSONNode?, rebuiltBytes: UnsafeRawBufferPointer) -> Comparison {
        guard let recorded, recorded.kind != .null else { return .missing }
        guard recorded.kind == .string else { return .mismatch }
        return recorded.equals(rebuiltBytes) ? .agrees : .mismatch
    }

    /// A recorded value as reports show it: the string itself, or the JSON text of another kind.
    public static func display(_ recorded: JSONNode?) -> String? {
        guard let recorded, recorded.kind != .null else { return nil }
        return recorded.stringValue ?? String(decoding: recorded.sourceBytes, as: UTF8.self)
    }
}
