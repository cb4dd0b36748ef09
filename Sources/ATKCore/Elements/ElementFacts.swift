/// What the element analyses read of one event, found at most once per event however many of
/// them read it: its ``ElementProperties`` and its recorded identifiers.
///
/// `atk report` hands one to `impressions`, `elements verify` and `elements match` in turn, so an
/// event's `properties` are scanned once, not three times. A single command makes its own per
/// event. Valid only inside the reader's callback, like the `Event` it wraps.
///
/// The chain is looked up in each analysis's own resolver (a hash of its bytes): the facts keep
/// no reading or rebuilt identifiers, which hold references. Keeping them cost two atomic
/// reference-count pairs on every exposure and click of every command, where sharing them saved
/// `atk report` two hash look-ups.
///
/// Sharing changes no result: a chain's reading depends on its text alone (the resolvers' caches
/// only save work), and recorded identifiers are kept apart from rebuilt ones.
public struct ElementFacts {
    /// The event the facts are about.
    public let event: Event
    private var found: ElementProperties?
    private var recorded: ResolvedElement?

    /// Facts not yet found about `event`.
    public init(_ event: Event) {
        self.event = event
    }

    /// The event's element properties (one scan of `properties`).
    public mutating func properties() -> ElementProperties {
        if let found { return found }
        let properties = ElementProperties(event)
        found = properties
        return properties
    }

    /// The reading of the event's `$responder_chain`.
    public mutating func chain(_ resolver: inout ElementResolver) -> ChainReading {
        resolver.chain(properties().responderChain)
    }

    /// The identifiers to key on, as `resolver` resolves them (rebuilt from a valid chain unless
    /// it uses the recorded ones).
    public mutating func resolve(_ resolver: inout ElementResolver) -> ResolvedElement {
        if let id = rebuiltId(&resolver) { return resolver.rebuilt(at: id) }
        if let recorded { return recorded }
        let new = ElementResolver.recorded(properties())
        recorded = new
        return new
    }

    /// The id in `resolver`'s cache of the identifiers rebuilt from the event's chain; nil when
    /// the chain is absent or not valid, or `resolver` uses the recorded identifiers.
    ///
    /// The id names the same entry while ``ElementResolver/generation`` stays; an analysis that
    /// keeps what it worked out per element can index it by id and read no reference per event.
    mutating func rebuiltId(_ resolver: inout ElementResolver) -> Int? {
        guard !resolver.useRecordedIdentifiers, let chain = properties().responderChain else { return nil }
        return resolver.rebuiltId(chain)
    }
}
