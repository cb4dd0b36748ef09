/// The navigation model of `atk paths` (`Docs/paths.md`) over a dump: every user's page stack
/// rebuilt from `$AppStart`, `$AppViewScreen` and `$AppClick`, and each conversion's path read
/// from that stack and from what the conversion recorded.
///
/// A user's events take effect in (time, input order), so a user's history is kept until the
/// end (``NavigationUserTable``) and replayed in ``replay()``. Rows are track-type events with an
/// integer `time` (ms) and a user key (``userKey(of:persons:_:)``).
///
/// Memory: 28 bytes per kept navigation event (every `$AppStart`, `$AppViewScreen` and
/// `$AppClick`), plus each conversion's recorded path and `$app_version` as text.
///
/// Partials (``MergeableAnalysis``) each hold their own users; a merge keeps the tables side by
/// side, and ``replay()`` orders the conversions by location, so the result does not depend on
/// the split.
public struct NavigationAnalysis: MergeableAnalysis {
    /// The app's navigation config.
    public let config: NavigationConfig
    private let conversionName: [UInt8]
    private var reader = ActionPathReader()
    var table = NavigationUserTable()
    /// The tables of the partials merged into this one, disjoint from `table` and each other.
    var mergedTables: [NavigationUserTable] = []
    private let maxExamples: Int
    var malformed: MalformedExamples
    var events = 0
    var unplacedEvents = 0
    /// With stitched identities: the persons, whose keys replace the `distinct_id`s.
    private let persons: IdentityGraph?

    /// An analysis that has read nothing; `maxExamples` malformed lines are kept.
    ///
    /// - Parameter persons: with stitched identities, the persons (read from the same input
    ///   first); users are then persons, named by their keys.
    public init(config: NavigationConfig, maxExamples: Int = 10, persons: IdentityGraph? = nil) {
        self.config = config
        self.persons = persons
        conversionName = Array(config.conversion.utf8)
        self.maxExamples = maxExamples
        malformed = MalformedExamples(limit: maxExamples)
    }

    /// Calls `body` with the bytes of the event's user key: the string `distinct_id`, or its
    /// person key with stitched identities.
    ///
    /// The one place the key is read.
    static func userKey<R>(
        of event: Event, persons: IdentityGraph?, _ body: (UnsafeRawBufferPointer) -> R
    ) -> R? {
        guard let distinctId = event.distinctId, distinctId.kind == .string else { return nil }
        return distinctId.withUserKey(persons: persons, body)
    }

    /// Routes by the user: the person key with stitched identities, else the `distinct_id`.
    public var partitionKey: PartitionKey { persons.map { .person($0) } ?? .distinctId }

    /// An empty analysis of the same config.
    public func makePartial() -> NavigationAnalysis {
        NavigationAnalysis(config: config, maxExamples: maxExamples, persons: persons)
    }

    /// Adds `other`'s counts and keeps its users' tables as they are (they are disjoint).
    ///
    /// - Complexity: O(partials merged into `other`), plus the malformed examples.
    public mutating func merge(_ other: consuming NavigationAnalysis) {
        events += other.events
        unplacedEvents += other.unplacedEvents
        malformed.merge(other.malformed)
        mergedTables.append(other.table)
        mergedTables.append(contentsOf: other.mergedTables)
    }

    /// Keeps a malformed line as an example while there is room.
    public mutating func visitMalformed(_ line: MalformedLine) {
        malformed.record(line)
    }

    /// - Complexity: O(1) amortized for events that are not navigation events or conversions;
    ///   O(path length) for conversions.
    public mutating func visit(_ event: Event) {
        events += 1
        guard let name = event.event, name.kind == .string, event.isTrackType else { return }
        if conversionName.withUnsafeBytes({ name.equals($0) }) {
            return keepConversion(event)
        }
        let kind: NavigationUserTable.Kind
        if name.equals("$AppViewScreen") {
            kind = .view
        } else if name.equals("$AppClick") {
            kind = .click
        } else if name.equals("$AppStart") {
            kind = .appStart
        } else {
            return
        }
        guard let time = event.timeMilliseconds,
            let user = Self.userKey(of: event, persons: persons, { table.user($0) })
        else {
            unplacedEvents += 1
            return
        }
        var screen: Int32 = -1
        if let screenName = event.property("$screen_name"), screenName.kind == .string {
            screen = screenName.withUTF8 { table.screen($0) }
        }
        switch kind {
        case .view:
            guard screen >= 0 else {
                unplacedEvents += 1
                return
            }
            table.keep(.view, screen: screen, user: user, time: time)
        case .click:
            var entity: Int32 = -1
            if let value = event.property(config.entityProperty), value.kind == .string {
                entity = value.withUTF8 { $0.isEmpty ? -1 : table.entity($0) }
            }
            table.keep(.click, screen: screen, value: entity, user: user, time: time)
        case .appStart, .conversion:
            table.keep(kind, user: user, time: time)
        }
    }

    private mutating func keepConversion(_ event: Event) {
        let recorded: RecordedPath
        switch reader.read(event.property(config.pathProperty)) {
        case .missing:
            recorded = .missing
        case .invalid:
            recorded = .unreadable
        case .path:
            recorded = .nodes(
                reader.nodes.map { node in
                    let name = reader.names.string(node.name)
                    return node.entity < 0 ? name : name + "#" + reader.entities.string(node.entity)
                })
        }
        var version: String?
        if let value = event.property("$app_version"), value.kind == .string { version = value.stringValue }
        let user = Self.userKey(of: event, persons: persons) { table.user($0) }
        table.keepConversion(
            NavigationUserTable.Conversion(
                location: event.location, user: user.map(Int32.init) ?? -1, appVersion: version, recorded: recorded),
            user: user, time: event.timeMilliseconds)
    }

    /// Replays every user's history and returns the conversions in input order.
    ///
    /// - Complexity: O(n log n) over the kept events.
    public func replay() -> NavigationReplay {
        var conversions: [PathConversion] = []
        var offStack = 0
        var users = 0
        for table in CollectionOfOne(table) + mergedTables {
            offStack += table.replay(config: config, into: &conversions)
            users += table.userCount
        }
        conversions.sort { $0.location < $1.location }
        return NavigationReplay(
            conversions: conversions, offStackClicks: offStack, events: events, unplacedEvents: unplacedEvents,
            users: users, malformedExamples: malformed.examples)
    }
}
