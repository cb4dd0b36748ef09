import ATKElements
import Foundation

/// Counts `$AppClick` events per visual ("virtual") event of a Sensors visualized-autotrack
/// config (`atk elements match`).
///
/// An event matches a definition when its `$screen_name` and `$element_path` equal the rule's,
/// and its `$element_position` / `$element_content` too when the rule limits them (see
/// ``VisualizedMatcher``). Identifiers come from an ``ElementResolver``: rebuilt from a valid
/// chain, recorded otherwise; `$element_content` is the recorded one.
///
/// Memory: one counter per definition and one entry per (definition, user) pair.
public struct VisualEventCounter: DumpVisitor {
    /// A config that could not be decoded.
    public struct ConfigError: Error, CustomStringConvertible {
        public var description: String
    }

    /// One definition's counts.
    public struct Row: Sendable, Equatable {
        /// `event_name` (empty when the definition has none).
        public var name: String
        /// False for definitions the SDK never matches on the client (H5, or not `appclick`).
        public var matchable: Bool
        public var screenName: String?
        public var elementPath: String?
        public var events: Int
        public var users: Int
    }

    public private(set) var events = 0
    public private(set) var clicks = 0
    /// Clicks that matched at least one definition.
    public private(set) var matchedClicks = 0
    /// Clicks whose identifiers were rebuilt from the chain.
    public private(set) var rebuiltClicks = 0
    public private(set) var malformedLines = 0

    private let config: VisualizedConfig
    private let matcher: VisualizedMatcher
    private var resolver: ElementResolver
    private var counts: [Int]
    private var userCounts: [Int]
    private var users = Interner(capacity: 4096)
    private var pairs = Set<UInt64>()

    /// Decodes the config.
    ///
    /// - Throws: ``ConfigError`` when `configJSON` is not a visualized config.
    public init(configJSON: Data, useRecordedIdentifiers: Bool = false) throws(ConfigError) {
        do {
            config = try VisualizedConfig(jsonData: configJSON)
        } catch {
            throw ConfigError(description: "not a visualized-autotrack config: \(error)")
        }
        matcher = VisualizedMatcher(config: config)
        resolver = ElementResolver(useRecordedIdentifiers: useRecordedIdentifiers)
        counts = Array(repeating: 0, count: config.events.count)
        userCounts = counts
    }

    public mutating func visit(_ event: Event) {
        events += 1
        guard let name = event.event, name.equals("$AppClick") else { return }
        clicks += 1
        let properties = ElementProperties(event)
        let element = resolver.resolve(properties)
        if element.source == .rebuilt { rebuiltClicks += 1 }
        guard let path = element.elementPath else { return }
        let matches = matcher.matchingEventIndices(
            screenName: element.screenName, elementPath: path, elementPosition: element.elementPosition,
            elementContent: properties.elementContent?.stringValue)
        guard !matches.isEmpty else { return }
        matchedClicks += 1
        var user: Int32 = -1
        if let distinctId = event.distinctId, distinctId.kind == .string {
            user = distinctId.withUTF8 { users.intern($0) }
        }
        for index in matches {
            counts[index] += 1
            if user >= 0 && pairs.insert(UInt64(index) << 32 | UInt64(UInt32(user))).inserted { userCounts[index] += 1 }
        }
    }

    public mutating func visitMalformed(_ line: MalformedLine) {
        malformedLines += 1
    }

    /// Every definition of the config, in config order, zero counts included.
    public var rows: [Row] {
        config.events.indices.map { index in
            let definition = config.events[index]
            return Row(
                name: definition.eventName ?? "", matchable: definition.isMatchable,
                screenName: definition.event?.screenName, elementPath: definition.event?.elementPath,
                events: counts[index], users: userCounts[index])
        }
    }
}
