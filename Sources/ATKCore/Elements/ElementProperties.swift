/// The properties the element analyses read, found in one pass over an event's `properties`.
///
/// Looking each one up with `Event.property(_:)` scans every member once per name; an analysis
/// that reads six of them per event would scan six times.
public struct ElementProperties {
    public var responderChain: JSONNode?
    public var elementPath: JSONNode?
    public var elementPosition: JSONNode?
    public var screenName: JSONNode?
    public var elementContent: JSONNode?
    public var elementType: JSONNode?
    public var libVersion: JSONNode?
    public var appVersion: JSONNode?
    public var osVersion: JSONNode?
    /// `properties` itself, when it is an object.
    public var object: JSONNode?

    /// Finds the properties of `event` (the last of a repeated key, as `Event.property` does).
    ///
    /// - Complexity: O(members of `properties`).
    public init(_ event: Event) {
        guard let properties = event.properties, properties.kind == .object else { return }
        object = properties
        properties.forEachMember { key, value in
            // Every name starts with `$`; the length picks the few candidates to compare.
            switch key.hasEscapes ? -1 : key.rawBytes.count {
            case 11:
                if key.equals("$os_version") { osVersion = value }
            case 12:
                if key.equals("$screen_name") { screenName = value } else if key.equals("$lib_version") { libVersion = value }
                else if key.equals("$app_version") { appVersion = value }
            case 13:
                if key.equals("$element_path") { elementPath = value } else if key.equals("$element_type") { elementType = value }
            case 16:
                if key.equals("$responder_chain") { responderChain = value } else if key.equals("$element_content") { elementContent = value }
            case 17:
                if key.equals("$element_position") { elementPosition = value }
            case -1:
                assignEscaped(key, value)
            default:
                break
            }
            return true
        }
    }

    private mutating func assignEscaped(_ key: JSONNode, _ value: JSONNode) {
        let fields: [(StaticString, WritableKeyPath<ElementProperties, JSONNode?>)] = [
            ("$responder_chain", \.responderChain), ("$element_path", \.elementPath),
            ("$element_position", \.elementPosition), ("$screen_name", \.screenName),
            ("$element_content", \.elementContent), ("$element_type", \.elementType),
            ("$lib_version", \.libVersion), ("$app_version", \.appVersion), ("$os_version", \.osVersion),
        ]
        for (name, path) in fields where key.equals(name) { self[keyPath: path] = value }
    }

    /// The recorded value of an identifier field.
    public subscript(field: ElementField) -> JSONNode? {
        switch field {
        case .elementPath: elementPath
        case .elementPosition: elementPosition
        case .screenName: screenName
        }
    }
}
