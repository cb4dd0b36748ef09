/// The `event` object of a visualized event definition: which element it names.
///
/// Mirrors `SAVisualPropertiesEventConfig` in Sensors iOS SDK 4.9.1. Every
/// field may be missing: text fields become `nil`, flags become `false`.
public struct VisualizedElementRule: Sendable, Hashable, Decodable {
    /// The `$element_path` the element must have.
    public var elementPath: String?
    /// The `$screen_name` the element must have.
    public var screenName: String?
    /// The `$element_position` required when `limitElementPosition` is set.
    public var elementPosition: String?
    /// The `$element_content` required when `limitElementContent` is set.
    public var elementContent: String?
    /// Whether the position must equal `elementPosition`.
    public var limitElementPosition: Bool
    /// Whether the content must equal `elementContent`.
    public var limitElementContent: Bool
    /// Whether the element is inside a web page (matched through `$WebClick`).
    public var h5: Bool

    /// Creates a rule.
    public init(
        elementPath: String?, screenName: String?, elementPosition: String? = nil,
        elementContent: String? = nil, limitElementPosition: Bool = false,
        limitElementContent: Bool = false, h5: Bool = false
    ) {
        self.elementPath = elementPath
        self.screenName = screenName
        self.elementPosition = elementPosition
        self.elementContent = elementContent
        self.limitElementPosition = limitElementPosition
        self.limitElementContent = limitElementContent
        self.h5 = h5
    }

    private enum CodingKeys: String, CodingKey {
        case elementPath = "element_path"
        case screenName = "screen_name"
        case elementPosition = "element_position"
        case elementContent = "element_content"
        case limitElementPosition = "limit_element_position"
        case limitElementContent = "limit_element_content"
        case h5
    }

    /// Decodes the rule, tolerating missing fields and loosely typed flags.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        elementPath = try container.decodeIfPresent(String.self, forKey: .elementPath)
        screenName = try container.decodeIfPresent(String.self, forKey: .screenName)
        elementPosition = try container.decodeIfPresent(String.self, forKey: .elementPosition)
        elementContent = try container.decodeIfPresent(String.self, forKey: .elementContent)
        limitElementPosition = try container.decodeLenientBool(forKey: .limitElementPosition)
        limitElementContent = try container.decodeLenientBool(forKey: .limitElementContent)
        h5 = try container.decodeLenientBool(forKey: .h5)
    }

    /// Whether an element matches, by `isMatchVisualEventWithViewIdentify:`.
    ///
    /// Path and screen name must be equal; position and content only when
    /// their limit is set. A field the rule leaves out never equals anything,
    /// as a `nil` receiver of `isEqualToString:` answers `NO`: a rule without
    /// a path or screen name matches nothing, and neither does a limit whose
    /// value is missing. This ignores `h5`; `VisualizedMatcher` filters those.
    public func matches(
        screenName: String?, elementPath: String, elementPosition: String?, elementContent: String?
    ) -> Bool {
        guard let ruleScreen = self.screenName, let rulePath = self.elementPath,
            ruleScreen == screenName, rulePath == elementPath
        else { return false }
        if limitElementPosition {
            guard let rulePosition = self.elementPosition, rulePosition == elementPosition else {
                return false
            }
        }
        if limitElementContent {
            guard let ruleContent = self.elementContent, ruleContent == elementContent else {
                return false
            }
        }
        return true
    }
}
