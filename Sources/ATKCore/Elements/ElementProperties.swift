/// The properties the element analyses read, found in one pass over an event's `properties`.
///
/// Looking each one up with `Event.property(_:)` scans every member once per name; an analysis
/// that reads six of them per event would scan six times.
public struct ElementProperties {
    /// `properties` itself, when it is an object.
    public let object: JSONNode?
    // Tape indices of the values (-1: absent): copying the struct retains one tape, not ten.
    private var chainIndex = -1
    private var pathIndex = -1
    private var positionIndex = -1
    private var screenIndex = -1
    private var contentIndex = -1
    private var typeIndex = -1
    private var libIndex = -1
    private var appIndex = -1
    private var osIndex = -1
    private var itemIndex = -1

    /// `$responder_chain`, if present.
    public var responderChain: JSONNode? { node(chainIndex) }
    /// `$element_path`, if present.
    public var elementPath: JSONNode? { node(pathIndex) }
    /// `$element_position`, if present.
    public var elementPosition: JSONNode? { node(positionIndex) }
    /// `$screen_name`, if present.
    public var screenName: JSONNode? { node(screenIndex) }
    /// `$element_content`, if present.
    public var elementContent: JSONNode? { node(contentIndex) }
    /// `$element_type`, if present.
    public var elementType: JSONNode? { node(typeIndex) }
    /// `$lib_version`, if present.
    public var libVersion: JSONNode? { node(libIndex) }
    /// `$app_version`, if present.
    public var appVersion: JSONNode? { node(appIndex) }
    /// `$os_version`, if present.
    public var osVersion: JSONNode? { node(osIndex) }
    /// `item_id`, if present: part of `atk impressions`' default item key, read for every
    /// exposure and click (looking it up on its own scanned the members again).
    public var itemId: JSONNode? { node(itemIndex) }

    private func node(_ index: Int) -> JSONNode? {
        guard index >= 0, let object else { return nil }
        return object.node(at: index)
    }

    /// Finds the properties of `event` (the last of a repeated key, as `Event.property` does).
    ///
    /// - Complexity: O(members of `properties`).
    public init(_ event: Event) {
        guard let properties = event.properties, properties.kind == .object else {
            object = nil
            return
        }
        object = properties
        properties.forEachMember { key, value in
            let v = value.index
            if key.hasEscapes {
                assignEscaped(key, v)
                return true
            }
            let name = key.rawBytes
            func `is`(_ candidate: StaticString) -> Bool {
                JSONDecoding.bytesEqual(
                    name, UnsafeRawBufferPointer(start: candidate.utf8Start, count: candidate.utf8CodeUnitCount))
            }
            // The length picks the few candidates to compare.
            switch name.count {
            case 7:
                if `is`("item_id") { itemIndex = v }
            case 11:
                if `is`("$os_version") { osIndex = v }
            case 12:
                if `is`("$screen_name") {
                    screenIndex = v
                } else if `is`("$lib_version") {
                    libIndex = v
                } else if `is`("$app_version") {
                    appIndex = v
                }
            case 13:
                if `is`("$element_path") { pathIndex = v } else if `is`("$element_type") { typeIndex = v }
            case 16:
                if `is`("$responder_chain") { chainIndex = v } else if `is`("$element_content") { contentIndex = v }
            case 17:
                if `is`("$element_position") { positionIndex = v }
            default:
                break
            }
            return true
        }
    }

    private mutating func assignEscaped(_ key: JSONNode, _ index: Int) {
        let fields: [(StaticString, WritableKeyPath<ElementProperties, Int>)] = [
            ("$responder_chain", \.chainIndex), ("$element_path", \.pathIndex),
            ("$element_position", \.positionIndex), ("$screen_name", \.screenIndex),
            ("$element_content", \.contentIndex), ("$element_type", \.typeIndex),
            ("$lib_version", \.libIndex), ("$app_version", \.appIndex), ("$os_version", \.osIndex),
            ("item_id", \.itemIndex),
        ]
        for (name, path) in fields where key.equals(name) { self[keyPath: path] = index }
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
