/// `unevaluatedProperties` / `unevaluatedItems`.
///
/// The annotations of a schema object are recomputed on demand, only for the nodes that carry one of
/// these keywords (so schemas without them pay nothing): a member or item is "evaluated" when an
/// adjacent keyword, or a keyword of a successfully validating in-place subschema (`allOf`, `anyOf`,
/// `oneOf`, `if`/`then`/`else`, `dependentSchemas`, `$ref`, `$dynamicRef`), applied to it. Failed
/// branches contribute nothing, and `not` never does.
extension SchemaProgram {
    func checkUnevaluatedProperties<I: JSONInstance>(
        _ subschema: Int, _ index: Int,
        _ instance: I, _ path: Path, _ sink: inout Sink,
        _ depth: Int
    ) -> Bool {
        var evaluated = [Bool](repeating: false, count: instance.count)
        markProperties(index, instance, &evaluated, isRoot: true, &sink, depth: depth)
        // The root's own keywords sit at depth 1, and only the whole instance has no path.
        if let companion = sink.companion, depth == 1, path == nil {
            markProperties(companion, instance, &evaluated, isRoot: false, &sink, depth: depth)
        }
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
        markItems(index, instance, &evaluated, isRoot: true, &sink, depth: depth)
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

    /// The in-place subschemas of `keyword` whose annotations count for `instance`.
    private func successfulInPlaceSubschemas<I: JSONInstance>(
        _ keyword: SchemaKeyword, _ instance: I,
        _ sink: inout Sink, depth: Int
    ) -> [Int] {
        var valid: [Int] = []
        switch keyword {
        case .allOf(let list), .anyOf(let list), .oneOf(let list):
            for i in list where probe(tables.nodeLists[i], instance, &sink, depth: depth) {
                valid.append(tables.nodeLists[i])
            }
        case .conditional(let condition, let then, let otherwise):
            if probe(condition, instance, &sink, depth: depth) {
                valid.append(condition)
                if let then, probe(then, instance, &sink, depth: depth) { valid.append(then) }
            } else if let otherwise, probe(otherwise, instance, &sink, depth: depth) {
                valid.append(otherwise)
            }
        case .dependentSchemas(let entries):
            for entry in entries.map({ tables.dependentSchemas[$0] })
            where tables.withKey(entry.key, { instance.member($0) }) != nil
                && probe(entry.node, instance, &sink, depth: depth)
            {
                valid.append(entry.node)
            }
        case .ref(let target):
            if probe(target, instance, &sink, depth: depth) { valid.append(target) }
        case .dynamicRef(let target, let anchor):
            let resolved = dynamicTarget(target, anchor, sink.scope)
            if probe(resolved, instance, &sink, depth: depth) { valid.append(resolved) }
        default:
            break
        }
        return valid
    }

    /// Enters node `index`'s resource in the dynamic scope, as `validate` does, around `body`.
    private func inScope<R>(_ index: Int, _ sink: inout Sink, _ body: (inout Sink) -> R) -> R {
        let entered = tracksScope && sink.scope.last != nodeResources[index]
        if entered { sink.scope.append(nodeResources[index]) }
        defer { if entered { sink.scope.removeLast() } }
        return body(&sink)
    }

    private func markProperties<I: JSONInstance>(
        _ index: Int, _ instance: I, _ evaluated: inout [Bool],
        isRoot: Bool, _ sink: inout Sink, depth: Int
    ) {
        guard depth < SchemaProgram.maxDepth else { return }
        inScope(index, &sink) { sink in
            for keyword in nodes[index].keywords.map({ tables.keywords[$0] }) {
                switch keyword {
                case .object(let objectIndex):
                    let object = tables.objects[objectIndex]
                    var position = 0
                    instance.forEachMember { key, _ in
                        if object.additional != nil || tables.namedNode(object, for: key) != nil
                            || object.patterns.contains(where: {
                                tables.matches(tables.patternProperties[$0].pattern, key)
                            })
                        {
                            evaluated[position] = true
                        }
                        position += 1
                        return true
                    }
                case .unevaluatedProperties where !isRoot:
                    evaluated = evaluated.map { _ in true }
                default:
                    for subschema in successfulInPlaceSubschemas(keyword, instance, &sink, depth: depth + 1) {
                        markProperties(subschema, instance, &evaluated, isRoot: false, &sink, depth: depth + 1)
                    }
                }
            }
        }
    }

    private func markItems<I: JSONInstance>(
        _ index: Int, _ instance: I, _ evaluated: inout [Bool],
        isRoot: Bool, _ sink: inout Sink, depth: Int
    ) {
        guard depth < SchemaProgram.maxDepth else { return }
        inScope(index, &sink) { sink in
            for keyword in nodes[index].keywords.map({ tables.keywords[$0] }) {
                switch keyword {
                case .items(let items):
                    let limit = items.rest != nil ? evaluated.count : min(items.prefix.count, evaluated.count)
                    for i in 0..<limit { evaluated[i] = true }
                case .contains(let contains, _, _):
                    for i in 0..<instance.count where probe(contains, instance.element(at: i), &sink, depth: depth + 1)
                    {
                        evaluated[i] = true
                    }
                case .unevaluatedItems where !isRoot:
                    evaluated = evaluated.map { _ in true }
                default:
                    for subschema in successfulInPlaceSubschemas(keyword, instance, &sink, depth: depth + 1) {
                        markItems(subschema, instance, &evaluated, isRoot: false, &sink, depth: depth + 1)
                    }
                }
            }
        }
    }
}
