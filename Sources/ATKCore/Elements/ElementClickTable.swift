import ATKElements

/// Clicks per element (`atk elements top`): `$AppClick` events grouped by `$screen_name`,
/// `$element_path`, `$element_content` (and `$element_position` when `byPosition`), with the
/// distinct users of each group.
///
/// Identifiers come from an ``ElementResolver`` (rebuilt from the chain when there is a valid one);
/// `$element_content` is the recorded one.
///
/// Memory: one entry per group and one per (group, user) pair.
///
/// Mergeable: groups combine by their text (a partial's group ids are its own), clicks add, and
/// distinct users add (a user's clicks all reach one partial, so no user is counted twice). A
/// group shows the text of its first click by ``LineLocation``: canonically equivalent texts
/// (`é` and `e` + U+0301) are one group, and a serial pass keeps the first one it saw. A merge
/// costs O(groups of the other partial).
public struct ElementClickTable: MergeableAnalysis {
    /// One group of clicks.
    public struct Row: Sendable, Equatable {
        /// The clicks' `$screen_name`; nil when absent.
        public var screenName: String?
        /// The clicks' `$element_path`; nil when absent.
        public var elementPath: String?
        /// The clicks' recorded `$element_content`; nil when absent.
        public var elementContent: String?
        /// Only with `byPosition`.
        public var elementPosition: String?
        /// Clicks in this group.
        public var clicks: Int
        /// Distinct users with a click in this group.
        public var users: Int
    }

    struct Key: Hashable {
        var screenName: String?
        var elementPath: String?
        var elementContent: String?
        var elementPosition: String?
    }

    var reader: ElementClicks
    private let byPosition: Bool
    var groups: [Key: Int] = [:]
    var keys: [Key] = []
    var groupClicks: [Int] = []
    /// Per group, its first click: whose text the group shows.
    var firstClicks: [LineLocation] = []
    var users = GroupUsers()

    /// Events read.
    public var events: Int { reader.events }
    /// Click events (`$AppClick`) read.
    public var clicks: Int { reader.clicks }
    /// Clicks whose identifiers were rebuilt from the chain.
    public var rebuiltClicks: Int { reader.rebuiltClicks }
    /// Lines that were not a JSON object.
    public var malformedLines: Int { reader.malformedLines }
    /// The first malformed lines, as examples for the report.
    public var malformedExamples: [MalformedExamples.Example] { reader.malformedExamples }

    /// - Parameters:
    ///   - byPosition: also group by `$element_position`, so each list row is its own group.
    ///   - useRecordedIdentifiers: key on the recorded identifiers even where a chain exists.
    public init(byPosition: Bool = false, useRecordedIdentifiers: Bool = false) {
        self.byPosition = byPosition
        reader = ElementClicks(useRecordedIdentifiers: useRecordedIdentifiers)
    }

    /// An empty table grouping the same way.
    public func makePartial() -> ElementClickTable {
        var partial = ElementClickTable(byPosition: byPosition)
        partial.reader = reader.makePartial()
        return partial
    }

    /// Adds `other`'s groups by their text: clicks and distinct users add; a group keeps the
    /// text of the earlier first click.
    ///
    /// - Complexity: O(groups of `other`).
    public mutating func merge(_ other: consuming ElementClickTable) {
        reader.merge(other.reader)
        var mine: [Int] = []
        mine.reserveCapacity(other.keys.count)
        for (index, key) in other.keys.enumerated() {
            if let group = groups[key] {
                groupClicks[group] += other.groupClicks[index]
                if other.firstClicks[index] < firstClicks[group] {
                    keys[group] = key
                    firstClicks[group] = other.firstClicks[index]
                }
                mine.append(group)
            } else {
                groups[key] = keys.count
                mine.append(keys.count)
                keys.append(key)
                groupClicks.append(other.groupClicks[index])
                firstClicks.append(other.firstClicks[index])
            }
        }
        users.merge(other.users) { mine[$0] }
    }

    /// Reads one event.
    public mutating func visit(_ event: Event) {
        guard let (properties, element) = reader.read(event) else { return }
        let key = Key(
            screenName: element.screenName, elementPath: element.elementPath,
            elementContent: properties.elementContent?.stringValue,
            elementPosition: byPosition ? element.elementPosition : nil)
        let group: Int
        if let known = groups[key] {
            group = known
        } else {
            group = keys.count
            groups[key] = group
            keys.append(key)
            groupClicks.append(0)
            firstClicks.append(event.location)
        }
        groupClicks[group] += 1
        users.add(event, to: group)
    }

    /// Counts a malformed line and keeps it as an example while there is room.
    public mutating func visitMalformed(_ line: MalformedLine) {
        reader.countMalformed(line)
    }

    /// Distinct groups.
    public var groupCount: Int { keys.count }

    /// The `limit` groups with the most clicks (all when nil): by clicks, then users, descending,
    /// then by screen, path, content and position (absent values first).
    public func rows(limit: Int? = nil) -> [Row] {
        let rows = keys.indices.map { index in
            Row(
                screenName: keys[index].screenName, elementPath: keys[index].elementPath,
                elementContent: keys[index].elementContent, elementPosition: keys[index].elementPosition,
                clicks: groupClicks[index], users: users.count(index))
        }.sorted { a, b in
            if a.clicks != b.clicks { return a.clicks > b.clicks }
            if a.users != b.users { return a.users > b.users }
            return ColumnOrder.precedes([
                (a.screenName, b.screenName), (a.elementPath, b.elementPath),
                (a.elementContent, b.elementContent), (a.elementPosition, b.elementPosition),
            ])
        }
        return limit.map { Array(rows.prefix($0)) } ?? rows
    }
}
