/// Writes a first tracking plan from a dump: every track event, its properties with the JSON
/// types seen, `required` for properties present often enough, `enum` for strings with few
/// values, and `x-atk` annotations (counts, presence shares) for a human to review.
///
/// Memory: per event name its interned text and 16 bytes of counts; per property key its
/// interned text; per (event name, property key) pair about 40 bytes (the pair and its slot in
/// an ``IdPairMap``, the presence count, type bits, the head of its value list), 56 more once it
/// has held two types; per string value kept for an `enum` (at most `maxEnum + 1` a pair) an
/// 8-byte list node and its interned text, each distinct text once; where each event name and
/// pair first appeared (16 and 12 bytes), which orders names that compare equal as one read
/// does after a merge. The plan is written event by event (``write(indent:to:)``), never held whole.
public struct PlanInferrer: MergeableAnalysis {
    /// Share of an event's occurrences a property must be present in to be `required`.
    public var requiredShare: Double
    /// Most distinct string values that still make an `enum`.
    public var maxEnum: Int

    /// The JSON Schema types, in the order `type` lists them.
    enum SeenType: Int, CaseIterable {
        case null, boolean, integer, number, string, array, object

        var name: String { ["null", "boolean", "integer", "number", "string", "array", "object"][rawValue] }
    }

    /// A `valueHeads` entry: no value yet (or no string seen).
    static let noValues: Int32 = -1
    /// A `valueHeads` entry: more than `maxEnum` values, no longer collected.
    static let tooManyValues: Int32 = -2

    var events = Interner(capacity: 64)
    /// Per event name: track events of this name.
    var eventCounts: [Int] = []
    /// Per event name: those with a `properties` object: what `validate --plan` checks, and what
    /// presence shares are shares of (a missing or non-object `properties` is `envelope.properties`).
    var eventChecked: [Int] = []
    var propertyNames = Interner(capacity: 256)
    /// (event id, property id) → pair index; the per-pair arrays below are indexed by it.
    var pairs = IdPairMap()
    var present: [Int] = []
    /// Bit t: a value of ``SeenType`` t was seen; bits 8-14 likewise for list elements.
    var typeBits: [UInt16] = []
    /// Per pair that saw two or more types: the count per ``SeenType`` (a single type's count is
    /// `present`).
    var mixedCounts: [Int32: [Int]] = [:]
    /// Per pair: the last node of its distinct string values, or `noValues` / `tooManyValues`.
    var valueHeads: [Int32] = []
    /// Value lists: the interned text and the previous node (-1: none); nodes of lists that grew
    /// past `maxEnum` are reused through `freeNodes`.
    var valueNodes: [(text: Int32, previous: Int32)] = []
    var freeNodes: Int32 = -1
    var valueTexts = Interner(capacity: 256)
    /// Per event name: the first line with it.
    var eventFirst: [LineLocation] = []
    /// Per pair: where it first appeared, file index << 40 | line.
    var pairFirst: [UInt64] = []
    /// Per pair: its member's position on that line.
    var pairMember: [UInt32] = []

    /// An inferrer that has seen nothing yet.
    ///
    /// - Parameters:
    ///   - requiredShare: the share of an event's occurrences a property must appear in to be
    ///     made `required`.
    ///   - maxEnum: the most distinct string values a property may have to get an `enum`.
    public init(requiredShare: Double = 0.99, maxEnum: Int = 20) {
        self.requiredShare = requiredShare
        self.maxEnum = maxEnum
    }

    /// - Complexity: O(members + list elements) per event: one hash lookup per key and pair, and
    ///   for string values of pairs still collecting an `enum` a hash lookup and a walk of at
    ///   most `maxEnum` list nodes.
    public mutating func visit(_ event: Event) {
        guard event.isTrackType, let name = event.event, name.kind == .string else { return }
        let eventId = name.withUTF8 { events.intern($0) }
        let id = Int(eventId)
        if id == eventCounts.count {
            eventCounts.append(0)
            eventChecked.append(0)
            eventFirst.append(event.location)
        }
        eventCounts[id] += 1
        guard let properties = event.properties, properties.kind == .object else { return }
        eventChecked[id] += 1
        let place = UInt64(event.location.fileIndex) << 40 | UInt64(event.location.line)
        var member: UInt32 = 0
        properties.forEachMember { key, value in
            defer { member &+= 1 }
            let property = key.withUTF8 { propertyNames.intern($0) }
            let (pair, isNew) = pairs.index(eventId, property)
            if isNew {
                present.append(0)
                typeBits.append(0)
                valueHeads.append(Self.noValues)
                pairFirst.append(place)
                pairMember.append(member)
            }
            let type = Self.type(of: value)
            count(type, pair: pair)
            if type == .string && valueHeads[pair] != Self.tooManyValues { collect(value, pair: pair) }
            if type == .array {
                for element in value.elements { typeBits[pair] |= 1 << (8 + Self.type(of: element).rawValue) }
            }
            return true
        }
    }

    /// Counts one value of `type` for `pair`.
    @inline(__always)
    private mutating func count(_ type: SeenType, pair: Int) {
        let bit = UInt16(1) << type.rawValue
        let bits = typeBits[pair] & 0xFF
        if bits != bit && bits != 0 {
            let key = Int32(truncatingIfNeeded: pair)
            if mixedCounts[key] == nil {
                // The second type: until now every value had the first one.
                var counts = [Int](repeating: 0, count: SeenType.allCases.count)
                counts[bits.trailingZeroBitCount] = present[pair]
                mixedCounts[key] = counts
            }
            mixedCounts[key]?[type.rawValue] += 1
        }
        typeBits[pair] |= bit
        present[pair] += 1
    }

    /// Adds a string value to the pair's distinct values, or gives them up past `maxEnum`.
    private mutating func collect(_ value: JSONNode, pair: Int) {
        // Non-ASCII texts go through String, which repairs invalid UTF-8 as the output will.
        let text = value.withUTF8 { bytes in
            bytes.allSatisfy { $0 < 0x80 }
                ? valueTexts.intern(bytes) : valueTexts.intern(String(decoding: bytes, as: UTF8.self))
        }
        add(text, pair: pair)
    }

    /// Adds a value's interned text to the pair's distinct values, or gives them up past `maxEnum`.
    mutating func add(_ text: Int32, pair: Int) {
        var distinct = 0
        var node = valueHeads[pair]
        while node >= 0 {
            if valueNodes[Int(node)].text == text { return }
            distinct += 1
            node = valueNodes[Int(node)].previous
        }
        guard distinct + 1 <= maxEnum else {
            release(valueHeads[pair])
            valueHeads[pair] = Self.tooManyValues
            return
        }
        let entry = (text: text, previous: valueHeads[pair])
        if freeNodes >= 0 {
            let reused = freeNodes
            freeNodes = valueNodes[Int(reused)].previous
            valueNodes[Int(reused)] = entry
            valueHeads[pair] = reused
        } else {
            valueNodes.append(entry)
            valueHeads[pair] = Int32(valueNodes.count - 1)
        }
    }

    /// Puts a value list's nodes on the free list.
    mutating func release(_ head: Int32) {
        var node = head
        while node >= 0 {
            let previous = valueNodes[Int(node)].previous
            valueNodes[Int(node)].previous = freeNodes
            freeNodes = node
            node = previous
        }
    }

    /// Ignores malformed lines: they say nothing about the events' shape.
    public mutating func visitMalformed(_ line: MalformedLine) {}

    static func type(of node: JSONNode) -> SeenType {
        switch node.kind {
        case .null: return .null
        case .bool: return .boolean
        case .string: return .string
        case .array: return .array
        case .object: return .object
        case .number: return SchemaInstance(node).int64Value != nil ? .integer : .number
        }
    }

    /// Whether a property present in `present` of an event's `checked` occurrences is `required`.
    private func isRequired(present: Int, checked: Int) -> Bool {
        checked > 0 && Double(present) >= requiredShare * Double(checked)
    }

    /// Properties the plan makes `required` that some checked occurrences of their event lack.
    ///
    /// The plan will report those occurrences (`plan.required`). Empty when `requiredShare` is 1.
    public var partlyMissingRequired: [(event: String, property: String, present: Int, checked: Int)] {
        pairs.pairs.indices.compactMap { pair -> (event: String, property: String, pair: Int)? in
            let event = pairs.first(pair), checked = eventChecked[Int(event)]
            guard isRequired(present: present[pair], checked: checked), present[pair] < checked else { return nil }
            return (events.string(event), propertyNames.string(pairs.second(pair)), pair)
        }.sorted {
            ($0.event, $0.property) != ($1.event, $1.property)
                ? ($0.event, $0.property) < ($1.event, $1.property) : appearedBefore($0.pair, $1.pair)
        }
        .map { ($0.event, $0.property, present[$0.pair], eventChecked[Int(pairs.first($0.pair))]) }
    }

    /// The plan as JSON: events sorted by name, properties by name.
    ///
    /// ``write(indent:to:)`` writes the same text without holding it.
    ///
    /// An `enum` is written only for properties that were always strings, with at most
    /// `maxEnum` distinct values, each seen on average at least twice (so free text seen a few
    /// times does not become a list). Every value seen is in it, so the dump validates.
    public func plan() -> JSONOutput {
        var schemas: [(String, JSONOutput)] = []
        forEachEvent { name, schema, _ in schemas.append((name, schema)) }
        return .object(header + [("events", .object(schemas))])
    }

    /// Writes ``plan()``'s text with `indent` and a final newline, in pieces of about 64 KiB:
    /// only one event's schema is built at a time.
    ///
    /// - Complexity: O(e log e + p log p) for e event names and p pairs; 4 bytes per pair and a
    ///   `String` per event name beyond what reading kept.
    public func write(indent: Int, to sink: (String) throws -> Void) rethrows {
        var out = ""
        let top = JSONOutput.object(header)
        // The header's members without the closing brace; `events` follows them.
        let text = top.serialized(indent: indent)
        out += text.dropLast(indent > 0 ? 2 : 1)
        out += indent > 0 ? ",\n" + String(repeating: " ", count: indent) : ","
        JSONOutput.writeString("events", to: &out)
        out += indent > 0 ? ": {" : ":{"
        var first = true
        try forEachEvent { name, schema, _ in
            if !first { out += "," }
            first = false
            if indent > 0 { out += "\n" + String(repeating: " ", count: 2 * indent) }
            JSONOutput.writeString(name, to: &out)
            out += indent > 0 ? ": " : ":"
            out += schema.serialized(indent: indent, level: 2)
            if out.utf8.count >= 1 << 16 {
                try sink(out)
                out = ""
            }
        }
        if !first && indent > 0 { out += "\n" + String(repeating: " ", count: indent) }
        out += "}"
        if indent > 0 { out += "\n" }
        out += "}\n"
        try sink(out)
    }

    /// The members before `events`.
    private var header: [(String, JSONOutput)] {
        [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            (
                "x-atk",
                .object([
                    ("generated_by", .string("atk plan infer")), ("required_share", .double(requiredShare)),
                    ("max_enum", .int(maxEnum)),
                ])
            ),
        ]
    }

    /// Calls `body` with each event's name, schema and pair indices, by name.
    func forEachEvent(_ body: (String, JSONOutput, [Int]) throws -> Void) rethrows {
        let names = (0..<events.count).map { events.string(Int32($0)) }
        // Names equal as text but not as bytes (Unicode equivalents) in the order they appeared.
        let order = names.indices.sorted {
            names[$0] != names[$1] ? names[$0] < names[$1] : eventFirst[$0] < eventFirst[$1]
        }
        // Pair indices grouped by event (a counting sort), each group in pair order.
        var starts = [Int](repeating: 0, count: events.count + 1)
        for pair in pairs.pairs.indices { starts[Int(pairs.first(pair)) + 1] += 1 }
        for event in 0..<events.count { starts[event + 1] += starts[event] }
        var next = starts
        var grouped = [Int32](repeating: 0, count: pairs.count)
        for pair in pairs.pairs.indices {
            let event = Int(pairs.first(pair))
            grouped[next[event]] = Int32(truncatingIfNeeded: pair)
            next[event] += 1
        }
        for id in order {
            let properties = grouped[starts[id]..<starts[id + 1]].map { Int($0) }
            try body(names[id], eventSchema(id, properties: properties), properties)
        }
    }

    private func eventSchema(_ id: Int, properties: [Int]) -> JSONOutput {
        let checked = eventChecked[id]
        let named = properties.map { (propertyNames.string(pairs.second($0)), $0) }.sorted {
            $0.0 != $1.0 ? $0.0 < $1.0 : appearedBefore($0.1, $1.1)
        }
        let required = named.filter { isRequired(present: present[$0.1], checked: checked) }
            .map { JSONOutput.string($0.0) }
        return .object([
            ("type", .string("object")),
            ("properties", .object(named.map { ($0.0, propertySchema($0.1, eventCount: checked)) })),
            ("required", .array(required)),
            ("x-atk", .object([("count", .int(eventCounts[id])), ("checked", .int(checked))])),
        ])
    }

    /// Whether pair `a` appeared before pair `b` (line, then member).
    func appearedBefore(_ a: Int, _ b: Int) -> Bool { (pairFirst[a], pairMember[a]) < (pairFirst[b], pairMember[b]) }

    /// The count of values of `type` for `pair`.
    private func typeCount(_ type: SeenType, pair: Int) -> Int {
        guard typeBits[pair] & (1 << type.rawValue) != 0 else { return 0 }
        return mixedCounts[Int32(truncatingIfNeeded: pair)]?[type.rawValue] ?? present[pair]
    }

    private func propertySchema(_ pair: Int, eventCount: Int) -> JSONOutput {
        var seen = SeenType.allCases.filter { typeBits[pair] & (1 << $0.rawValue) != 0 }
        // integer values are numbers too: "number" alone covers both.
        if seen.contains(.number) { seen.removeAll { $0 == .integer } }
        var members: [(String, JSONOutput)] = [
            ("type", seen.count == 1 ? .string(seen[0].name) : .array(seen.map { .string($0.name) }))
        ]
        let elementBits = typeBits[pair] >> 8
        if seen == [.array], elementBits != 0 {
            var elementTypes = SeenType.allCases.filter { elementBits & (1 << $0.rawValue) != 0 }
            if elementTypes.contains(.number) { elementTypes.removeAll { $0 == .integer } }
            members.append(
                (
                    "items",
                    .object([
                        (
                            "type",
                            elementTypes.count == 1
                                ? .string(elementTypes[0].name)
                                : .array(elementTypes.map { .string($0.name) })
                        )
                    ])
                ))
        }
        let values = values(of: pair)
        if seen == [.string], valueHeads[pair] != Self.tooManyValues, !values.isEmpty,
            present[pair] >= 2 * values.count
        {
            members.append(("enum", .array(values.sorted().map { .string($0) })))
        }
        let share = eventCount == 0 ? 0 : Double(present[pair]) / Double(eventCount)
        members.append(
            (
                "x-atk",
                .object([
                    ("present", .int(present[pair])), ("share", .double((share * 10_000).rounded() / 10_000)),
                    (
                        "types",
                        .object(
                            SeenType.allCases.filter { typeBits[pair] & (1 << $0.rawValue) != 0 }
                                .map { ($0.name, .int(typeCount($0, pair: pair))) })
                    ),
                ])
            ))
        return .object(members)
    }

    /// The pair's distinct string values (none once past `maxEnum`).
    func values(of pair: Int) -> [String] {
        var values: [String] = []
        var node = valueHeads[pair]
        while node >= 0 {
            values.append(valueTexts.string(valueNodes[Int(node)].text))
            node = valueNodes[Int(node)].previous
        }
        return values
    }
}
