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
///
/// Mergeable: every count adds, per definition (a definition is its index in the config, the
/// same in every partial); distinct users add too, a user's clicks all reaching one partial.
/// A merge costs O(definitions).
public struct VisualEventCounter: MergeableAnalysis {
    /// A config that could not be decoded.
    public struct ConfigError: Error, CustomStringConvertible {
        /// What is wrong with the config.
        public var description: String
    }

    /// One definition's counts.
    public struct Row: Sendable, Equatable {
        /// `event_name` (empty when the definition has none).
        public var name: String
        /// False for definitions the SDK never matches on the client (H5, or not `appclick`).
        public var matchable: Bool
        /// The definition's `$screen_name`.
        public var screenName: String?
        /// The definition's `$element_path`.
        public var elementPath: String?
        /// Clicks that match the definition.
        public var events: Int
        /// Distinct users with such a click.
        public var users: Int
    }

    private let config: VisualizedConfig
    private let matcher: VisualizedMatcher
    var reader: ElementClicks
    var counts: [Int]
    var users = GroupUsers()

    /// Events read.
    public var events: Int { reader.events }
    /// Click events (`$AppClick`) read.
    public var clicks: Int { reader.clicks }
    /// Clicks that matched at least one definition.
    public internal(set) var matchedClicks = 0
    /// Clicks whose identifiers were rebuilt from the chain.
    public var rebuiltClicks: Int { reader.rebuiltClicks }
    /// Lines that were not a JSON object.
    public var malformedLines: Int { reader.malformedLines }
    /// The first malformed lines, as examples for the report.
    public var malformedExamples: [MalformedExamples.Example] { reader.malformedExamples }

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
        reader = ElementClicks(useRecordedIdentifiers: useRecordedIdentifiers)
        counts = Array(repeating: 0, count: config.events.count)
    }

    /// An empty counter for the same config.
    public func makePartial() -> VisualEventCounter {
        var partial = self
        partial.reader = reader.makePartial()
        partial.counts = Array(repeating: 0, count: counts.count)
        partial.users = GroupUsers()
        partial.matchedClicks = 0
        return partial
    }

    /// Adds `other`'s counts, definition by definition.
    ///
    /// - Complexity: O(definitions).
    public mutating func merge(_ other: consuming VisualEventCounter) {
        reader.merge(other.reader)
        matchedClicks += other.matchedClicks
        for index in counts.indices { counts[index] += other.counts[index] }
        users.merge(other.users) { $0 }
    }

    /// Reads one event.
    public mutating func visit(_ event: Event) {
        var facts = ElementFacts(event)
        visit(&facts)
    }

    /// Reads one event, with facts other element analyses of the same pass may have found.
    public mutating func visit(_ facts: inout ElementFacts) {
        let event = facts.event
        guard let (properties, element) = reader.read(&facts), let path = element.elementPath else { return }
        let matches = matcher.matchingEventIndices(
            screenName: element.screenName, elementPath: path, elementPosition: element.elementPosition,
            elementContent: properties.elementContent?.stringValue)
        guard !matches.isEmpty else { return }
        matchedClicks += 1
        for index in matches {
            counts[index] += 1
            users.add(event, to: index)
        }
    }

    /// Counts a malformed line and keeps it as an example while there is room.
    public mutating func visitMalformed(_ line: MalformedLine) {
        reader.countMalformed(line)
    }

    /// Every definition of the config, in config order, zero counts included.
    public var rows: [Row] {
        config.events.indices.map { index in
            let definition = config.events[index]
            return Row(
                name: definition.eventName ?? "", matchable: definition.isMatchable,
                screenName: definition.event?.screenName, elementPath: definition.event?.elementPath,
                events: counts[index], users: users.count(index))
        }
    }
}
