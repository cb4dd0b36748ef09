import ATKSchema

/// The changes between two tracking plans (`atk plan diff OLD NEW`).
///
/// Compared per event (and `common`): the event itself, its `properties` (by name), its `required`
/// keys, and each property's `type`, `enum` (a `const` counts as an enum of one value) and `pattern`,
/// following local `$ref`s from the event and from each property. Other keywords are not compared.
public enum PlanDiff {
    /// The types a `type` admits, with `number` admitting integers.
    private static let allTypes: Set<String> = ["null", "boolean", "integer", "number", "string", "array", "object"]

    /// Every change from `old` to `new`: `common` first, then events by name (UTF-8 bytes), each
    /// event's own change before its properties' (by name), and a property's changes in the order
    /// presence, `required`, `type`, `enum`, `pattern`.
    public static func changes(from old: PlanDocument, to new: PlanDocument) -> [PlanChange] {
        var changes: [PlanChange] = []
        if old.common != nil || new.common != nil {
            changes += compare(
                nil, old.common.map { old.resolved($0, in: "") }, new.common.map { new.resolved($0, in: "") },
                old, new)
        }
        let oldEvents = Dictionary(old.events.map { ($0.name, $0.schema) }) { first, _ in first }
        let newEvents = Dictionary(new.events.map { ($0.name, $0.schema) }) { first, _ in first }
        let names = Set(oldEvents.keys).union(newEvents.keys).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for name in names {
            switch (oldEvents[name], newEvents[name]) {
            case (nil, _?): changes.append(PlanChange(event: name, property: nil, kind: .eventAdded))
            case (_?, nil): changes.append(PlanChange(event: name, property: nil, kind: .eventRemoved))
            case (let before?, let after?):
                changes += compare(name, old.resolved(before, in: name), new.resolved(after, in: name), old, new)
            case (nil, nil): break
            }
        }
        return changes
    }

    /// The changes of one event's (or `common`'s) schema; a missing schema has no properties.
    private static func compare(
        _ event: String?, _ before: JSONValue?, _ after: JSONValue?,
        _ old: PlanDocument, _ new: PlanDocument
    ) -> [PlanChange] {
        let home = event ?? ""
        let oldProperties = before?["properties"]?.objectValue ?? []
        let newProperties = after?["properties"]?.objectValue ?? []
        let oldRequired = Set(before?["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let newRequired = Set(after?["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let oldByName = Dictionary(oldProperties.map { ($0.key, $0.value) }) { first, _ in first }
        let newByName = Dictionary(newProperties.map { ($0.key, $0.value) }) { first, _ in first }
        let names = Set(oldByName.keys).union(newByName.keys).union(oldRequired).union(newRequired)
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var changes: [PlanChange] = []
        for name in names {
            func change(_ kind: PlanChange.Kind, _ from: JSONValue? = nil, _ to: JSONValue? = nil) {
                changes.append(PlanChange(event: event, property: name, kind: kind, old: from, new: to))
            }
            // A name only `required` lists is a property of any value.
            if oldByName[name] == nil && !oldRequired.contains(name) {
                change(newRequired.contains(name) ? .requiredPropertyAdded : .propertyAdded)
                continue
            }
            if oldByName[name] != nil && newByName[name] == nil && !newRequired.contains(name) {
                change(.propertyRemoved)
                continue
            }
            if newRequired.contains(name) && !oldRequired.contains(name) { change(.requiredAdded) }
            if oldRequired.contains(name) && !newRequired.contains(name) { change(.requiredRemoved) }
            let from = oldByName[name].map { old.resolved($0, in: home) } ?? .bool(true)
            let to = newByName[name].map { new.resolved($0, in: home) } ?? .bool(true)
            if let kind = typeChange(from["type"], to["type"]) { change(kind, from["type"], to["type"]) }
            let (oldEnum, newEnum) = (enumeration(from), enumeration(to))
            if let kind = enumChange(oldEnum, newEnum) {
                change(kind, oldEnum.map { .array($0) }, newEnum.map { .array($0) })
            }
            switch (from["pattern"], to["pattern"]) {
            case (nil, let added?): change(.patternAdded, nil, added)
            case (let removed?, nil): change(.patternRemoved, removed, nil)
            case (let a?, let b?) where a != b: change(.patternChanged, a, b)
            default: break
            }
        }
        return changes
    }

    /// The types `type` admits: every type when absent, `integer` within `number`.
    private static func admitted(_ type: JSONValue?) -> Set<String> {
        guard let type else { return allTypes }
        var names = Set((type.arrayValue ?? [type]).compactMap(\.stringValue))
        if names.contains("number") { names.insert("integer") }
        return names
    }

    private static func typeChange(_ before: JSONValue?, _ after: JSONValue?) -> PlanChange.Kind? {
        let (old, new) = (admitted(before), admitted(after))
        if old == new { return nil }
        if old.isSubset(of: new) { return .typeWidened }
        return new.isSubset(of: old) ? .typeNarrowed : .typeChanged
    }

    /// The values an `enum` or `const` allows, or `nil` when the schema has neither.
    private static func enumeration(_ schema: JSONValue) -> [JSONValue]? {
        if let values = schema["enum"]?.arrayValue { return values }
        return schema["const"].map { [$0] }
    }

    private static func enumChange(_ before: [JSONValue]?, _ after: [JSONValue]?) -> PlanChange.Kind? {
        switch (before, after) {
        case (nil, nil): return nil
        case (nil, _?): return .enumNarrowed
        case (_?, nil): return .enumWidened
        case (let old?, let new?):
            let removed = old.contains { value in !new.contains(value) }
            let added = new.contains { value in !old.contains(value) }
            switch (added, removed) {
            case (false, false): return nil
            case (true, false): return .enumWidened
            case (false, true): return .enumNarrowed
            case (true, true): return .enumChanged
            }
        }
    }
}
