/// One entry of a visualized config's `events`: a named autotrack event.
public struct VisualizedEventDefinition: Sendable, Hashable, Decodable {
    /// The `event_type` the client can match.
    public static let appClickType = "appclick"

    /// The name the definition gives the matched event.
    public var eventName: String?
    /// The source event type; only `appclick` is matched on the client.
    public var eventType: String?
    /// The element the event names, or `nil` when the entry has none.
    public var event: VisualizedElementRule?
    /// Custom properties collected with the event.
    public var properties: [VisualizedPropertyRule]

    /// Creates a definition.
    public init(
        eventName: String?, eventType: String? = appClickType, event: VisualizedElementRule?,
        properties: [VisualizedPropertyRule] = []
    ) {
        self.eventName = eventName
        self.eventType = eventType
        self.event = event
        self.properties = properties
    }

    private enum CodingKeys: String, CodingKey {
        case eventName = "event_name"
        case eventType = "event_type"
        case event
        case properties
    }

    /// Decodes the definition; missing or `null` `properties` is an empty list.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        eventName = try container.decodeIfPresent(String.self, forKey: .eventName)
        eventType = try container.decodeIfPresent(String.self, forKey: .eventType)
        event = try container.decodeIfPresent(VisualizedElementRule.self, forKey: .event)
        properties =
            try container.decodeIfPresent([VisualizedPropertyRule].self, forKey: .properties) ?? []
    }

    /// Whether the client-side matcher considers this definition.
    ///
    /// True for an `appclick` definition (exact spelling, as the SDK compares
    /// it) with an `event` object whose `h5` flag is clear. H5 definitions are
    /// matched by the web SDK through `$WebClick`, and other types are not
    /// matched on the client, so the SDK never evaluates either.
    public var isMatchable: Bool {
        guard eventType == Self.appClickType, let event else { return false }
        return !event.h5
    }
}
