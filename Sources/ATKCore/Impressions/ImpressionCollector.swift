/// Reads a dump for `atk impressions`: keeps one compact ``ImpressionRecord`` per page view,
/// session boundary, exposure (per item for batch events) and click, never the events
/// themselves; ``report()`` then sorts them per user and evaluates the page views.
///
/// Memory: 48 bytes per kept record while reading, 4 more to sort them, plus each distinct user
/// (with 16 bytes for where it first appeared), screen, element, item key, list and breakdown
/// value once. Other events cost nothing.
///
/// Partials (``MergeableAnalysis``) merge by moving the other partial's records here, their ids
/// remapped by text; users are disjoint, and ``report()`` orders them, and findings, by where
/// they appear in the input, so the merged report is the serial one.
public struct ImpressionCollector: MergeableAnalysis {
    let options: ImpressionOptions
    /// In input order (items of a batch event in list order): a record's index is its sequence.
    var records = ChunkedBuffer<ImpressionRecord>()
    var users = Interner(capacity: 4096)
    /// Per user: the event that added them; ``report()`` evaluates users in this order (their ids'
    /// order in a serial read, not after a merge).
    var userFirstSeen: [LineLocation] = []
    var screens = Interner(capacity: 64)
    var paths = Interner(capacity: 256)
    /// Element id → (screen id, path id), interned as their 8 bytes.
    var elements = Interner(capacity: 256)
    var elementParts: [(screen: Int32, path: Int32)] = []
    /// Elements that appear on some exposure: only clicks on them are judged.
    var exposedElements: [Bool] = []
    var keys = Interner(capacity: 4096)
    var lists = Interner(capacity: 256)
    var values = Interner(capacity: 64)
    /// Relevant events without a string `distinct_id` or an integer `time`.
    public internal(set) var skippedEvents = 0
    /// Events read.
    public internal(set) var events = 0

    private var resolver: ElementResolver
    private let exposureNames: [[UInt8]]
    private let clickName: [UInt8]
    /// The key's property names as bytes, one after another (``keyNameRanges``), so lookups
    /// allocate nothing and take no reference count (one array per name did, per lookup).
    private let keyNameBytes: [UInt8]
    private let keyNameRanges: [Range<Int>]
    /// What each key property is, decided once (a `String` comparison per property and event
    /// cost a tenth of the collector's time).
    private let keyParts: [KeyPart]

    /// Where a key property's value comes from.
    private enum KeyPart {
        case screenName, elementPath, elementPosition
        /// The items property: the batch item when there is one.
        case item
        /// `item_id`: the batch item when there is one, else the `item_id` the event's
        /// ``ElementProperties`` found.
        case itemId
        /// Any other property of the event.
        case property
    }
    /// How many of the key's parts, from the first, are resolved identifiers (`$screen_name`,
    /// `$element_path`, `$element_position`): their encoded bytes are the same for every single
    /// exposure or click of one rebuilt element, and are kept with it.
    private let resolvedKeyParts: Int
    /// The cache of what each rebuilt element gives every event that has it, worked out the first
    /// time: by the chain's id in ``resolver``'s cache, the element's index in `cachedElements`
    /// (-1: none yet).
    ///
    /// A resolver rebuilds one element per distinct chain; an app has a few hundred chains, and
    /// interning their screen, path, element and key text again for each of their events was a
    /// third of the collector's time. Indexed by the chain's id, a hit reads no reference: looking
    /// the element itself up (by its identity) cost an atomic reference-count pair per event.
    /// Emptied when the resolver's cache is (``ElementResolver/generation``) and past
    /// `elementCacheLimit` elements.
    private var elementByChain = ChainSlots()
    private var cachedElements: [CachedElement] = []
    /// The cached elements' key prefixes (``CachedElement/keyPrefix``), one after another.
    private var keyPrefixBytes: [UInt8] = []
    /// How many elements the cache holds before it starts again (0: no cache; tests compare).
    var elementCacheLimit = 100_000
    /// How many distinct chains the resolver keeps before it empties its cache, and so renumbers
    /// them (tests make it small).
    var chainCacheLimit: Int {
        get { resolver.cacheLimit }
        set { resolver = ElementResolver(useRecordedIdentifiers: options.useRecordedIdentifiers, cacheLimit: newValue) }
    }
    private let itemsName: [UInt8]?
    private let indexName: [UInt8]?
    private let breakdownName: [UInt8]?
    private var batches: Int32 = 0
    /// An event name's kind (``kind(of:)``): its length (-1: an empty place), words and kind.
    private struct NameKind {
        var length = -1
        var words = ShortBytes()
        var kind: ImpressionRecord.Kind?
    }
    private var nameKinds = [NameKind](repeating: NameKind(), count: 16)
    private var scratch = ScratchBytes()
    var malformed: MalformedExamples
    /// The first malformed lines (file, line, reason); they are counted in the reader's reports.
    public var malformedExamples: [MalformedExamples.Example] { malformed.examples }

    /// A collector that has read nothing yet.
    public init(options: ImpressionOptions) {
        self.options = options
        malformed = MalformedExamples(limit: options.maxExamples)
        resolver = ElementResolver(useRecordedIdentifiers: options.useRecordedIdentifiers)
        exposureNames = options.exposureEvents.map { Array($0.utf8) }
        clickName = Array(options.clickEvent.utf8)
        keyNameBytes = options.keyProperties.flatMap(\.utf8)
        keyNameRanges = options.keyProperties.reduce(into: []) { ranges, name in
            let start = ranges.last?.upperBound ?? 0
            ranges.append(start..<start + name.utf8.count)
        }
        keyParts = options.keyProperties.map { property in
            switch property {
            case "$screen_name": .screenName
            case "$element_path": .elementPath
            case "$element_position": .elementPosition
            case "item_id": .itemId
            case options.itemsProperty: .item
            default: .property
            }
        }
        resolvedKeyParts =
            keyParts.firstIndex { part in
                switch part {
                case .screenName, .elementPath, .elementPosition: false
                case .item, .itemId, .property: true
                }
            } ?? keyParts.count
        itemsName = options.itemsProperty.map { Array($0.utf8) }
        indexName = options.indexProperty.map { Array($0.utf8) }
        breakdownName = options.breakdownProperty.map { Array($0.utf8) }
    }

    /// Whether ``visit(_:)`` does more than count `event`.
    ///
    /// It does for a page view, a session boundary, an exposure or a click. With several
    /// workers the others are counted where they were parsed.
    public mutating func needsVisit(_ event: Event) -> Bool { recordKind(of: event) != nil }

    /// The kind of record `event` makes; nil for an event only counted (one without a string
    /// name, too).
    @inline(__always)
    private mutating func recordKind(of event: Event) -> ImpressionRecord.Kind? {
        guard let name = event.event, name.kind == .string else { return nil }
        return kind(of: name)
    }

    /// Counts events ``needsVisit(_:)`` declined: a visit of them only counts them.
    public mutating func countUnvisited(_ count: Int) { events += count }

    /// Evaluates one event: a page view, an exposure or a click; other events are only counted.
    public mutating func visit(_ event: Event) {
        var facts = ElementFacts(event)
        visit(&facts)
    }

    /// Evaluates one event, with facts other element analyses of the same pass may have found.
    public mutating func visit(_ facts: inout ElementFacts) {
        let event = facts.event
        events += 1
        guard let kind = recordKind(of: event) else { return }
        guard let id = event.distinctId, id.kind == .string, let time = event.timeMilliseconds else {
            skippedEvents += 1
            return
        }
        let user = users.internUser(id, persons: options.persons)
        if Int(user) == userFirstSeen.count { userFirstSeen.append(event.location) }
        var record = ImpressionRecord(
            time: time, user: user, file: event.location.fileIndex, line: Int32(clamping: event.location.line),
            kind: kind)
        if let breakdownName, let value = Self.property(event, breakdownName) {
            record.value = value.withUTF8 { values.intern($0) }
        }
        switch kind {
        case .pageView:
            if let screen = event.property("$screen_name" as StaticString), screen.kind == .string {
                record.screen = screen.withUTF8 { screens.intern($0) }
            }
            records.append(record)
        case .boundary:
            records.append(record)
        case .click, .exposure:
            element(&facts, into: &record)
        }
    }

    /// The kind of record an event of this name makes; nil for the events only counted.
    private func classify(_ name: JSONNode) -> ImpressionRecord.Kind? {
        if name.equals("$AppViewScreen") { return .pageView }
        if name.equals("$AppStart") || name.equals("$AppEnd") { return .boundary }
        if clickName.withUnsafeBytes({ name.equals($0) }) { return .click }
        if exposureNames.contains(where: { bytes in bytes.withUnsafeBytes { name.equals($0) } }) { return .exposure }
        return nil
    }

    /// ``classify(_:)``, remembered for the last names seen by their bytes as written (16 places,
    /// picked by the first bytes): a dump's few event names cost a comparison of words each,
    /// where the five names compared took about 190 instructions an event.
    @inline(__always)
    private mutating func kind(of name: JSONNode) -> ImpressionRecord.Kind? {
        let raw = name.rawBytes
        guard !name.hasEscapes, raw.count <= ShortBytes.longest else { return classify(name) }
        let words = ShortBytes(raw)
        let place = Int(truncatingIfNeeded: (words.a &* 0x9E37_79B9_7F4A_7C15) >> 60)
        let known = nameKinds[place]
        if known.length == raw.count && known.words == words { return known.kind }
        let kind = classify(name)
        nameKinds[place] = NameKind(length: raw.count, words: words, kind: kind)
        return kind
    }

    /// Routes by the person key with stitched identities, else by `distinct_id`.
    public var partitionKey: PartitionKey { options.persons.map { .person($0) } ?? .distinctId }

    /// An empty collector with the same options.
    public func makePartial() -> ImpressionCollector {
        var partial = ImpressionCollector(options: options)
        partial.elementCacheLimit = elementCacheLimit
        partial.chainCacheLimit = chainCacheLimit
        return partial
    }

    /// Moves `other`'s records here, with their ids remapped by text, and adds the counts.
    ///
    /// Users are routed by their key, so each is in one partial: the other's are appended, their
    /// ids shifted (``Interner/append(disjoint:)``). Screens, paths, elements, keys, lists and
    /// breakdown values are joined by their text. Batch numbers stay: they are only compared
    /// within one user's records, which all come from one partial. The smaller partial's record
    /// chunks are taken over, their ids rewritten in place (``ChunkedBuffer/append(adopting:_:)``):
    /// each partial's records keep their order, which is all the evaluation needs (a user's
    /// records all come from one partial; findings are ordered by file and line).
    ///
    /// - Complexity: O(records and distinct strings of the smaller partial), with no new memory
    ///   for its records.
    public mutating func merge(_ other: consuming ImpressionCollector) {
        // The merge is symmetric: rewrite the smaller partial's records.
        if records.count < other.records.count { swap(&self, &other) }
        events += other.events
        skippedEvents += other.skippedEvents
        malformed.merge(other.malformed)
        // Users are routed by this key, so none is in both: the other's follow this one's.
        let userBase = users.append(disjoint: other.users)
        userFirstSeen.append(contentsOf: other.userFirstSeen)
        let screen = screens.intern(contentsOf: other.screens)
        let path = paths.intern(contentsOf: other.paths)
        let key = keys.intern(contentsOf: other.keys)
        let list = lists.intern(contentsOf: other.lists)
        let value = values.intern(contentsOf: other.values)
        let element = other.elementParts.indices.map { id in
            let parts = other.elementParts[id]
            let mine = elementId(screen: Self.map(parts.screen, screen), path: Self.map(parts.path, path))
            if other.exposedElements[id] { exposedElements[Int(mine)] = true }
            return mine
        }
        records.append(adopting: &other.records) { record in
            record.user += userBase
            record.screen = Self.map(record.screen, screen)
            record.element = Self.map(record.element, element)
            record.key = Self.map(record.key, key)
            record.list = Self.map(record.list, list)
            record.value = Self.map(record.value, value)
        }
    }

    /// `id` through `table` (a merge's map of ids); -1 (none) stays.
    private static func map(_ id: Int32, _ table: [Int32]) -> Int32 {
        id < 0 ? id : table[Int(id)]
    }

    /// Malformed lines are counted in the reader's `FileReport`s; the first are kept as examples.
    public mutating func visitMalformed(_ line: MalformedLine) { malformed.record(line) }

    /// What a rebuilt element gives each of its events.
    private struct CachedElement {
        /// The element, for what is not cached: a batch's items, a key's resolved parts after
        /// the first of its other parts.
        let resolved: ResolvedElement
        let screen: Int32
        let element: Int32
        /// Where in ``ImpressionCollector/keyPrefixBytes`` the encoded bytes of the key's first
        /// ``ImpressionCollector/resolvedKeyParts`` parts are (one array per element took a
        /// reference count per event).
        let keyPrefix: Range<Int>
        /// A single exposure's list and row, once asked (`nil` inside: it has none).
        var listRow: (list: Int32, row: Int32)??
    }

    /// The cache entry of the element rebuilt from the chain of id `chain` in ``resolver``'s
    /// cache, made the first time.
    @inline(__always)
    private mutating func cachedElement(chain: Int) -> Int {
        elementByChain.index(ofChain: chain, generation: resolver.generation) ?? cacheElement(chain: chain)
    }

    /// A new cache entry for the element of chain id `chain` (emptying the cache when full, or
    /// when the resolver's cache was emptied).
    @inline(never)
    private mutating func cacheElement(chain: Int) -> Int {
        let renumbered = elementByChain.renumbered(generation: resolver.generation)
        if renumbered || cachedElements.count >= elementCacheLimit {
            elementByChain.removeAll()
            cachedElements.removeAll(keepingCapacity: true)
            keyPrefixBytes.removeAll(keepingCapacity: true)
        }
        let resolved = resolver.rebuilt(at: chain)
        let screen = resolved.screenName.map { screens.intern($0) } ?? -1
        let path = resolved.elementPath.map { paths.intern($0) } ?? -1
        scratch.removeAll()
        for part in keyParts[..<resolvedKeyParts] { appendResolved(part, of: resolved, index: nil) }
        let prefix = keyPrefixBytes.count..<keyPrefixBytes.count + scratch.count
        scratch.withUnsafeBytes { keyPrefixBytes.append(bytes: $0) }
        cachedElements.append(
            CachedElement(
                resolved: resolved, screen: screen, element: elementId(screen: screen, path: path), keyPrefix: prefix))
        elementByChain.set(cachedElements.count - 1, forChain: chain)
        return cachedElements.count - 1
    }

    /// Records an exposure (one per item of a batch event) or a click.
    ///
    /// A rebuilt element the cache knows is read by its chain's id: a single exposure or click
    /// of it reads no reference.
    private mutating func element(_ facts: inout ElementFacts, into record: inout ImpressionRecord) {
        let event = facts.event
        let properties = facts.properties()
        let cached: Int?
        let resolved: ResolvedElement?
        if elementCacheLimit > 0, let chain = facts.rebuiltId(&resolver) {
            let index = cachedElement(chain: chain)
            cached = index
            resolved = nil
            record.screen = cachedElements[index].screen
            record.element = cachedElements[index].element
        } else {
            let element = facts.resolve(&resolver)
            cached = nil
            resolved = element
            record.screen = element.screenName.map { screens.intern($0) } ?? -1
            let path = element.elementPath.map { paths.intern($0) } ?? -1
            record.element = elementId(screen: record.screen, path: path)
        }
        if record.kind == .exposure, let itemsName, let items = Self.property(event, itemsName), items.kind == .array {
            let element = resolvedElement(resolved, cached: cached)
            exposedElements[Int(record.element)] = true
            let indexes = indexName.flatMap { Self.property(event, $0) }.map { Array($0.elements) } ?? []
            record.batch = batches
            batches += 1
            for (offset, item) in items.elements.enumerated() {
                let index = offset < indexes.count ? indexes[offset] : nil
                record.key = key(event, properties, element, item: item, index: index)
                record.list = -1
                record.row = -1
                if let index, let row = Self.row(index) {
                    record.row = Int32(clamping: row)
                    record.list = list(path: element.elementPath, section: 0)
                }
                records.append(record)
            }
            return
        }
        record.key = key(event, properties, resolved, item: nil, index: nil, cached: cached)
        if record.kind == .exposure {
            exposedElements[Int(record.element)] = true
            let place = if let cached { listRow(cached) } else { listRow(resolvedElement(resolved, cached: nil)) }
            if let (list, row) = place {
                record.list = list
                record.row = row
            }
        }
        records.append(record)
    }

    /// A single exposure's list (its `[-]` path and section) and row, from `$element_position`.
    private mutating func listRow(_ resolved: ResolvedElement) -> (list: Int32, row: Int32)? {
        guard let elementPath = resolved.elementPath, elementPath.utf8.count > 3, elementPath.hasSuffix("[-]"),
            let position = resolved.elementPosition, let (section, row) = Self.position(position)
        else { return nil }
        return (list(path: elementPath, section: section), Int32(clamping: row))
    }

    /// ``listRow(_:)`` of a cached element, worked out once.
    private mutating func listRow(_ index: Int) -> (list: Int32, row: Int32)? {
        if let known = cachedElements[index].listRow { return known }
        let listRow = listRow(cachedElements[index].resolved)
        cachedElements[index].listRow = .some(listRow)
        return listRow
    }

    mutating func elementId(screen: Int32, path: Int32) -> Int32 {
        let id = withUnsafeBytes(of: (screen, path)) { elements.intern($0) }
        if Int(id) == elementParts.count {
            elementParts.append((screen, path))
            exposedElements.append(false)
        }
        return id
    }

    /// The list id of a path and section (their bytes, interned; no allocation once known).
    private mutating func list(path: String?, section: Int) -> Int32 {
        scratch.removeAll()
        withUnsafeBytes(of: section) { scratch.append($0) }
        if var path { path.withUTF8 { scratch.append(UnsafeRawBufferPointer($0)) } }
        return scratch.intern(into: &lists)
    }

    /// The item key: each property's value, length-prefixed (absent values marked), interned.
    ///
    /// With `cached` (an element in the cache, for an event without a batch item), its encoded
    /// leading resolved parts are copied instead of encoded again: the same bytes.
    ///
    /// - Parameter resolved: the event's element; nil with `cached`, whose element it is.
    private mutating func key(
        _ event: Event, _ properties: ElementProperties, _ resolved: ResolvedElement?, item: JSONNode?,
        index: JSONNode?, cached: Int? = nil
    ) -> Int32 {
        scratch.removeAll()
        var first = 0
        if let cached {
            let prefix = cachedElements[cached].keyPrefix
            keyPrefixBytes.withUnsafeBytes { scratch.append(UnsafeRawBufferPointer(rebasing: $0[prefix])) }
            first = resolvedKeyParts
        }
        // By index, not zipped slices: slicing and iterating the tables retained them, and each
        // name, about four times a record.
        for position in first..<keyParts.count {
            switch keyParts[position] {
            case .screenName, .elementPath, .elementPosition:
                appendResolved(keyParts[position], of: resolvedElement(resolved, cached: cached), index: index)
            case .item where item != nil, .itemId where item != nil: append(item)
            case .itemId: append(properties.itemId)
            case .item, .property:
                let name = keyNameRanges[position]
                let value = keyNameBytes.withUnsafeBytes {
                    Self.property(event, UnsafeRawBufferPointer(rebasing: $0[name]))
                }
                append(value)
            }
        }
        return scratch.intern(into: &keys)
    }

    /// `resolved`, or else the element of cache entry `cached`.
    private func resolvedElement(_ resolved: ResolvedElement?, cached: Int?) -> ResolvedElement {
        if let resolved { return resolved }
        guard let cached else { preconditionFailure("an event's element is resolved or cached") }
        return cachedElements[cached].resolved
    }

    /// Appends a resolved identifier's part of a key (a batch item's index stands for the position).
    private mutating func appendResolved(_ part: KeyPart, of resolved: ResolvedElement, index: JSONNode?) {
        switch part {
        case .screenName: append(resolved.screenName)
        case .elementPath: append(resolved.elementPath)
        case .elementPosition where index != nil: append(index)
        case .elementPosition: append(resolved.elementPosition)
        case .item, .itemId, .property: preconditionFailure("not a resolved identifier")
        }
    }

    private mutating func append(_ value: String?) {
        guard var value else { return appendAbsent() }
        value.withUTF8 { appendPresent(UnsafeRawBufferPointer($0)) }
    }

    private mutating func append(_ value: JSONNode?) {
        guard let value, value.kind != .null else { return appendAbsent() }
        value.withUTF8 { appendPresent($0) }
    }

    private mutating func appendAbsent() {
        scratch.append(littleEndian: UInt32.max)
    }

    private mutating func appendPresent(_ bytes: UnsafeRawBufferPointer) {
        scratch.append(littleEndian: UInt32(truncatingIfNeeded: bytes.count))
        scratch.append(bytes)
    }

    /// A member of the event's `properties`, named by bytes.
    private static func property(_ event: Event, _ name: [UInt8]) -> JSONNode? {
        name.withUnsafeBytes { property(event, $0) }
    }

    /// A member of the event's `properties`, named by bytes.
    private static func property(_ event: Event, _ name: UnsafeRawBufferPointer) -> JSONNode? {
        guard let properties = event.properties, properties.kind == .object else { return nil }
        return properties.member(name)
    }

    /// The key's property values, decoded (nil for absent ones).
    func keyValues(_ id: Int32) -> [String?] {
        var values: [String?] = []
        let bytes = keys.withBytes(id) { Array($0) }
        var offset = 0
        while offset + 4 <= bytes.count {
            let length =
                UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
                | UInt32(bytes[offset + 3]) << 24
            offset += 4
            if length == UInt32.max {
                values.append(nil)
                continue
            }
            let end = min(bytes.count, offset + Int(length))
            values.append(String(decoding: bytes[offset..<end], as: UTF8.self))
            offset = end
        }
        return values
    }

    /// A row from a batch item's index: an integer from 0 to 999,999,999, or a string of digits.
    static func row(_ node: JSONNode) -> Int? {
        if let value = node.int64Value { return (0...999_999_999).contains(value) ? Int(value) : nil }
        guard node.kind == .string else { return nil }
        return node.withUTF8 { number($0[...]) }
    }

    /// `section:row` (iOS) or `row` (Android) from `$element_position`.
    static func position(_ text: String) -> (section: Int, row: Int)? {
        var text = text
        return text.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            guard let colon = raw.firstIndex(of: UInt8(ascii: ":")) else { return number(raw[...]).map { (0, $0) } }
            guard let section = number(raw[..<colon]), let row = number(raw[(colon + 1)...]) else { return nil }
            return (section, row)
        }
    }

    private static func number(_ bytes: Slice<UnsafeRawBufferPointer>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 9 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
