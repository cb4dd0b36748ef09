import ATKElements

/// The element identifiers of an exposure or click as analyses should key on them: rebuilt from
/// `$responder_chain` when the event carries a valid chain, the recorded properties otherwise.
///
/// The values live in one shared, immutable storage: copying a resolved element (analyses of one
/// pass hand it to each other, a resolver hands out the same one for every event with the same
/// chain) costs one reference count, not one per string.
public struct ResolvedElement: Sendable, Hashable {
    /// Where the identifiers come from.
    public enum Source: Sendable, Hashable {
        /// Rebuilt from a valid `$responder_chain`.
        case rebuilt
        /// The recorded `$element_path`, `$element_position`, `$screen_name` (no chain, an
        /// invalid chain, or `--recorded-identifiers`).
        case recorded
    }

    private final class Storage: Sendable {
        let screenName: String?
        let elementPath: String?
        let elementPosition: String?
        let source: Source
        let responderPath: String?

        init(
            screenName: String?, elementPath: String?, elementPosition: String?, source: Source, responderPath: String?
        ) {
            self.screenName = screenName
            self.elementPath = elementPath
            self.elementPosition = elementPosition
            self.source = source
            self.responderPath = responderPath
        }
    }

    private let storage: Storage

    /// Identifiers from known values.
    public init(
        screenName: String? = nil, elementPath: String? = nil, elementPosition: String? = nil, source: Source,
        responderPath: String? = nil
    ) {
        storage = Storage(
            screenName: screenName, elementPath: elementPath, elementPosition: elementPosition, source: source,
            responderPath: responderPath)
    }

    /// The `$screen_name` to key on.
    public var screenName: String? { storage.screenName }
    /// The `$element_path` to key on.
    public var elementPath: String? { storage.elementPath }
    /// The `$element_position` to key on.
    public var elementPosition: String? { storage.elementPosition }
    /// Whether they were rebuilt or recorded.
    public var source: Source { storage.source }
    /// The full responder path (seed 004 §3.2), when rebuilt.
    public var responderPath: String? { storage.responderPath }

    /// Equal when every identifier and the source are.
    public static func == (lhs: ResolvedElement, rhs: ResolvedElement) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.screenName == rhs.screenName && lhs.elementPath == rhs.elementPath
                && lhs.elementPosition == rhs.elementPosition && lhs.source == rhs.source
                && lhs.responderPath == rhs.responderPath)
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(screenName)
        hasher.combine(elementPath)
        hasher.combine(elementPosition)
        hasher.combine(source)
        hasher.combine(responderPath)
    }
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
    /// Chain texts, interned: a lookup hashes 32 bytes a step and allocates nothing (a
    /// dictionary keyed by `[UInt8]` cost an array and a byte-by-byte hash per event).
    private var chains = Interner(capacity: 1024)
    /// The reading of each interned chain, by id.
    private var readings: [ChainReading] = []
    /// The identifiers rebuilt from each interned chain (nil: not valid), by id: every event
    /// with the chain shares them.
    private var rebuilt: [ResolvedElement?] = []
    /// How many distinct chains' readings are kept before the cache is cleared.
    let cacheLimit: Int
    /// How many times the cache was cleared: a cache id names one chain while this stays.
    private(set) var generation = 0

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
        return readings[cachedId(chain)]
    }

    /// The cache id of `chain`'s entry, read and rebuilt when new.
    ///
    /// The id names that entry while ``generation`` stays: ``reading(at:)``, ``isValid(at:)``,
    /// ``rebuilt(at:)``.
    ///
    /// An analysis that keeps what it works out per chain can index it by id, and read no
    /// reference per event: copying a reading or identifiers out of the cache costs atomic
    /// reference counts.
    ///
    /// - Complexity: as ``chain(of:)``.
    mutating func entryId(_ chain: JSONNode) -> Int { cachedId(chain) }

    /// The cache id of `chain`'s entry when the chain is valid, so that identifiers were rebuilt
    /// from it (``rebuilt(at:)``); nil otherwise.
    ///
    /// - Complexity: as ``chain(of:)``.
    mutating func rebuiltId(_ chain: JSONNode) -> Int? {
        let id = cachedId(chain)
        return isValid(at: id) ? id : nil
    }

    /// The reading of the chain of cache id `id`.
    func reading(at id: Int) -> ChainReading { readings[id] }

    /// Whether the chain of cache id `id` is valid, so that identifiers were rebuilt from it.
    func isValid(at id: Int) -> Bool { rebuilt[id] != nil }

    /// The identifiers rebuilt from the chain of cache id `id` (from ``rebuiltId(_:)``, this
    /// ``generation``): built once per distinct chain, shared by every event with it.
    func rebuilt(at id: Int) -> ResolvedElement {
        guard let element = rebuilt[id] else { preconditionFailure("no identifiers were rebuilt for chain \(id)") }
        return element
    }

    /// The cache entry of `chain`, read and rebuilt when new.
    private mutating func cachedId(_ chain: JSONNode) -> Int {
        let key = chain.sourceBytes
        if let id = chains.lookup(key) { return Int(id) }
        let reading = Self.read(chain)
        if readings.count >= cacheLimit {
            chains = Interner(capacity: 1024)
            readings.removeAll(keepingCapacity: true)
            rebuilt.removeAll(keepingCapacity: true)
            generation += 1
        }
        let id = Int(chains.intern(key))
        readings.append(reading)
        if case .valid(let identity) = reading {
            rebuilt.append(
                ResolvedElement(
                    screenName: identity.screenName, elementPath: identity.elementPath,
                    elementPosition: identity.elementPosition, source: .rebuilt, responderPath: identity.responderPath))
        } else {
            rebuilt.append(nil)
        }
        return id
    }

    /// The identifiers to key on: rebuilt from a valid chain unless `useRecordedIdentifiers`,
    /// the recorded properties otherwise.
    public mutating func resolve(_ event: Event) -> ResolvedElement {
        var facts = ElementFacts(event)
        return facts.resolve(&self)
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
