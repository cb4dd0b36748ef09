import ATKElements

/// Elements whose `$element_path` changed between versions (`atk elements drift`), so visual
/// event definitions can be updated (seed 004 §3.3.2: iOS upgrades move bar button paths; app
/// releases move buttons into new containers).
///
/// An element is a (`$screen_name`, `$element_content`, `$element_type`) of `$AppClick` events;
/// screen and path come from an ``ElementResolver``, content and type are recorded (clicks
/// without `$element_type` are skipped: their element is unknown). Its versions are put in
/// version order (`2.9.0` before `2.10.0`); it drifted between two consecutive ones when they
/// share no path. A shared path means the element did not move (several elements with the same
/// content, clicked in both versions, would otherwise look like drift), and comparing only
/// consecutive versions keeps a move that later versions kept (10 → 11 → 16 with the new path
/// in 11 and 16 is one change, 10 → 11).
///
/// - `$app_version`: versions of the app, over all OS versions.
/// - `$os_version`: OS versions within one `$app_version`, so an app release that moved the
///   element is not mistaken for an OS change.
///
/// Memory: one entry per distinct (element, version, path), each with its first location.
///
/// Mergeable: elements, their versions and their paths combine by text, as sets (a union), and
/// the counts add. Each shows the text of its first click by ``LineLocation``: canonically
/// equivalent texts (`é` and `e` + U+0301) are one entry, and a serial pass keeps the first one it
/// saw. Versions are put in order only when the drifts are asked for, after the merge. A merge
/// costs O(distinct (element, version, path) of the other partial).
public struct ElementDriftFinder: MergeableAnalysis {
    /// Which version property a drift is between.
    public enum Dimension: String, Sendable, CaseIterable {
        case appVersion = "app_version"
        case osVersion = "os_version"
    }

    /// One element that moved.
    public struct Drift: Sendable, Equatable {
        /// Which versions the paths differ between.
        public var dimension: Dimension
        /// The element's `$screen_name`.
        public var screenName: String?
        /// The element's `$element_content`.
        public var elementContent: String?
        /// The element's `$element_type`.
        public var elementType: String
        /// For `.osVersion`, the app version the OS versions were compared within.
        public var appVersion: String?
        /// Per version (in version order), its paths, sorted.
        public var paths: [(version: String, paths: [String])]
        /// Old → new paths between consecutive versions that share no path.
        public var changes: [Change]

        /// Field by field; the version paths compared as their parts (tuples are not Equatable).
        public static func == (a: Drift, b: Drift) -> Bool {
            a.dimension == b.dimension && a.screenName == b.screenName && a.elementContent == b.elementContent
                && a.elementType == b.elementType && a.appVersion == b.appVersion && a.changes == b.changes
                && a.paths.map(\.version) == b.paths.map(\.version) && a.paths.map(\.paths) == b.paths.map(\.paths)
        }
    }

    /// A path in one version replaced by another in the next.
    public struct Change: Sendable, Equatable {
        /// The earlier version.
        public var fromVersion: String
        /// The version after it.
        public var toVersion: String
        /// A path of the earlier version.
        public var oldPath: String
        /// A path of the later version.
        public var newPath: String
    }

    struct Key: Hashable {
        var dimension: Dimension
        var screenName: String?
        var elementContent: String?
        var elementType: String
        var appVersion: String?
    }

    /// An element's versions, under the key it was first clicked with.
    struct Element {
        var key: Key
        var first: LineLocation
        var versions: [String: Version] = [:]

        mutating func add(version: String, path: String, at location: LineLocation) {
            versions[version, default: Version(text: version, first: location)].add(path: path, at: location)
        }

        /// The union of both; the key of the earlier first click.
        mutating func merge(_ other: Element) {
            if other.first < first { (key, first) = (other.key, other.first) }
            for (version, theirs) in other.versions {
                if versions[version] == nil { versions[version] = theirs } else { versions[version]?.merge(theirs) }
            }
        }
    }

    /// A version's paths, under the text the version was first clicked with.
    struct Version {
        var text: String
        var first: LineLocation
        /// Path → the text and location of its first click.
        var paths: [String: (text: String, first: LineLocation)] = [:]

        mutating func add(path: String, at location: LineLocation) {
            if paths[path] == nil { paths[path] = (path, location) }
        }

        /// The union of both; each text of the earlier first click.
        mutating func merge(_ other: Version) {
            if other.first < first { (text, first) = (other.text, other.first) }
            paths.merge(other.paths) { mine, theirs in theirs.first < mine.first ? theirs : mine }
        }
    }

    var reader: ElementClicks
    /// Element → version → paths.
    var seen: [Key: Element] = [:]

    /// Events read.
    public var events: Int { reader.events }
    /// Click events (`$AppClick`) read.
    public var clicks: Int { reader.clicks }
    /// Clicks without a string `$element_type` or without an element path.
    public internal(set) var skippedClicks = 0
    /// Lines that were not a JSON object.
    public var malformedLines: Int { reader.malformedLines }
    /// The first malformed lines, as examples for the report.
    public var malformedExamples: [MalformedExamples.Example] { reader.malformedExamples }

    /// A finder that has read nothing yet; `useRecordedIdentifiers` keys on the recorded
    /// identifiers even where a valid chain exists.
    public init(useRecordedIdentifiers: Bool = false) {
        reader = ElementClicks(useRecordedIdentifiers: useRecordedIdentifiers)
    }

    /// An empty finder keyed the same way.
    public func makePartial() -> ElementDriftFinder {
        var partial = ElementDriftFinder()
        partial.reader = reader.makePartial()
        return partial
    }

    /// Adds `other`'s counts and the union of its elements, versions and paths.
    ///
    /// - Complexity: O(distinct (element, version, path) of `other`).
    public mutating func merge(_ other: consuming ElementDriftFinder) {
        reader.merge(other.reader)
        skippedClicks += other.skippedClicks
        for (key, theirs) in other.seen {
            if seen[key] == nil { seen[key] = theirs } else { seen[key]?.merge(theirs) }
        }
    }

    /// Reads one event.
    public mutating func visit(_ event: Event) {
        guard let (properties, element) = reader.read(event) else { return }
        guard let type = properties.elementType?.stringValue, let path = element.elementPath else {
            skippedClicks += 1
            return
        }
        let content = properties.elementContent?.stringValue
        let app = properties.appVersion?.stringValue
        let os = properties.osVersion?.stringValue
        if let app {
            let key = Key(
                dimension: .appVersion, screenName: element.screenName, elementContent: content, elementType: type)
            seen[key, default: Element(key: key, first: event.location)]
                .add(version: app, path: path, at: event.location)
        }
        if let os {
            let key = Key(
                dimension: .osVersion, screenName: element.screenName, elementContent: content,
                elementType: type, appVersion: app)
            seen[key, default: Element(key: key, first: event.location)]
                .add(version: os, path: path, at: event.location)
        }
    }

    /// Counts a malformed line and keeps it as an example while there is room.
    public mutating func visitMalformed(_ line: MalformedLine) {
        reader.countMalformed(line)
    }

    /// Elements that drifted: by dimension (app, then OS), screen, content, type and app version.
    public var drifts: [Drift] {
        seen.values.compactMap { element -> Drift? in
            guard element.versions.count > 1 else { return nil }
            let key = element.key
            let ordered = element.versions.values.map { ($0.text, $0.paths.values.map(\.text).sorted()) }
                .sorted { VersionOrder.precedes($0.0, $1.0) }
            var changes: [Change] = []
            for (old, new) in zip(ordered, ordered.dropFirst()) where Set(old.1).isDisjoint(with: new.1) {
                for oldPath in old.1 {
                    for newPath in new.1 {
                        changes.append(Change(fromVersion: old.0, toVersion: new.0, oldPath: oldPath, newPath: newPath))
                    }
                }
            }
            guard !changes.isEmpty else { return nil }
            return Drift(
                dimension: key.dimension, screenName: key.screenName, elementContent: key.elementContent,
                elementType: key.elementType, appVersion: key.appVersion, paths: ordered, changes: changes)
        }.sorted { a, b in
            if a.dimension != b.dimension { return a.dimension == .appVersion }
            return ColumnOrder.precedes([
                (a.screenName, b.screenName), (a.elementContent, b.elementContent),
                (a.elementType, b.elementType), (a.appVersion, b.appVersion),
            ])
        }
    }
}
