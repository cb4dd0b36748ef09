import ATKElements

/// Rebuilds the identifiers of every event that carries a `$responder_chain` and compares them
/// with the recorded `$element_path`, `$element_position` and `$screen_name` (`atk elements
/// verify`).
///
/// Memory: a few counters per distinct `$lib_version` and `$app_version`, one counter per
/// distinct recorded → rebuilt pair that differs, the kept examples, and 4 bytes per distinct
/// chain plus, for a valid one, 48 bytes and its rebuilt fields' bytes (cleared with the
/// resolver's cache); never per event.
///
/// Mergeable: every count adds; version rows combine by the version's bytes and pairs by their
/// text, a pair showing the text of its first event by ``LineLocation`` (canonically equivalent
/// texts are one pair, as in a serial pass); the examples kept are the first `maxExamples` of
/// both partials by location. A merge costs O(versions + pairs + examples of the other partial).
public struct ElementVerifier: MergeableAnalysis {
    /// An event whose chain does not parse.
    public struct InvalidChain: Sendable, Equatable {
        /// Where the event is.
        public var location: LineLocation
        /// Why the chain does not parse.
        public var reason: String
    }

    /// One differing field of one event.
    public struct Difference: Sendable, Equatable {
        /// Where the event is.
        public var location: LineLocation
        /// The field that differs.
        public var field: ElementField
        /// How it differs.
        public var comparison: ElementField.Comparison
        /// The recorded value (nil when missing); other JSON kinds as their JSON text.
        public var recorded: String?
        /// The value rebuilt from the chain.
        public var rebuilt: String
    }

    /// A recorded → rebuilt pair and how many events have it.
    public struct Pair: Sendable, Equatable {
        /// The field.
        public var field: ElementField
        /// The recorded value (nil when missing).
        public var recorded: String?
        /// The value rebuilt from the chain.
        public var rebuilt: String
        /// Events with this pair.
        public var events: Int
    }

    /// Counts for one `$lib_version` or `$app_version` value (nil: the event has none).
    public struct VersionRow: Sendable, Equatable {
        /// The version; nil for events without one.
        public var version: String?
        /// Events with a `$responder_chain`.
        public var withChain = 0
        /// Events whose `$responder_chain` could not be parsed.
        public var invalidChains = 0
        /// Events with at least one mismatching or missing field.
        public var eventsWithDifferences = 0
        /// Per ``ElementField`` (by raw value): events whose recorded value differs.
        public var mismatches = [0, 0, 0]
        /// Per ``ElementField``: events without the recorded field although the rebuild has one.
        public var missing = [0, 0, 0]
    }

    /// Events read.
    public internal(set) var events = 0
    /// The counts over every version, kept as a row so that they add up like one.
    var totals = VersionRow(version: nil)
    /// Events with a `$responder_chain`.
    public var withChain: Int { totals.withChain }
    /// Events whose `$responder_chain` could not be parsed.
    public var invalidChains: Int { totals.invalidChains }
    /// Per ``ElementField`` (by raw value): events whose recorded value differs.
    public var mismatches: [Int] { totals.mismatches }
    /// Per ``ElementField``: events without the recorded field although the rebuild has one.
    public var missing: [Int] { totals.missing }
    /// Events with at least one mismatching or missing field.
    public var eventsWithDifferences: Int { totals.eventsWithDifferences }
    /// Lines that were not a JSON object.
    public internal(set) var malformedLines = 0
    var malformed: MalformedExamples
    /// The first malformed lines, as every reading command keeps them.
    public var malformedExamples: [MalformedExamples.Example] { malformed.examples }
    /// The first events whose chain does not parse.
    public internal(set) var invalidChainExamples: [InvalidChain] = []
    /// The first differing fields.
    public internal(set) var differenceExamples: [Difference] = []

    private var resolver = ElementResolver()
    /// Per valid chain worked out, where each field's rebuilt value lies in `rebuiltBytes`: six
    /// numbers, a start and an end per field (-1, -1: the chain implies none), found by the
    /// chain's id in `resolver`'s cache through `fieldsByChain` (the index of its six).
    ///
    /// An event whose fields agree with its chain's is then judged on bytes, reading no
    /// reference: copying the chain's reading and three strings out of the resolver cost eight
    /// atomic reference-count pairs an event, 8% of `atk elements verify` on the bench dump.
    /// Emptied when the resolver empties its cache (``ElementResolver/generation``). The bounds
    /// are full-width: hostile chains of huge paths can hold more than 2 GB of fields between two
    /// clears.
    private var rebuiltBounds: [Int] = []
    private var rebuiltBytes: [UInt8] = []
    private var fieldsByChain = ChainSlots()
    /// How many distinct chains the resolver keeps before it empties its cache, and so renumbers
    /// them (tests make it small).
    var chainCacheLimit: Int {
        get { resolver.cacheLimit }
        set { resolver = ElementResolver(cacheLimit: newValue) }
    }
    let maxExamples: Int
    var pairCounts: [PairKey: PairTally] = [:]
    var libVersions = VersionTally()
    var appVersions = VersionTally()

    struct PairKey: Hashable {
        var field: ElementField
        var recorded: String?
        var rebuilt: String
    }

    /// A pair's events, and the text of its first event (the one a report shows).
    struct PairTally {
        var key: PairKey
        var events: Int
        var first: LineLocation
    }

    /// - Parameter maxExamples: how many invalid chains, differing fields and malformed lines to
    ///   keep (each) with their file and line.
    public init(maxExamples: Int = 10) {
        self.maxExamples = maxExamples
        malformed = MalformedExamples(limit: maxExamples)
    }

    /// True when some event has an invalid chain, a mismatching or a missing field.
    public var hasFindings: Bool { invalidChains > 0 || eventsWithDifferences > 0 }

    /// An empty verifier keeping as many examples.
    public func makePartial() -> ElementVerifier {
        var partial = ElementVerifier(maxExamples: maxExamples)
        partial.chainCacheLimit = chainCacheLimit
        return partial
    }

    /// Adds `other`'s counts, versions and pairs, and keeps the first examples of both.
    ///
    /// - Complexity: O(versions + pairs + kept examples of `other`).
    public mutating func merge(_ other: consuming ElementVerifier) {
        events += other.events
        totals.add(other.totals)
        malformedLines += other.malformedLines
        malformed.merge(other.malformed)
        invalidChainExamples = Array(
            (invalidChainExamples + other.invalidChainExamples).sorted { $0.location < $1.location }
                .prefix(maxExamples))
        // An event's differences are kept field by field, so location then field is reading order.
        differenceExamples = Array(
            (differenceExamples + other.differenceExamples).sorted {
                $0.location != $1.location ? $0.location < $1.location : $0.field.rawValue < $1.field.rawValue
            }.prefix(maxExamples))
        for (pair, tally) in other.pairCounts {
            guard let known = pairCounts[pair] else {
                pairCounts[pair] = tally
                continue
            }
            pairCounts[pair] = PairTally(
                key: tally.first < known.first ? tally.key : known.key, events: known.events + tally.events,
                first: min(known.first, tally.first))
        }
        libVersions.merge(other.libVersions)
        appVersions.merge(other.appVersions)
    }

    /// Reads one event.
    public mutating func visit(_ event: Event) {
        var facts = ElementFacts(event)
        visit(&facts)
    }

    /// Reads one event, with facts other element analyses of the same pass may have found.
    public mutating func visit(_ facts: inout ElementFacts) {
        let event = facts.event
        events += 1
        let properties = facts.properties()
        guard let chainNode = properties.responderChain else { return }
        let chain = resolver.entryId(chainNode)
        totals.withChain += 1
        let lib = libVersions.slot(properties.libVersion, at: event.location)
        let app = appVersions.slot(properties.appVersion, at: event.location)
        libVersions.rows[lib].withChain += 1
        appVersions.rows[app].withChain += 1
        guard resolver.isValid(at: chain) else {
            totals.invalidChains += 1
            libVersions.rows[lib].invalidChains += 1
            appVersions.rows[app].invalidChains += 1
            if invalidChainExamples.count < maxExamples, case .invalid(let reason) = resolver.reading(at: chain) {
                invalidChainExamples.append(InvalidChain(location: event.location, reason: reason))
            }
            return
        }
        let bounds = rebuiltFieldBounds(chain: chain)
        var differs = false
        for field in ElementField.allCases {
            let start = rebuiltBounds[bounds + 2 * field.rawValue]
            guard start >= 0 else { continue }
            let end = rebuiltBounds[bounds + 2 * field.rawValue + 1]
            let recorded = properties[field]
            let comparison = rebuiltBytes.withUnsafeBytes {
                ElementField.compare(
                    recorded: recorded, rebuiltBytes: UnsafeRawBufferPointer(rebasing: $0[start..<end]))
            }
            guard comparison == .mismatch || comparison == .missing else { continue }
            let rebuilt = String(decoding: rebuiltBytes[start..<end], as: UTF8.self)
            differs = true
            let shown = comparison == .missing ? nil : ElementField.display(recorded)
            if comparison == .mismatch {
                totals.mismatches[field.rawValue] += 1
                libVersions.rows[lib].mismatches[field.rawValue] += 1
                appVersions.rows[app].mismatches[field.rawValue] += 1
            } else {
                totals.missing[field.rawValue] += 1
                libVersions.rows[lib].missing[field.rawValue] += 1
                appVersions.rows[app].missing[field.rawValue] += 1
            }
            let pair = PairKey(field: field, recorded: shown, rebuilt: rebuilt)
            pairCounts[pair, default: PairTally(key: pair, events: 0, first: event.location)].events += 1
            if differenceExamples.count < maxExamples {
                differenceExamples.append(
                    Difference(
                        location: event.location, field: field, comparison: comparison, recorded: shown,
                        rebuilt: rebuilt))
            }
        }
        if differs {
            totals.eventsWithDifferences += 1
            libVersions.rows[lib].eventsWithDifferences += 1
            appVersions.rows[app].eventsWithDifferences += 1
        }
    }

    /// Where the fields rebuilt from the valid chain of id `chain` lie in `rebuiltBounds`,
    /// worked out the first time.
    @inline(__always)
    private mutating func rebuiltFieldBounds(chain: Int) -> Int {
        guard let index = fieldsByChain.index(ofChain: chain, generation: resolver.generation) else {
            return addRebuiltFields(chain: chain)
        }
        return 6 * index
    }

    /// Adds the fields rebuilt from the valid chain of id `chain` (after emptying the table when
    /// the resolver emptied its cache).
    @inline(never)
    private mutating func addRebuiltFields(chain: Int) -> Int {
        if fieldsByChain.renumbered(generation: resolver.generation) {
            rebuiltBounds.removeAll(keepingCapacity: true)
            rebuiltBytes.removeAll(keepingCapacity: true)
        }
        guard case .valid(let identity) = resolver.reading(at: chain) else {
            preconditionFailure("chain \(chain) is not valid")
        }
        let bounds = rebuiltBounds.count
        for field in ElementField.allCases {
            guard let value = field.rebuilt(identity) else {
                rebuiltBounds.append(-1)
                rebuiltBounds.append(-1)
                continue
            }
            rebuiltBounds.append(rebuiltBytes.count)
            rebuiltBytes.append(contentsOf: value.utf8)
            rebuiltBounds.append(rebuiltBytes.count)
        }
        fieldsByChain.set(bounds / 6, forChain: chain)
        return bounds
    }

    /// Counts a malformed line and keeps it as an example while there is room.
    public mutating func visitMalformed(_ line: MalformedLine) {
        malformedLines += 1
        malformed.record(line)
    }

    /// The most common recorded → rebuilt pairs of `field`: by events, descending, then by
    /// recorded (missing first) and rebuilt value.
    public func commonPairs(_ field: ElementField, limit: Int) -> [Pair] {
        let pairs = pairCounts.values.filter { $0.key.field == field }
            .map { Pair(field: field, recorded: $0.key.recorded, rebuilt: $0.key.rebuilt, events: $0.events) }
            .sorted {
                if $0.events != $1.events { return $0.events > $1.events }
                if $0.recorded != $1.recorded { return ($0.recorded ?? "") < ($1.recorded ?? "") || $0.recorded == nil }
                return $0.rebuilt < $1.rebuilt
            }
        return Array(pairs.prefix(limit))
    }

    /// Per `$lib_version` (events with a chain only), sorted by version, events without one last.
    public var libVersionRows: [VersionRow] { libVersions.sortedRows }

    /// Per `$app_version` (events with a chain only), sorted by version, events without one last.
    public var appVersionRows: [VersionRow] { appVersions.sortedRows }
}

/// Counters per distinct version string, interned; slot 0 is "no version".
///
/// Rows are per distinct bytes, so two canonically equivalent versions (`é` and `e` + U+0301)
/// are two rows that ``VersionOrder`` ties: they keep the order of their first events.
struct VersionTally {
    var names = Interner(capacity: 16)
    var rows = [ElementVerifier.VersionRow(version: nil)]
    /// Per row, where its version was first seen (slot 0's is unused).
    var firstSeen = [LineLocation(fileIndex: 0, line: 0)]

    /// The row of `version` (a string property) of the event at `location`, adding it if new.
    mutating func slot(_ version: JSONNode?, at location: LineLocation) -> Int {
        guard let version, version.kind == .string else { return 0 }
        let id = Int(version.withUTF8 { names.internRepeating($0) }) + 1
        if id == rows.count {
            rows.append(ElementVerifier.VersionRow(version: names.string(Int32(id - 1))))
            firstSeen.append(location)
        }
        return id
    }

    /// Adds `other`'s rows to the rows of the same version bytes.
    mutating func merge(_ other: VersionTally) {
        rows[0].add(other.rows[0])
        for (id, name) in names.intern(contentsOf: other.names).enumerated() {
            let mine = Int(name) + 1
            if mine == rows.count {
                rows.append(ElementVerifier.VersionRow(version: names.string(Int32(mine - 1))))
                firstSeen.append(other.firstSeen[id + 1])
            }
            rows[mine].add(other.rows[id + 1])
            firstSeen[mine] = min(firstSeen[mine], other.firstSeen[id + 1])
        }
    }

    var sortedRows: [ElementVerifier.VersionRow] {
        let named = rows.indices.dropFirst().sorted { a, b in
            let (x, y) = (rows[a].version ?? "", rows[b].version ?? "")
            if VersionOrder.precedes(x, y) { return true }
            return !VersionOrder.precedes(y, x) && firstSeen[a] < firstSeen[b]
        }.map { rows[$0] }
        return named + (rows[0].withChain > 0 ? [rows[0]] : [])
    }
}

extension ElementVerifier.VersionRow {
    /// Adds `other`'s counts to this row's.
    fileprivate mutating func add(_ other: Self) {
        withChain += other.withChain
        invalidChains += other.invalidChains
        eventsWithDifferences += other.eventsWithDifferences
        for field in ElementField.allCases {
            mismatches[field.rawValue] += other.mismatches[field.rawValue]
            missing[field.rawValue] += other.missing[field.rawValue]
        }
    }
}
