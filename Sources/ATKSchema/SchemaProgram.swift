/// The immutable compiled form shared by every `CompiledSchema` of one compilation,
/// and the validation engine that walks it.
///
/// Validation is generic over `JSONInstance` and, in optimized builds, does not allocate
/// for a valid instance, except for patterns beyond `SimplePattern` whose `LinearRegex`
/// program needs more scratch than fits the stack, asserted `format`s and `unevaluated*`
/// bookkeeping. Violations are only rendered (paths, messages) when collecting and failing.
/// Nodes and keywords are plain data, so walking them does no reference counting.
final class SchemaProgram: Sendable {
    let nodes: ContiguousArray<SchemaNode>
    /// Schema path of each node, for example `#/properties/a` (read only to report a violation).
    let schemaPaths: [String]
    let tables: SchemaTables
    /// The schema resource of each node (see `tracksScope`).
    let nodeResources: ContiguousArray<Int32>
    /// Whether validation keeps the dynamic scope, the resources entered on the way to a node: only
    /// when some `$dynamicRef` resolves through it, so other schemas pay nothing for it.
    let tracksScope: Bool

    /// Maximum nesting of schema evaluations; deeper evaluation (a `$ref` cycle that makes no
    /// progress, or a value nested about 128 levels under a recursive schema) fails with a `$ref` violation.
    static let maxDepth = 256

    init(
        nodes: ContiguousArray<SchemaNode>, schemaPaths: [String], tables: SchemaTables,
        nodeResources: ContiguousArray<Int32>, tracksScope: Bool
    ) {
        self.nodes = nodes
        self.schemaPaths = schemaPaths
        self.tables = tables
        self.nodeResources = nodeResources
        self.tracksScope = tracksScope
    }

    /// Collects violations when `collecting`; otherwise evaluation stops at the first failure.
    struct Sink {
        var collecting: Bool
        var violations: [SchemaViolation] = []
        /// The dynamic scope, outermost resource first (kept only when `tracksScope`).
        var scope: [Int32] = []
        /// A node applied to the same instance just before this evaluation (a plan's `common`), whose
        /// evaluated members a root `unevaluatedProperties` counts (see `CompiledSchema.validate(_:thenAgainst:into:)`).
        var companion: Int?
    }

    typealias Path = UnsafePointer<InstancePathLink>?

    /// Validates `instance` against node `index`.
    /// - Parameter members: the node's `required`/`properties` pass over `instance`, when the
    ///   caller made it already (see `requiredAndNamed`).
    func validate<I: JSONInstance>(
        _ index: Int, _ instance: I, _ path: Path, _ sink: inout Sink,
        depth: Int, members: MemberPass? = nil
    ) -> Bool {
        guard depth < SchemaProgram.maxDepth else {
            report(&sink, "$ref", index, path, "schema evaluation nests too deeply (recursive $ref or very deep value)")
            return false
        }
        let entered = tracksScope && sink.scope.last != nodeResources[index]
        if entered { sink.scope.append(nodeResources[index]) }
        defer { if entered { sink.scope.removeLast() } }
        var valid = true
        // The `required`/`properties` pass, once `required` made it (or as given).
        var members = members
        for keyword in nodes[index].keywords
        where !check(tables.keywords[keyword], index, instance, path, &sink, depth + 1, &members) {
            valid = false
            if !sink.collecting { return false }
        }
        return valid
    }

    /// Whether `instance` is valid against node `index`, without collecting violations.
    func isValid<I: JSONInstance>(_ index: Int, _ instance: I, depth: Int) -> Bool {
        var sink = Sink(collecting: false)
        return validate(index, instance, nil, &sink, depth: depth)
    }

    /// `isValid` within the evaluation that owns `sink`: in its dynamic scope, reporting nothing.
    func probe<I: JSONInstance>(_ index: Int, _ instance: I, _ sink: inout Sink, depth: Int) -> Bool {
        guard tracksScope else { return isValid(index, instance, depth: depth) }
        let collecting = sink.collecting
        sink.collecting = false
        defer { sink.collecting = collecting }
        return validate(index, instance, nil, &sink, depth: depth)
    }

    /// The node a `$dynamicRef` evaluates: the outermost resource of the dynamic scope with a
    /// `$dynamicAnchor` of its name, else its static target.
    func dynamicTarget(_ target: Int, _ anchor: Int?, _ scope: [Int32]) -> Int {
        guard let anchor else { return target }
        for resource in scope {
            if let node = tables.dynamicAnchors[SchemaTables.DynamicAnchorKey(resource: resource, name: anchor)] {
                return node
            }
        }
        return target
    }

    private func report(
        _ sink: inout Sink, _ keyword: String, _ node: Int, _ path: Path,
        _ message: @autoclosure () -> String
    ) {
        guard sink.collecting else { return }
        let nodePath = schemaPaths[node]
        let schemaPath = keyword == "false" ? nodePath : nodePath + "/" + JSONPointer.escape(keyword)
        sink.violations.append(
            SchemaViolation(
                keyword: keyword, instancePath: InstancePathLink.render(path),
                schemaPath: schemaPath, message: message()))
    }

    private func child<R>(_ path: Path, key: UnsafeRawBufferPointer?, index: Int, _ body: (Path) -> R) -> R {
        withUnsafePointer(to: InstancePathLink(parent: path, key: key, index: index)) { body($0) }
    }

    private static func text(_ utf8: UnsafeRawBufferPointer) -> String {
        String(decoding: utf8, as: UTF8.self)
    }

    private static func kindName<I: JSONInstance>(_ instance: I) -> String {
        if instance.kind == .number, isIntegral(instance) { return "integer" }
        return instance.kind.schemaTypeName
    }

    static func isIntegral<I: JSONInstance>(_ instance: I) -> Bool {
        if instance.int64Value != nil { return true }
        let d = instance.doubleValue
        return d.isFinite && d.rounded(.towardZero) == d
    }

    private static func codePointCount(_ utf8: UnsafeRawBufferPointer) -> Int {
        var count = 0
        for byte in utf8 where byte & 0xC0 != 0x80 {
            count += 1
        }
        return count
    }

    private static func typeMatches<I: JSONInstance>(_ types: TypeSet, _ instance: I) -> Bool {
        switch instance.kind {
        case .null: types.contains(.null)
        case .bool: types.contains(.boolean)
        case .string: types.contains(.string)
        case .array: types.contains(.array)
        case .object: types.contains(.object)
        case .number: types.contains(.number) || (types.contains(.integer) && isIntegral(instance))
        }
    }

    private func check<I: JSONInstance>(
        _ keyword: SchemaKeyword, _ node: Int, _ instance: I,
        _ path: Path, _ sink: inout Sink, _ depth: Int,
        _ members: inout MemberPass?
    ) -> Bool {
        let kind = instance.kind
        switch keyword {
        case .alwaysFalse:
            report(&sink, "false", node, path, "no value is allowed here")
            return false
        case .type(let types):
            guard SchemaProgram.typeMatches(types, instance) else {
                report(&sink, "type", node, path, "expected \(types.names), got \(SchemaProgram.kindName(instance))")
                return false
            }
            return true
        case .enumeration(let values):
            guard tables.contains(values, instance) else {
                report(&sink, "enum", node, path, "value is not one of the allowed values")
                return false
            }
            return true
        case .constant(let value):
            guard tables.contains(value, instance) else {
                report(&sink, "const", node, path, "value does not equal the required constant")
                return false
            }
            return true
        case .required(let keys):
            guard kind == .object else { return true }
            // Up to 64 keys are found in one pass over the members (with `properties` when the node
            // has them, see `SchemaNode.requiredWithProperties`); more are looked up one by one.
            let present: UInt64?
            if let both = nodes[node].requiredWithProperties {
                let pass = members ?? requiredAndNamed(both, nil, instance, depth).0
                members = pass
                present = pass.present
            } else {
                present = keys.count <= 64 ? tables.presentKeys(keys, in: instance) : nil
            }
            var valid = true
            for (bit, key) in keys.enumerated() {
                let found =
                    if let present { present & 1 << UInt64(bit) != 0 } else {
                        tables.withKey(key, { instance.member($0) }) != nil
                    }
                guard !found else { continue }
                valid = false
                report(&sink, "required", node, path, "'\(tables.keyNames[key])' is required")
                if !sink.collecting { return false }
            }
            return valid
        case .object(let object):
            // Already validated by `required`'s pass; a failure there is reported from here, in order.
            guard kind == .object, members?.namedValid != true else { return true }
            return checkMembers(tables.objects[object], node, instance, path, &sink, depth)
        case .propertyNames(let names):
            guard kind == .object else { return true }
            var valid = true
            instance.forEachMember { key, _ in
                if !probe(names, PropertyNameInstance(utf8: key), &sink, depth: depth) {
                    valid = false
                    report(&sink, "propertyNames", node, path, "property name '\(SchemaProgram.text(key))' is invalid")
                }
                return valid || sink.collecting
            }
            return valid
        case .minProperties(let n):
            guard kind == .object, instance.count < n else { return true }
            report(
                &sink, "minProperties", node, path, "object has \(instance.count) properties, at least \(n) required")
            return false
        case .maxProperties(let n):
            guard kind == .object, instance.count > n else { return true }
            report(&sink, "maxProperties", node, path, "object has \(instance.count) properties, at most \(n) allowed")
            return false
        case .dependentRequired(let entries, let draft7):
            guard kind == .object else { return true }
            var valid = true
            for i in entries {
                let entry = tables.dependentRequired[i]
                guard tables.withKey(entry.key, { instance.member($0) }) != nil else { continue }
                for key in entry.required where tables.withKey(key, { instance.member($0) }) == nil {
                    valid = false
                    report(
                        &sink, draft7 ? "dependencies" : "dependentRequired", node, path,
                        "'\(tables.keyNames[key])' is required when '\(tables.keyNames[entry.key])' is present")
                    if !sink.collecting { return false }
                }
            }
            return valid
        case .dependentSchemas(let entries):
            guard kind == .object else { return true }
            var valid = true
            for i in entries {
                let entry = tables.dependentSchemas[i]
                guard tables.withKey(entry.key, { instance.member($0) }) != nil else { continue }
                if !validate(entry.node, instance, path, &sink, depth: depth) {
                    valid = false
                    if !sink.collecting { return false }
                }
            }
            return valid
        case .items(let items):
            guard kind == .array else { return true }
            return checkItems(items, node, instance, path, &sink, depth)
        case .contains(let contains, let min, let max):
            guard kind == .array else { return true }
            return checkContains(contains, min, max, node, instance, path, &sink, depth)
        case .minItems(let n):
            guard kind == .array, instance.count < n else { return true }
            report(&sink, "minItems", node, path, "array has \(instance.count) items, at least \(n) required")
            return false
        case .maxItems(let n):
            guard kind == .array, instance.count > n else { return true }
            report(&sink, "maxItems", node, path, "array has \(instance.count) items, at most \(n) allowed")
            return false
        case .uniqueItems:
            guard kind == .array else { return true }
            let n = instance.count
            for i in 0..<n {
                let item = instance.element(at: i)
                for j in (i + 1)..<n where JSONEquality.equal(item, instance.element(at: j)) {
                    report(&sink, "uniqueItems", node, path, "items at \(i) and \(j) are equal")
                    return false
                }
            }
            return true
        case .minLength(let n):
            guard kind == .string else { return true }
            let length = instance.withStringUTF8(SchemaProgram.codePointCount)
            guard length < n else { return true }
            report(&sink, "minLength", node, path, "string has \(length) characters, at least \(n) required")
            return false
        case .maxLength(let n):
            guard kind == .string else { return true }
            let length = instance.withStringUTF8(SchemaProgram.codePointCount)
            guard length > n else { return true }
            report(&sink, "maxLength", node, path, "string has \(length) characters, at most \(n) allowed")
            return false
        case .pattern(let pattern):
            guard kind == .string, !tables.matches(pattern, instance) else { return true }
            report(&sink, "pattern", node, path, "string does not match pattern '\(tables.patterns[pattern].source)'")
            return false
        case .format(let format):
            guard kind == .string, !instance.withStringUTF8({ format.check($0) }) else { return true }
            report(&sink, "format", node, path, "string is not a valid \(format.rawValue)")
            return false
        case .minimum(let limit):
            guard kind == .number, limit.compare(instance) < 0 else { return true }
            report(&sink, "minimum", node, path, "number must be at least \(limit.double)")
            return false
        case .maximum(let limit):
            guard kind == .number, limit.compare(instance) > 0 else { return true }
            report(&sink, "maximum", node, path, "number must be at most \(limit.double)")
            return false
        case .exclusiveMinimum(let limit):
            guard kind == .number, limit.compare(instance) <= 0 else { return true }
            report(&sink, "exclusiveMinimum", node, path, "number must be greater than \(limit.double)")
            return false
        case .exclusiveMaximum(let limit):
            guard kind == .number, limit.compare(instance) >= 0 else { return true }
            report(&sink, "exclusiveMaximum", node, path, "number must be less than \(limit.double)")
            return false
        case .multipleOf(let multiple):
            guard kind == .number, !multiple.isMultiple(instance) else { return true }
            report(&sink, "multipleOf", node, path, "number must be a multiple of \(multiple.divisor)")
            return false
        case .allOf(let subschemas):
            var valid = true
            for subschema in subschemas
            where !validate(tables.nodeLists[subschema], instance, path, &sink, depth: depth) {
                valid = false
                if !sink.collecting { return false }
            }
            return valid
        case .anyOf(let subschemas):
            for subschema in subschemas where probe(tables.nodeLists[subschema], instance, &sink, depth: depth) {
                return true
            }
            report(&sink, "anyOf", node, path, "value does not match any of the allowed schemas")
            return false
        case .oneOf(let subschemas):
            var matches = 0
            for subschema in subschemas where probe(tables.nodeLists[subschema], instance, &sink, depth: depth) {
                matches += 1
                if matches > 1 { break }
            }
            guard matches != 1 else { return true }
            report(
                &sink, "oneOf", node, path,
                matches == 0
                    ? "value does not match any of the schemas"
                    : "value matches more than one of the schemas")
            return false
        case .not(let subschema):
            guard probe(subschema, instance, &sink, depth: depth) else { return true }
            report(&sink, "not", node, path, "value must not match the schema")
            return false
        case .conditional(let condition, let then, let otherwise):
            guard then != nil || otherwise != nil else { return true }
            let branch = probe(condition, instance, &sink, depth: depth) ? then : otherwise
            guard let branch else { return true }
            return validate(branch, instance, path, &sink, depth: depth)
        case .ref(let target):
            return validate(target, instance, path, &sink, depth: depth)
        case .dynamicRef(let target, let anchor):
            return validate(dynamicTarget(target, anchor, sink.scope), instance, path, &sink, depth: depth)
        case .unevaluatedProperties(let subschema):
            guard kind == .object else { return true }
            return checkUnevaluatedProperties(subschema, node, instance, path, &sink, depth)
        case .unevaluatedItems(let subschema):
            guard kind == .array else { return true }
            return checkUnevaluatedItems(subschema, node, instance, path, &sink, depth)
        }
    }

    /// `required` and `properties` of one node, or of two (two schemas applied to the same value),
    /// in one pass over the members.
    ///
    /// - Parameter depth: the depth of the nodes' keywords (their node's depth + 1).
    /// - Complexity: O(members); members ruled out by `ObjectApplicators.keyBit` cost no comparison.
    func requiredAndNamed<I: JSONInstance>(
        _ first: RequiredWithProperties, _ second: RequiredWithProperties?,
        _ instance: I, _ depth: Int
    ) -> (MemberPass, MemberPass) {
        tables.keys.withUnsafeBufferPointer { ranges in
            tables.bytes.withUnsafeBytes { pool in
                let firstObject = tables.objects[first.properties]
                let firstRequired = requiredKeyBits(first.required, ranges, pool)
                let secondObject = second.map { tables.objects[$0.properties] }
                let secondRequired = second.map { requiredKeyBits($0.required, ranges, pool) } ?? 0
                let bits = firstRequired | firstObject.namedKeyBits | secondRequired | (secondObject?.namedKeyBits ?? 0)
                var passes = (MemberPass(), MemberPass())
                instance.forEachMember { member, value in
                    let bit = ObjectApplicators.keyBit(member)
                    guard bits & bit != 0 else { return true }
                    apply(
                        first.required, firstRequired, firstObject, member, value, bit, ranges, pool, depth, &passes.0)
                    if let second, let secondObject {
                        apply(
                            second.required, secondRequired, secondObject, member, value, bit, ranges, pool, depth,
                            &passes.1)
                    }
                    return true
                }
                return passes
            }
        }
    }

    /// `isValid`, deciding the frequent schema that is only a `type` (`{"type": "boolean"}`)
    /// without a call per keyword.
    @inline(__always)
    func isValid<I: JSONInstance>(typeOnly node: Int, _ instance: I, depth: Int) -> Bool {
        let keywords = nodes[node].keywords
        if keywords.count == 1, depth < SchemaProgram.maxDepth,
            case .type(let types) = tables.keywords[keywords.lowerBound]
        {
            return SchemaProgram.typeMatches(types, instance)
        }
        return isValid(node, instance, depth: depth)
    }

    /// The `ObjectApplicators.keyBit`s of the keys `keys`.
    private func requiredKeyBits(
        _ keys: Range<Int>, _ ranges: UnsafeBufferPointer<Range<Int>>,
        _ pool: UnsafeRawBufferPointer
    ) -> UInt64 {
        var bits: UInt64 = 0
        for key in keys { bits |= ObjectApplicators.keyBit(UnsafeRawBufferPointer(rebasing: pool[ranges[key]])) }
        return bits
    }

    /// One member's part of a `requiredAndNamed` pass for one node.
    @inline(__always)
    private func apply<I: JSONInstance>(
        _ keys: Range<Int>, _ requiredBits: UInt64, _ object: ObjectApplicators,
        _ member: UnsafeRawBufferPointer, _ value: I, _ bit: UInt64,
        _ ranges: UnsafeBufferPointer<Range<Int>>, _ pool: UnsafeRawBufferPointer,
        _ depth: Int, _ pass: inout MemberPass
    ) {
        if requiredBits & bit != 0 {
            // Every key is compared: `required` may list a key twice.
            for (index, key) in keys.enumerated()
            where JSONEquality.bytesEqual(UnsafeRawBufferPointer(rebasing: pool[ranges[key]]), member) {
                pass.present |= 1 << UInt64(index)
            }
        }
        if pass.namedValid, object.namedKeyBits & bit != 0, let named = tables.namedNode(object, for: member) {
            pass.namedValid = isValid(typeOnly: named, value, depth: depth)
        }
    }

    private func checkMembers<I: JSONInstance>(
        _ object: ObjectApplicators, _ node: Int, _ instance: I,
        _ path: Path, _ sink: inout Sink, _ depth: Int
    ) -> Bool {
        var valid = true
        // With `properties` alone, a member ruled out by its key bit needs no work (most
        // members of an event checked against a plan that names a few of them). The test stays in
        // this small closure so the walk over the members costs little; the rest is out of line.
        let namedOnly = object.patterns.isEmpty && object.additional == nil
        instance.forEachMember { key, value in
            if namedOnly && object.namedKeyBits & ObjectApplicators.keyBit(key) == 0 { return true }
            if !checkMember(key, value, object, node, path, &sink, depth) { valid = false }
            return valid || sink.collecting
        }
        return valid
    }

    /// Applies `properties`, `patternProperties` and `additionalProperties` to one member.
    /// - Returns: whether the member is valid.
    @inline(never)
    private func checkMember<I: JSONInstance>(
        _ key: UnsafeRawBufferPointer, _ value: I, _ object: ObjectApplicators,
        _ node: Int, _ path: Path, _ sink: inout Sink, _ depth: Int
    ) -> Bool {
        var valid = true
        var matched = false
        if let named = tables.namedNode(object, for: key) {
            matched = true
            if !child(path, key: key, index: 0, { validate(named, value, $0, &sink, depth: depth) }) {
                valid = false
            }
        }
        for i in object.patterns {
            let entry = tables.patternProperties[i]
            guard tables.matches(entry.pattern, key) else { continue }
            matched = true
            if !child(path, key: key, index: 0, { validate(entry.node, value, $0, &sink, depth: depth) }) {
                valid = false
            }
        }
        if !matched, let additional = object.additional {
            if object.additionalIsFalse {
                valid = false
                child(path, key: key, index: 0) {
                    report(
                        &sink, "additionalProperties", node, $0, "property '\(SchemaProgram.text(key))' is not allowed")
                }
            } else if !child(path, key: key, index: 0, { validate(additional, value, $0, &sink, depth: depth) }) {
                valid = false
            }
        }
        return valid
    }

    private func checkItems<I: JSONInstance>(
        _ items: ArrayApplicators, _ node: Int, _ instance: I,
        _ path: Path, _ sink: inout Sink, _ depth: Int
    ) -> Bool {
        var valid = true
        instance.forEachElement { i, element in
            let subschema: Int
            if i < items.prefix.count {
                subschema = tables.nodeLists[items.prefix.lowerBound + i]
            } else if let rest = items.rest, !items.restIsFalse {
                subschema = rest
            } else {
                return false
            }
            if !sink.collecting, !tracksScope {
                // No path to build: lists of strings (`{"type": "string"}`) are decided in place.
                valid = isValid(typeOnly: subschema, element, depth: depth)
            } else if !child(path, key: nil, index: i, { validate(subschema, element, $0, &sink, depth: depth) }) {
                valid = false
            }
            return valid || sink.collecting
        }
        // After the items the prefix admits, as they come first in the array.
        let n = instance.count
        if items.rest != nil, items.restIsFalse, n > items.prefix.count, valid || sink.collecting {
            report(&sink, items.restKeyword, node, path, "array has \(n) items, at most \(items.prefix.count) allowed")
            return false
        }
        return valid
    }

    private func checkContains<I: JSONInstance>(
        _ contains: Int, _ min: Int, _ max: Int?, _ node: Int,
        _ instance: I, _ path: Path, _ sink: inout Sink,
        _ depth: Int
    ) -> Bool {
        var matches = 0
        var enough = false
        instance.forEachElement { _, element in
            if probe(contains, element, &sink, depth: depth) { matches += 1 }
            enough = max == nil && matches >= min
            return !enough
        }
        if enough { return true }
        if matches < min {
            if min == 1 {
                report(&sink, "contains", node, path, "array does not contain a matching item")
            } else {
                report(
                    &sink, "minContains", node, path,
                    "array contains \(matches) matching items, at least \(min) required")
            }
            return false
        }
        if let max, matches > max {
            report(&sink, "maxContains", node, path, "array contains \(matches) matching items, at most \(max) allowed")
            return false
        }
        return true
    }
}
