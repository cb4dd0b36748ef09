/// Writes a first tracking plan from a dump: every track event, its properties with the JSON
/// types seen, `required` for properties present often enough, `enum` for strings with few
/// values, and `x-atk` annotations (counts, presence shares) for a human to review.
///
/// Memory: per event name and property name a small histogram, plus up to `maxEnum + 1`
/// distinct values per string property.
public struct PlanInferrer: DumpVisitor {
    /// Share of an event's occurrences a property must be present in to be `required`.
    public var requiredShare: Double
    /// Most distinct string values that still make an `enum`.
    public var maxEnum: Int

    /// The JSON Schema types, in the order `type` lists them.
    enum SeenType: Int, CaseIterable {
        case null, boolean, integer, number, string, array, object

        var name: String { ["null", "boolean", "integer", "number", "string", "array", "object"][rawValue] }
    }

    struct PropertyStats {
        var present = 0
        var types = [Int](repeating: 0, count: SeenType.allCases.count)
        /// Distinct string values, until there are more than `maxEnum`.
        var values: Set<String> = []
        var tooManyValues = false
        /// Element types of lists.
        var elementTypes: Set<Int> = []
    }

    struct EventStats {
        /// Track events of this name.
        var count = 0
        /// Those with a `properties` object: what `validate --plan` checks, and what presence
        /// shares are shares of (a missing or non-object `properties` is `envelope.properties`).
        var checked = 0
        var properties: [Int32: PropertyStats] = [:]
    }

    private var events = Interner(capacity: 64)
    private var eventStats: [EventStats] = []
    private var propertyNames = Interner(capacity: 256)

    public init(requiredShare: Double = 0.99, maxEnum: Int = 20) {
        self.requiredShare = requiredShare
        self.maxEnum = maxEnum
    }

    public mutating func visit(_ event: Event) {
        guard event.isTrackType, let name = event.event, name.kind == .string else { return }
        let id = Int(name.withUTF8 { events.intern($0) })
        if id == eventStats.count { eventStats.append(EventStats()) }
        eventStats[id].count += 1
        guard let properties = event.properties, properties.kind == .object else { return }
        eventStats[id].checked += 1
        properties.forEachMember { key, value in
            let property = key.withUTF8 { propertyNames.intern($0) }
            var stats = eventStats[id].properties[property] ?? PropertyStats()
            stats.present += 1
            let type = Self.type(of: value)
            stats.types[type.rawValue] += 1
            if type == .string && !stats.tooManyValues, let text = value.stringValue {
                stats.values.insert(text)
                if stats.values.count > maxEnum {
                    stats.tooManyValues = true
                    stats.values = []
                }
            }
            if type == .array { for element in value.elements { stats.elementTypes.insert(Self.type(of: element).rawValue) } }
            eventStats[id].properties[property] = stats
            return true
        }
    }

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

    /// Properties the plan makes `required` that some checked occurrences of their event lack:
    /// the plan will report those occurrences (`plan.required`). Empty when `requiredShare` is 1.
    public var partlyMissingRequired: [(event: String, property: String, present: Int, checked: Int)] {
        (0..<events.count).flatMap { id -> [(event: String, property: String, present: Int, checked: Int)] in
            let stats = eventStats[id]
            return stats.properties.compactMap { key, property in
                guard isRequired(present: property.present, checked: stats.checked),
                      property.present < stats.checked else { return nil }
                return (events.string(Int32(id)), propertyNames.string(key), property.present, stats.checked)
            }
        }.sorted { ($0.event, $0.property) < ($1.event, $1.property) }
    }

    /// The plan as JSON: events sorted by name, properties by name.
    ///
    /// An `enum` is written only for properties that were always strings, with at most
    /// `maxEnum` distinct values, each seen on average at least twice (so free text seen a few
    /// times does not become a list). Every value seen is in it, so the dump validates.
    public func plan() -> JSONOutput {
        let order = (0..<events.count).sorted { events.string(Int32($0)) < events.string(Int32($1)) }
        return .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("x-atk", .object([("generated_by", .string("atk plan infer")), ("required_share", .double(requiredShare)),
                               ("max_enum", .int(maxEnum))])),
            ("events", .object(order.map { id in (events.string(Int32(id)), eventSchema(eventStats[id])) })),
        ])
    }

    private func eventSchema(_ stats: EventStats) -> JSONOutput {
        let named = stats.properties.map { (propertyNames.string($0.key), $0.value) }.sorted { $0.0 < $1.0 }
        let required = named.filter { isRequired(present: $0.1.present, checked: stats.checked) }.map { JSONOutput.string($0.0) }
        return .object([
            ("type", .string("object")),
            ("properties", .object(named.map { ($0.0, propertySchema($0.1, eventCount: stats.checked)) })),
            ("required", .array(required)),
            ("x-atk", .object([("count", .int(stats.count)), ("checked", .int(stats.checked))])),
        ])
    }

    private func propertySchema(_ stats: PropertyStats, eventCount: Int) -> JSONOutput {
        var seen = SeenType.allCases.filter { stats.types[$0.rawValue] > 0 }
        // integer values are numbers too: "number" alone covers both.
        if seen.contains(.number) { seen.removeAll { $0 == .integer } }
        var members: [(String, JSONOutput)] = [
            ("type", seen.count == 1 ? .string(seen[0].name) : .array(seen.map { .string($0.name) })),
        ]
        if seen == [.array], !stats.elementTypes.isEmpty {
            var elementTypes = stats.elementTypes.sorted().compactMap { SeenType(rawValue: $0) }
            if elementTypes.contains(.number) { elementTypes.removeAll { $0 == .integer } }
            members.append(("items", .object([("type", elementTypes.count == 1 ? .string(elementTypes[0].name)
                                                        : .array(elementTypes.map { .string($0.name) }))])))
        }
        if seen == [.string], !stats.tooManyValues, !stats.values.isEmpty, stats.present >= 2 * stats.values.count {
            members.append(("enum", .array(stats.values.sorted().map { .string($0) })))
        }
        let share = eventCount == 0 ? 0 : Double(stats.present) / Double(eventCount)
        members.append(("x-atk", .object([
            ("present", .int(stats.present)), ("share", .double((share * 10_000).rounded() / 10_000)),
            ("types", .object(SeenType.allCases.filter { stats.types[$0.rawValue] > 0 }.map { ($0.name, .int(stats.types[$0.rawValue])) })),
        ])))
        return .object(members)
    }
}
