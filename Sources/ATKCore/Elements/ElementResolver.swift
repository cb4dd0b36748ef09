import ATKElements

/// The element identifiers of an exposure or click as analyses should key on them: rebuilt from
/// `$responder_chain` when the event carries a valid chain, the recorded properties otherwise.
public struct ResolvedElement: Sendable, Hashable {
    /// Where the identifiers come from.
    public enum Source: Sendable, Hashable {
        /// Rebuilt from a valid `$responder_chain`.
        case rebuilt
        /// The recorded `$element_path`, `$element_position`, `$screen_name` (no chain, an
        /// invalid chain, or `--recorded-identifiers`).
        case recorded
    }

    /// The `$screen_name` to key on.
    public var screenName: String?
    /// The `$element_path` to key on.
    public var elementPath: String?
    /// The `$element_position` to key on.
    public var elementPosition: String?
    /// Whether they were rebuilt or recorded.
    public var source: Source
    /// The full responder path (seed 004 §3.2), when rebuilt.
    public var responderPath: String?
}

/// What an event's chain says, before any fallback.
public enum ChainReading: Sendable, Hashable {
    /// No `$responder_chain` property.
    case absent
    /// The chain rebuilt into identifiers.
    case valid(ElementIdentity)
    /// The chain is there but malformed (not a list of strings, or a bad entry).
    case invalid(String)
}

/// Resolves element identifiers for events, caching rebuilds by the chain's exact text: an app
/// has few distinct chains, so most events cost one hash lookup.
///
/// Memory: one entry per distinct chain text, cleared when it passes `cacheLimit`.
public struct ElementResolver {
    /// When true, recorded identifiers are used even where a valid chain exists.
    public var useRecordedIdentifiers: Bool
    /// Chain texts, interned: a lookup hashes 8 bytes per step and allocates nothing (a
    /// dictionary keyed by `[UInt8]` cost an array and a byte-by-byte hash per event).
    private var chains = Interner(capacity: 1024)
    /// The reading of each interned chain, by id.
    private var readings: [ChainReading] = []
    private let cacheLimit: Int

    /// A resolver with an empty cache.
    ///
    /// - Parameters:
    ///   - useRecordedIdentifiers: use the recorded identifiers even where a valid chain exists.
    ///   - cacheLimit: how many distinct chains' readings are kept before the cache is cleared.
    public init(useRecordedIdentifiers: Bool = false, cacheLimit: Int = 100_000) {
        self.useRecordedIdentifiers = useRecordedIdentifiers
        self.cacheLimit = cacheLimit
    }

    /// Reads and rebuilds the event's `$responder_chain`.
    ///
    /// - Complexity: O(chain length) for a chain not seen before; a hash of its bytes otherwise.
    public mutating func chain(of event: Event) -> ChainReading {
        chain(event.property("$responder_chain" as StaticString))
    }

    /// Reads and rebuilds a `$responder_chain` value already found (nil: the event has none).
    ///
    /// - Complexity: as ``chain(of:)``.
    public mutating func chain(_ chain: JSONNode?) -> ChainReading {
        guard let chain else { return .absent }
        let key = chain.sourceBytes
        if let id = chains.lookup(key) { return readings[Int(id)] }
        let reading = Self.read(chain)
        if readings.count >= cacheLimit {
            chains = Interner(capacity: 1024)
            readings.removeAll(keepingCapacity: true)
        }
        _ = chains.intern(key)
        readings.append(reading)
        return reading
    }

    /// The identifiers to key on: rebuilt from a valid chain unless `useRecordedIdentifiers`,
    /// the recorded properties otherwise.
    public mutating func resolve(_ event: Event) -> ResolvedElement {
        resolve(ElementProperties(event))
    }

    /// The identifiers to key on, from properties already found.
    public mutating func resolve(_ properties: ElementProperties) -> ResolvedElement {
        if !useRecordedIdentifiers, case .valid(let identity) = chain(properties.responderChain) {
            return ResolvedElement(
                screenName: identity.screenName, elementPath: identity.elementPath,
                elementPosition: identity.elementPosition, source: .rebuilt, responderPath: identity.responderPath)
        }
        return Self.recorded(properties)
    }

    /// The identifiers the SDK recorded on the event.
    public static func recorded(_ event: Event) -> ResolvedElement {
        recorded(ElementProperties(event))
    }

    /// The recorded identifiers, from properties already found.
    public static func recorded(_ properties: ElementProperties) -> ResolvedElement {
        ResolvedElement(
            screenName: properties.screenName?.stringValue, elementPath: properties.elementPath?.stringValue,
            elementPosition: properties.elementPosition?.stringValue, source: .recorded, responderPath: nil)
    }

    private static func read(_ chain: JSONNode) -> ChainReading {
        guard chain.kind == .array else {
            return .invalid("$responder_chain is \(chain.kind.withArticle), not a list of strings")
        }
        var entries: [String] = []
        entries.reserveCapacity(chain.count)
        for (index, element) in chain.elements.enumerated() {
            guard let entry = element.stringValue else {
                return .invalid("$responder_chain entry \(index) is \(element.kind.withArticle), not a string")
            }
            entries.append(entry)
        }
        do throws(ChainError) {
            return .valid(try ElementIdentity(parsing: entries))
        } catch {
            return .invalid(error.description)
        }
    }
}
