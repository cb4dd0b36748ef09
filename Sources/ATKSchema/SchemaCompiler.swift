/// Turns schema documents into a `SchemaProgram`: registers `$id`s and anchors,
/// checks keywords, resolves `$ref`s to node indices and precomputes every keyword.
///
/// Nodes are compiled on demand starting from the entry points, memoised by their
/// location (document, JSON Pointer), so recursive references become index cycles.
/// Embedded metaschemas and caller-supplied resources are loaded when first referenced.
struct SchemaCompiler {
    /// One loaded JSON document.
    private struct Document {
        let uri: URI
        let root: JSONValue
        let draft: SchemaDraft
        /// Whether the dialect includes the validation vocabulary (see `dialect(of:)`).
        let validation: Bool
        let pathPrefix: String
    }

    /// A position inside a loaded document.
    private struct Location: Hashable {
        let document: Int
        let pointer: String
    }

    private var documents: [Document] = []
    private var resources: [URI: (document: Int, tokens: [String])] = [:]
    private var anchors: [URI: (document: Int, tokens: [String])] = [:]
    /// The `$dynamicAnchor`s, by the URI of their resource with the name as fragment.
    private var dynamicAnchors: [URI: (document: Int, tokens: [String])] = [:]
    /// Numbers of the schema resources (base URIs) nodes belong to, for the dynamic scope.
    private var resourceIds: [URI: Int32] = [:]
    private var nodeResources: ContiguousArray<Int32> = []
    /// Numbers of the anchor names some `$dynamicRef` resolves dynamically.
    private var dynamicNames: [String: Int] = [:]
    private var bases: [Location: URI] = [:]
    private var nodeIndex: [Location: Int] = [:]
    private var nodes: ContiguousArray<SchemaNode> = []
    private var schemaPaths: [String] = []
    /// What compiled keywords refer to (written by `KeywordCompiler`).
    var tables = SchemaTables()
    private let external: [URI: JSONValue]
    private let options: SchemaOptions
    private let defaultDraft: SchemaDraft

    /// Creates a compiler with the dialect used when a document has no known `$schema`.
    init(defaultDraft: SchemaDraft, resources: [URI: JSONValue], options: SchemaOptions) {
        self.defaultDraft = defaultDraft
        self.external = Dictionary(resources.map { ($0.key.withoutFragment, $0.value) }) { $1 }
        self.options = options
    }

    /// Loads the primary document; returns its index.
    mutating func addPrimary(_ root: JSONValue, baseURI: URI) -> Int {
        addDocument(root, uri: baseURI, pathPrefix: options.schemaPathPrefix)
    }

    private mutating func addDocument(_ root: JSONValue, uri: URI, pathPrefix: String) -> Int {
        let (draft, validation) = dialect(of: root)
        documents.append(
            Document(uri: uri.withoutFragment, root: root, draft: draft, validation: validation, pathPrefix: pathPrefix)
        )
        let index = documents.count - 1
        resources[uri.withoutFragment] = (index, [])
        return index
    }

    /// The dialect of a document: the draft its `$schema` names, or, when that is a custom metaschema among
    /// the resources, the draft of the metaschema and whether its `$vocabulary` includes validation.
    private func dialect(of root: JSONValue) -> (SchemaDraft, validation: Bool) {
        guard let name = root["$schema"]?.stringValue else { return (defaultDraft, true) }
        if let draft = SchemaDraft(schemaURI: name) { return (draft, true) }
        guard let metaschema = external[URI(name).withoutFragment] else { return (defaultDraft, true) }
        let draft = metaschema["$schema"]?.stringValue.flatMap(SchemaDraft.init(schemaURI:)) ?? defaultDraft
        let vocabulary: String
        switch draft {
        case .draft2020_12: vocabulary = "https://json-schema.org/draft/2020-12/vocab/validation"
        case .draft2019_09: vocabulary = "https://json-schema.org/draft/2019-09/vocab/validation"
        case .draft7: return (draft, true)
        }
        guard let vocabularies = metaschema["$vocabulary"]?.objectValue else { return (draft, true) }
        return (draft, vocabularies.contains { $0.key == vocabulary })
    }

    /// Registers identifiers and checks keywords of the schema at `tokens` and everything below it.
    mutating func scan(document: Int, at tokens: [String]) throws(SchemaError) {
        guard let value = JSONPointer.resolve(tokens, in: documents[document].root) else { return }
        try scan(document, tokens, value, base: ancestorBase(document, tokens))
    }

    /// Compiles the schema at `tokens` of `document`; returns its node index.
    mutating func compile(document: Int, at tokens: [String]) throws(SchemaError) -> Int {
        guard JSONPointer.resolve(tokens, in: documents[document].root) != nil else {
            throw SchemaError(.notASchema, at: path(document, tokens))
        }
        return try compileNode(document, tokens)
    }

    /// The finished program.
    ///
    /// When some `$dynamicRef` resolves dynamically, every `$dynamicAnchor` of those names in the loaded
    /// resources is compiled first (any of them may be in the dynamic scope), and nodes lose their one-pass
    /// `requiredWithProperties`, which validates members without the scope.
    mutating func finish() throws(SchemaError) -> SchemaProgram {
        var compiled: Set<URI> = []
        while let (uri, found) = dynamicAnchors.first(where: {
            !compiled.contains($0.key) && $0.key.fragment.map { dynamicNames[$0] != nil } == true
        }) {
            compiled.insert(uri)
            let node = try compileNode(found.document, found.tokens)
            if let fragment = uri.fragment, let name = dynamicNames[fragment] {
                let key = SchemaTables.DynamicAnchorKey(resource: resourceId(uri.withoutFragment), name: name)
                tables.dynamicAnchors[key] = node
            }
        }
        if !dynamicNames.isEmpty {
            for i in nodes.indices { nodes[i].requiredWithProperties = nil }
        }
        return SchemaProgram(
            nodes: nodes, schemaPaths: schemaPaths, tables: tables, nodeResources: nodeResources,
            tracksScope: !dynamicNames.isEmpty)
    }

    private mutating func resourceId(_ base: URI) -> Int32 {
        if let id = resourceIds[base] { return id }
        let id = Int32(resourceIds.count)
        resourceIds[base] = id
        return id
    }

    // MARK: - Locations

    private func path(_ document: Int, _ tokens: [String]) -> String {
        documents[document].pathPrefix + JSONPointer.string(tokens)
    }

    private func location(_ document: Int, _ tokens: [String]) -> Location {
        Location(document: document, pointer: JSONPointer.string(tokens))
    }

    private func ancestorBase(_ document: Int, _ tokens: [String]) -> URI {
        var prefix = tokens
        while !prefix.isEmpty {
            prefix.removeLast()
            if let base = bases[location(document, prefix)] { return base }
        }
        return documents[document].uri
    }

    // MARK: - Scanning

    private mutating func scan(
        _ document: Int, _ tokens: [String], _ value: JSONValue,
        base inherited: URI
    ) throws(SchemaError) {
        let here = location(document, tokens)
        guard bases[here] == nil, case .object(let members) = value else {
            if case .bool = value, bases[here] == nil { bases[here] = inherited }
            return
        }
        let draft = documents[document].draft
        var base = inherited
        let refOnly = draft == .draft7 && value["$ref"] != nil
        if !refOnly, let id = value["$id"]?.stringValue {
            if draft == .draft7, id.hasPrefix("#") {
                anchors[base.withFragment(String(id.dropFirst()))] = (document, tokens)
            } else {
                let resolved = base.resolving(id)
                base = resolved.withoutFragment
                resources[base] = (document, tokens)
                if let fragment = resolved.fragment, JSONPointer.tokens(fromFragment: fragment) == nil {
                    anchors[resolved] = (document, tokens)
                }
            }
        }
        if draft != .draft7 {
            for key in ["$anchor", "$dynamicAnchor"] {
                if let name = value[key]?.stringValue { anchors[base.withFragment(name)] = (document, tokens) }
            }
            if draft == .draft2020_12, let name = value["$dynamicAnchor"]?.stringValue {
                dynamicAnchors[base.withFragment(name)] = (document, tokens)
            }
            if draft == .draft2019_09, value["$recursiveAnchor"] == .bool(true) {
                dynamicAnchors[base.withFragment(Self.recursiveAnchor)] = (document, tokens)
            }
        }
        bases[here] = base
        for (key, member) in members {
            try scanKeyword(document, tokens, key, member, base: base, draft: draft, refOnly: refOnly)
        }
    }

    private mutating func scanKeyword(
        _ document: Int, _ tokens: [String], _ key: String, _ member: JSONValue,
        base: URI, draft: SchemaDraft, refOnly: Bool
    ) throws(SchemaError) {
        guard let role = KeywordRole.of(key, in: draft) else {
            if options.unknownKeywords == .refuse {
                throw SchemaError(.unknownKeyword(key), at: path(document, tokens + [key]))
            }
            return
        }
        if role == .unsupported {
            if options.unknownKeywords == .refuse {
                throw SchemaError(.unsupportedKeyword(key), at: path(document, tokens + [key]))
            }
            return
        }
        guard !refOnly else { return }
        let child = tokens + [key]
        switch (role, member) {
        case (.schema, _), (.schemaOrArray, .object), (.schemaOrArray, .bool):
            try scan(document, child, member, base: base)
        case (.schemaArray, .array(let elements)), (.schemaOrArray, .array(let elements)):
            for (i, element) in elements.enumerated() {
                try scan(document, child + [String(i)], element, base: base)
            }
        case (.schemaMap, .object(let entries)), (.dependencies, .object(let entries)):
            for (name, entry) in entries {
                try scan(document, child + [name], entry, base: base)
            }
        default:
            return
        }
    }

    // MARK: - Resolution

    private mutating func resource(_ uri: URI) throws(SchemaError) -> (document: Int, tokens: [String])? {
        if let found = resources[uri] { return found }
        let key = uri.withoutFragment
        guard let root = external[key] ?? Metaschemas.document(for: key) else { return nil }
        let document = addDocument(root, uri: key, pathPrefix: key.description + "#")
        try scan(document, [], root, base: key)
        return resources[uri]
    }

    private mutating func resolveReference(
        _ reference: String, base: URI, from document: Int,
        at tokens: [String]
    ) throws(SchemaError) -> Int {
        let target = base.resolving(reference)
        let unresolvable = SchemaError(.unresolvableReference(reference), at: path(document, tokens))
        if let pointer = JSONPointer.tokens(fromFragment: target.fragment) {
            guard let found = try resource(target.withoutFragment) else { throw unresolvable }
            let full = found.tokens + pointer
            guard JSONPointer.resolve(full, in: documents[found.document].root) != nil else { throw unresolvable }
            return try compileNode(found.document, full)
        }
        _ = try resource(target.withoutFragment)
        guard let found = anchors[target] else { throw unresolvable }
        return try compileNode(found.document, found.tokens)
    }

    // MARK: - Compilation

    private mutating func compileNode(_ document: Int, _ tokens: [String]) throws(SchemaError) -> Int {
        let here = location(document, tokens)
        if let existing = nodeIndex[here] { return existing }
        guard let value = JSONPointer.resolve(tokens, in: documents[document].root) else {
            throw SchemaError(.notASchema, at: path(document, tokens))
        }
        if bases[here] == nil {
            try scan(document, tokens, value, base: ancestorBase(document, tokens))
        }
        let index = nodes.count
        nodes.append(SchemaNode(keywords: 0..<0, requiredWithProperties: nil))
        schemaPaths.append(path(document, tokens))
        nodeIndex[here] = index
        let base = bases[here] ?? documents[document].uri
        nodeResources.append(resourceId(base))
        var keywords = KeywordCompiler(
            document: document, tokens: tokens, value: value, base: base,
            draft: documents[document].draft, validation: documents[document].validation, options: options)
        let compiled = try keywords.compile(using: &self)
        // Appended after compiling: subschemas compiled meanwhile added their own keywords.
        let start = tables.keywords.count
        tables.keywords.append(contentsOf: compiled)
        nodes[index].keywords = start..<tables.keywords.count
        nodes[index].requiredWithProperties = requiredWithProperties(compiled)
        return index
    }

    /// See `SchemaNode.requiredWithProperties`.
    private func requiredWithProperties(_ keywords: [SchemaKeyword]) -> RequiredWithProperties? {
        var required: Range<Int>?
        var properties: Int?
        for keyword in keywords {
            switch keyword {
            case .required(let keys): required = keys
            case .object(let object): properties = object
            default: break
            }
        }
        guard let required, required.count <= 64, let properties else { return nil }
        let object = tables.objects[properties]
        guard object.patterns.isEmpty, object.additional == nil else { return nil }
        return RequiredWithProperties(required: required, properties: properties)
    }

    /// Compiles the subschema at `tokens` (used by `KeywordCompiler`).
    mutating func subschema(_ document: Int, _ tokens: [String]) throws(SchemaError) -> Int {
        try compileNode(document, tokens)
    }

    /// Resolves a `$ref` found at `tokens` (used by `KeywordCompiler`).
    mutating func reference(
        _ reference: String, base: URI, document: Int,
        tokens: [String]
    ) throws(SchemaError) -> Int {
        try resolveReference(reference, base: base, from: document, at: tokens)
    }

    /// The anchor name standing for draft 2019-09's `"$recursiveAnchor": true` among the dynamic anchors:
    /// not a valid `$anchor` name, so it meets none.
    private static let recursiveAnchor = "$recursiveAnchor"

    /// Resolves a `$dynamicRef` (2019-09: `$recursiveRef`) found at `tokens` (used by `KeywordCompiler`):
    /// its static target, and the number of its anchor name when that target is a `$dynamicAnchor` of that
    /// name (2019-09: a resource with `"$recursiveAnchor": true`); only then is the reference resolved in
    /// the dynamic scope.
    mutating func dynamicReference(
        _ reference: String, base: URI, document: Int,
        tokens: [String], draft: SchemaDraft
    ) throws(SchemaError) -> (target: Int, anchor: Int?) {
        let target = try resolveReference(reference, base: base, from: document, at: tokens)
        var uri = base.resolving(reference)
        if draft == .draft2019_09 {
            guard uri.fragment == nil || uri.fragment == "" else { return (target, nil) }
            uri = uri.withoutFragment.withFragment(Self.recursiveAnchor)
        }
        guard let name = uri.fragment, dynamicAnchors[uri] != nil else { return (target, nil) }
        if let known = dynamicNames[name] { return (target, known) }
        dynamicNames[name] = dynamicNames.count
        return (target, dynamicNames.count - 1)
    }

    /// The schema path of `tokens` in `document` (used by `KeywordCompiler`).
    func schemaPath(_ document: Int, _ tokens: [String]) -> String {
        path(document, tokens)
    }
}
