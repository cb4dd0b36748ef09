/// The `$AppClick` events of a dump with the identifiers to key on: what `elements top`, `match`
/// and `drift` share.
///
/// Counts every event, click and malformed line on the way.
public struct ElementClicks {
    /// Events read.
    public internal(set) var events = 0
    /// Click events (`$AppClick`) read.
    public internal(set) var clicks = 0
    /// Clicks whose identifiers were rebuilt from the chain.
    public internal(set) var rebuiltClicks = 0
    /// Lines that were not a JSON object.
    public internal(set) var malformedLines = 0
    var malformed = MalformedExamples()
    /// The first malformed lines (file, line, reason), as every reading command keeps them.
    public var malformedExamples: [MalformedExamples.Example] { malformed.examples }

    private var resolver: ElementResolver

    /// - Parameter useRecordedIdentifiers: key on the recorded identifiers even where a chain exists.
    public init(useRecordedIdentifiers: Bool) {
        resolver = ElementResolver(useRecordedIdentifiers: useRecordedIdentifiers)
    }

    /// Counts `event`; for a click, returns its properties and the identifiers to key on.
    ///
    /// - Complexity: O(members of `properties`) plus a chain lookup, for clicks only.
    public mutating func read(_ event: Event) -> (properties: ElementProperties, element: ResolvedElement)? {
        var facts = ElementFacts(event)
        return read(&facts)
    }

    /// ``read(_:)`` with facts other element analyses of the same pass may have found already.
    public mutating func read(_ facts: inout ElementFacts) -> (properties: ElementProperties, element: ResolvedElement)?
    {
        events += 1
        guard let name = facts.event.event, name.equals("$AppClick") else { return nil }
        clicks += 1
        let element = facts.resolve(&resolver)
        if element.source == .rebuilt { rebuiltClicks += 1 }
        return (facts.properties(), element)
    }

    /// Counts a malformed line and keeps the first ones as examples.
    public mutating func countMalformed(_ line: MalformedLine) {
        malformedLines += 1
        malformed.record(line)
    }

    /// An empty reader keyed the same way.
    public func makePartial() -> ElementClicks {
        ElementClicks(useRecordedIdentifiers: resolver.useRecordedIdentifiers)
    }

    /// Adds `other`'s counts and keeps the first malformed lines of both by location (the chain
    /// cache is a partial's own: it changes no result).
    ///
    /// - Complexity: O(kept examples).
    public mutating func merge(_ other: ElementClicks) {
        events += other.events
        clicks += other.clicks
        rebuiltClicks += other.rebuiltClicks
        malformedLines += other.malformedLines
        malformed.merge(other.malformed)
    }
}
