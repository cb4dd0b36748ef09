import ATKSchema

extension PlanInferrer {
    /// `plan` extended with what this inferrer saw: events it does not list and properties their
    /// schemas (`properties` and `required`) and `common`'s `properties` do not list, with their inferred schemas, and string values missing
    /// from an existing property's `enum`, in that order, each named by one ``PlanUpdateChange``.
    ///
    /// Everything else is kept as it is, in its order: descriptions, `x-` annotations, `$defs`,
    /// `required`, every other keyword. New events go at the end of `events` and new properties at the
    /// end of their event's `properties` (both by name), new `enum` values at the end of the enum
    /// (sorted). Only compatible changes (see ``PlanDiff``): new properties are not made `required`.
    ///
    /// - Parameter plan: a one-file plan (an object with an `events` object).
    /// - Returns: the plan as output, with its members in their order, and the changes.
    public func update(_ plan: JSONValue) -> (plan: JSONOutput, changes: [PlanUpdateChange]) {
        var changes: [PlanUpdateChange] = []
        guard case .object(let top) = JSONOutput(plan) else { return (JSONOutput(plan), []) }
        let common = Set(plan["common"]?["properties"]?.objectValue?.map(\.key) ?? [])
        var events: [(String, JSONOutput)] = []
        if case .object(let listed)? = top.first(where: { $0.0 == "events" })?.1 { events = listed }
        var added: [(String, JSONOutput)] = []
        forEachEvent { name, schema, eventPairs in
            guard let index = events.firstIndex(where: { $0.0 == name }) else {
                added.append((name, schema))
                changes.append(.eventAdded(event: name))
                return
            }
            events[index].1 = extend(events[index].1, event: name, inferred: schema, eventPairs, common, &changes)
        }
        let updated = top.map { member in member.0 == "events" ? ("events", .object(events + added)) : member }
        return (.object(updated), changes)
    }

    /// One listed event's schema, extended.
    private func extend(
        _ schema: JSONOutput, event: String, inferred: JSONOutput, _ eventPairs: [Int], _ common: Set<String>,
        _ changes: inout [PlanUpdateChange]
    ) -> JSONOutput {
        guard case .object(var members) = schema else { return schema }
        let inferredProperties = Self.members(inferred, "properties")
        var properties = Self.members(schema, "properties")
        var required: [JSONOutput] = []
        if case .array(let names)? = members.first(where: { $0.0 == "required" })?.1 { required = names }
        var newProperties: [(String, JSONOutput)] = []
        let pairByName = Dictionary(
            eventPairs.map { (propertyNames.string(pairs.second($0)), $0) }, uniquingKeysWith: { first, _ in first })
        let count = changes.count
        for (name, inferredSchema) in inferredProperties {
            guard let index = properties.firstIndex(where: { $0.0 == name }) else {
                // A name `required` lists is declared (of any value): a schema for it would narrow it.
                guard !common.contains(name), !required.contains(.string(name)) else { continue }
                newProperties.append((name, inferredSchema))
                changes.append(.propertyAdded(event: event, property: name))
                continue
            }
            guard let pair = pairByName[name] else { continue }
            properties[index].1 = extendEnum(properties[index].1, event: event, property: name, pair, &changes)
        }
        guard changes.count > count else { return schema }
        let all = JSONOutput.object(properties + newProperties)
        if let index = members.firstIndex(where: { $0.0 == "properties" }) {
            members[index].1 = all
        } else {
            members.append(("properties", all))
        }
        return .object(members)
    }

    /// A property schema with the strings the pair saw and its `enum` lacks added at its end.
    private func extendEnum(
        _ schema: JSONOutput, event: String, property: String, _ pair: Int, _ changes: inout [PlanUpdateChange]
    ) -> JSONOutput {
        guard case .object(var members) = schema, let index = members.firstIndex(where: { $0.0 == "enum" }),
            case .array(let values) = members[index].1, typeBits[pair] & (1 << SeenType.string.rawValue) != 0
        else { return schema }
        guard valueHeads[pair] != Self.tooManyValues else {
            changes.append(.enumNotExtended(event: event, property: property))
            return schema
        }
        let missing = self.values(of: pair).sorted().filter { !values.contains(.string($0)) }
        guard !missing.isEmpty else { return schema }
        members[index].1 = .array(values + missing.map { .string($0) })
        changes.append(.enumValuesAdded(event: event, property: property, values: missing))
        return .object(members)
    }

    /// The members of the object member `key` of `schema` (none when it is missing or not an object).
    private static func members(_ schema: JSONOutput, _ key: String) -> [(String, JSONOutput)] {
        guard case .object(let members) = schema, case .object(let inner)? = members.first(where: { $0.0 == key })?.1
        else { return [] }
        return inner
    }
}
