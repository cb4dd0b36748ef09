import Foundation

/// A Sensors visualized-autotrack config (`config/visualized/iOS.conf`).
///
/// Mirrors `SAVisualPropertiesResponse`. Unlike the SDK, which drops H5
/// definitions while parsing, `events` keeps every entry so that indices
/// returned by `VisualizedMatcher` are positions in the JSON array.
public struct VisualizedConfig: Sendable, Hashable, Decodable {
    /// The config version; a numeric version is kept as its decimal text.
    public var version: String?
    /// The platform, `iOS` for configs the iOS SDK accepts.
    public var os: String?
    /// The Sensors project the config belongs to.
    public var project: String?
    /// The app identifier.
    public var appID: String?
    /// The event definitions, in file order.
    public var events: [VisualizedEventDefinition]

    /// Creates a config.
    public init(
        version: String? = nil, os: String? = nil, project: String? = nil, appID: String? = nil,
        events: [VisualizedEventDefinition]
    ) {
        self.version = version
        self.os = os
        self.project = project
        self.appID = appID
        self.events = events
    }

    /// Decodes a config from its JSON text.
    ///
    /// - Parameter jsonData: The UTF-8 JSON document.
    /// - Throws: `DecodingError` when the data is not JSON or a present field
    ///   has the wrong type.
    public init(jsonData: Data) throws {
        self = try JSONDecoder().decode(Self.self, from: jsonData)
    }

    private enum CodingKeys: String, CodingKey {
        case version
        case os
        case project
        case appID = "app_id"
        case events
    }

    /// Decodes the config; every field may be missing, `events` defaults to empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeLenientString(forKey: .version)
        os = try container.decodeIfPresent(String.self, forKey: .os)
        project = try container.decodeIfPresent(String.self, forKey: .project)
        appID = try container.decodeIfPresent(String.self, forKey: .appID)
        events = try container.decodeIfPresent([VisualizedEventDefinition].self, forKey: .events) ?? []
    }
}
