/// `unevaluatedProperties` / `unevaluatedItems` support (only compiled in `.ignore` mode
/// for draft 2020-12; tracking plans refuse these keywords).
///
/// The annotations of a schema object are recomputed on demand: a member or item is
/// "evaluated" when an adjacent keyword, or a keyword of a successfully validating
/// in-place subschema (`allOf`, `anyOf`, `oneOf`, `if`/`then`/`else`,
/// `dependentSchemas`, `$ref`), applied to it.
extension SchemaProgram {
    func checkUnevaluatedProperties<I: JSONInstance>(
        _ subschema: Int, _ index: Int,
        _ instance: I, _ path: Path, _ sink: inout Sink,
        _ depth: Int
    ) -> Bool {
        var evaluated = [Bool](repeating: false, count: instance.count)
        markProperties(index, instance, &evaluated, isRoot: true, depth: depth)
        var valid = true
        var position = 0
        instance.forEachMember { key, value in
            defer { position += 1 }
            guard !evaluated[position] else { return true }
            let ok = withUnsafePointer(to: InstancePathLink(parent: path, key: key, index: 0)) {
                validate(subschema, value, $0, &sink, depth: depth)
            }
            if !ok { valid = false }
            return valid || sink.collecting
        }
        return valid
    }

    func checkUnevaluatedItems<I: JSONInstance>(
        _ subschema: Int, _ index: Int,
        _ instance: I, _ path: Path, _ sink: inout Sink,
        _ depth: Int
    ) -> Bool {
        var evaluated = [Bool](repeating: false, count: instance.count)
        markItems(index, instance, &evaluated, isRoot: true, depth: depth)
        var valid = true
        for i in 0..<instance.count where !evaluated[i] {
            let ok = withUnsafePointer(to: InstancePathLink(parent: path, key: nil, index: i)) {
                validate(subschema, instance.element(at: i), $0, &sink, depth: depth)
            }
            if !ok {
                valid = false
                if !sink.collecting { return false }
            }
        }
        return valid
    }

    /// The in-place subschemas of node `index` whose annotations count for `instance`.
    private func successfulInPlaceSubschemas<I: JSONInstance>(
        _ keyword: SchemaKeyword, _ instance: I,
        depth: Int
    ) -> [Int] {
        switch keyword {
        case .allOf(let list), .anyOf(let list), .oneOf(let list):
            return list.map { tables.nodeLists[$0] }.filter { isValid($0, instance, depth: depth) }
        case .conditional(let condition, let then, let otherwise):
            if isValid(condition, instance, depth: depth) {
                return [condition] + [then].compactMap { $0 }.filter { isValid($0, instance, depth: depth) }
            }
            return [otherwise].compactMap { $0 }.filter { isValid($0, instance, depth: depth) }
        case .dependentSchemas(let entries):
            return entries.map { tables.dependentSchemas[$0] }.filter { entry in
                tables.withKey(entry.key, { instance.member($0) }) != nil && isValid(entry.node, instance, depth: depth)
            }.map(\.node)
        case .ref(let target):
            return isValid(target, instance, depth: depth) ? [target] : []
        default:
            return []
        }
    }

    private func markProperties<I: JSONInstance>(
        _ index: Int, _ instance: I, _ evaluated: inout [Bool],
        isRoot: Bool, depth: Int
    ) {
        guard depth < SchemaProgram.maxDepth else { return }
        for keyword in nodes[index].keywords.map({ tables.keywords[$0] }) {
            switch keyword {
            case .object(let objectIndex):
                let object = tables.objects[objectIndex]
                var position = 0
                instance.forEachMember { key, _ in
                    if object.additional != nil || tables.namedNode(object, for: key) != nil
                        || object.patterns.contains(where: { tables.matches(tables.patternProperties[$0].pattern, key) }
                        )
                    {
                        evaluated[position] = true
                    }
                    position += 1
                    return true
                }
            case .unevaluatedProperties where !isRoot:
                evaluated = evaluated.map { _ in true }
            default:
                for subschema in successfulInPlaceSubschemas(keyword, instance, depth: depth) {
                    markProperties(subschema, instance, &evaluated, isRoot: false, depth: depth + 1)
                }
            }
        }
    }

    private func markItems<I: JSONInstance>(
        _ index: Int, _ instance: I, _ evaluated: inout [Bool],
        isRoot: Bool, depth: Int
    ) {
        guard depth < SchemaProgram.maxDepth else { return }
        for keyword in nodes[index].keywords.map({ tables.keywords[$0] }) {
            switch keyword {
            case .items(let items):
                let limit = items.rest != nil ? evaluated.count : min(items.prefix.count, evaluated.count)
                for i in 0..<limit { evaluated[i] = true }
            case .contains(let contains, _, _):
                for i in 0..<instance.count where isValid(contains, instance.element(at: i), depth: depth) {
                    evaluated[i] = true
                }
            case .unevaluatedItems where !isRoot:
                evaluated = evaluated.map { _ in true }
            default:
                for subschema in successfulInPlaceSubschemas(keyword, instance, depth: depth) {
                    markItems(subschema, instance, &evaluated, isRoot: false, depth: depth + 1)
                }
            }
        }
    }
}
