/// One custom-property definition attached to a visualized event.
///
/// Decoded for completeness (`SAVisualPropertiesPropertyConfig`); the
/// matcher does not evaluate properties. Every field may be missing.
public struct VisualizedPropertyRule: Sendable, Hashable, Decodable {
    /// The property name to attach.
    public var name: String?
    /// The `$element_path` of the element whose content gives the value.
    public var elementPath: String?
    /// The `$screen_name` of that element.
    public var screenName: String?
    /// The `$element_position` of that element when it is in a list.
    public var elementPosition: String?
    /// The regular expression whose first match in the content is the value.
    public var regular: String?
    /// The value type: `NUMBER`, or anything else for a string.
    public var type: String?
    /// Whether the property element is inside a web page.
    public var h5: Bool
    /// The web view's element path for `h5` properties.
    public var webviewElementPath: String?

    private enum CodingKeys: String, CodingKey {
        case name
        case elementPath = "element_path"
        case screenName = "screen_name"
        case elementPosition = "element_position"
        case regular
        case type
        case h5
        case webviewElementPath = "webview_element_path"
    }

    /// Decodes the property, tolerating missing fields and loosely typed flags.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        elementPath = try container.decodeIfPresent(String.self, forKey: .elementPath)
        screenName = try container.decodeIfPresent(String.self, forKey: .screenName)
        elementPosition = try container.decodeIfPresent(String.self, forKey: .elementPosition)
        regular = try container.decodeIfPresent(String.self, forKey: .regular)
        type = try container.decodeIfPresent(String.self, forKey: .type)
        h5 = try container.decodeLenientBool(forKey: .h5)
        webviewElementPath = try container.decodeIfPresent(String.self, forKey: .webviewElementPath)
    }

    /// Whether the value is converted to a number (`type == "NUMBER"`).
    public var isNumber: Bool {
        type == "NUMBER"
    }
}
