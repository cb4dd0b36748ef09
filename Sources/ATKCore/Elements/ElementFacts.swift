/// What the element analyses read of one event, found at most once per event however many of
/// them read it: its ``ElementProperties``, its chain's reading and its resolved identifiers.
///
/// `atk report` hands one to `impressions`, `elements verify` and `elements match` in turn, so an
/// event's `properties` are scanned once and its `$responder_chain` hashed and looked up once,
/// not three times. A single command makes its own per event. Valid only inside the reader's
/// callback, like the `Event` it wraps.
///
/// Sharing changes no result: a chain's reading depends on its text alone (the resolvers' caches
/// only save work), and recorded identifiers are kept apart from rebuilt ones.
public struct ElementFacts {
    /// The event the facts are about.
    public let event: Event
    private var found: ElementProperties?
    private var lookedUp = false
    private var reading = ChainReading.absent
    private var rebuilt: ResolvedElement?
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

    /// Looks the chain up in `resolver`'s cache, the first time only.
    private mutating func lookUp(_ resolver: inout ElementResolver) {
        guard !lookedUp else { return }
        lookedUp = true
        (reading, rebuilt) = resolver.entry(properties().responderChain)
    }

    /// The reading of the event's `$responder_chain`.
    public mutating func chain(_ resolver: inout ElementResolver) -> ChainReading {
        lookUp(&resolver)
        return reading
    }

    /// The identifiers to key on, as `resolver` resolves them (rebuilt from a valid chain unless
    /// it uses the recorded ones).
    public mutating func resolve(_ resolver: inout ElementResolver) -> ResolvedElement {
        if !resolver.useRecordedIdentifiers {
            lookUp(&resolver)
            if let rebuilt { return rebuilt }
        }
        if let recorded { return recorded }
        let new = ElementResolver.recorded(properties())
        recorded = new
        return new
    }
}
