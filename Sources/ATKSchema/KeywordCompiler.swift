import ATKRegex

/// Compiles the keywords of one schema object into `SchemaKeyword`s, validating their values.
struct KeywordCompiler {
    private let document: Int
    private let tokens: [String]
    private let value: JSONValue
    private let base: URI
    private let draft: SchemaDraft
    private let options: SchemaOptions
    private var members: [String: JSONValue] = [:]

    /// The keywords of the 2020-12 validation vocabulary, ignored when a document's metaschema leaves it out.
    private static let validationVocabulary: Set<String> = [
        "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
        "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
        "maxProperties", "minProperties", "required", "dependentRequired",
    ]

    /// - Parameter validation: whether the document's dialect includes the validation vocabulary
    ///   (its metaschema's `$vocabulary` names it); without it those keywords are annotations.
    init(
        document: Int, tokens: [String], value: JSONValue, base: URI, draft: SchemaDraft, validation: Bool,
        options: SchemaOptions
    ) {
        self.document = document
        self.tokens = tokens
        self.value = value
        self.base = base
        self.draft = draft
        self.options = options
        if case .object(let list) = value {
            members = Dictionary(list.map { ($0.key, $0.value) }) { $1 }
        }
        if !validation {
            members = members.filter { !Self.validationVocabulary.contains($0.key) }
        }
    }

    /// The compiled keywords, cheapest checks first and `unevaluated*` last.
    mutating func compile(using compiler: inout SchemaCompiler) throws(SchemaError) -> [SchemaKeyword] {
        switch value {
        case .bool(let allowed):
            return allowed ? [] : [.alwaysFalse]
        case .object:
            break
        default:
            throw SchemaError(.notASchema, at: compiler.schemaPath(document, tokens))
        }
        if draft == .draft7, let ref = members["$ref"] {
            return [.ref(try compileRef(ref, &compiler))]
        }
        var out: [SchemaKeyword] = []
        if let type = members["type"] { out.append(.type(try typeSet(type, &compiler))) }
        if let values = members["enum"] {
            guard case .array(let list) = values else { throw invalid("enum", "expected an array", &compiler) }
            out.append(.enumeration(compiler.tables.addValueSet(list)))
        }
        if let constant = members["const"] { out.append(.constant(compiler.tables.addValueSet([constant]))) }
        try compileNumeric(into: &out, &compiler)
        try compileString(into: &out, &compiler)
        try compileArray(into: &out, &compiler)
        try compileObject(into: &out, &compiler)
        try compileApplicators(into: &out, &compiler)
        if let ref = members["$ref"] { out.append(.ref(try compileRef(ref, &compiler))) }
        if draft != .draft7 {
            let keyword = draft == .draft2020_12 ? "$dynamicRef" : "$recursiveRef"
            if let ref = members[keyword] {
                guard let text = ref.stringValue else {
                    throw invalid(keyword, "expected a URI reference string", &compiler)
                }
                let resolved = try compiler.dynamicReference(
                    text, base: base, document: document, tokens: tokens + [keyword], draft: draft)
                out.append(.dynamicRef(target: resolved.target, anchor: resolved.anchor))
            }
            if members["unevaluatedProperties"] != nil {
                out.append(.unevaluatedProperties(try sub("unevaluatedProperties", &compiler)))
            }
            if members["unevaluatedItems"] != nil {
                out.append(.unevaluatedItems(try sub("unevaluatedItems", &compiler)))
            }
        }
        return out
    }

    // MARK: - Helpers

    private func invalid(_ keyword: String, _ reason: String, _ compiler: inout SchemaCompiler) -> SchemaError {
        SchemaError(
            .invalidKeywordValue(keyword: keyword, reason: reason),
            at: compiler.schemaPath(document, tokens + [keyword]))
    }

    private func sub(_ keyword: String, _ rest: String..., compiler: inout SchemaCompiler) throws(SchemaError) -> Int {
        try compiler.subschema(document, tokens + [keyword] + rest)
    }

    private func sub(_ keyword: String, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Int {
        try compiler.subschema(document, tokens + [keyword])
    }

    private func count(_ keyword: String, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Int? {
        guard let value = members[keyword] else { return nil }
        guard let exact = value.int64Value, exact >= 0 else {
            throw invalid(keyword, "expected a non-negative integer", &compiler)
        }
        return Int(clamping: exact)
    }

    private func number(_ keyword: String, _ compiler: inout SchemaCompiler) throws(SchemaError) -> NumberLimit? {
        guard let value = members[keyword] else { return nil }
        guard value.kind == .number else { throw invalid(keyword, "expected a number", &compiler) }
        return NumberLimit(value)
    }

    /// Adds the strings of `value` as keys; returns their range of `SchemaTables.keys`.
    private func stringList(
        _ value: JSONValue, _ keyword: String,
        _ compiler: inout SchemaCompiler
    ) throws(SchemaError) -> Range<Int> {
        guard case .array(let list) = value else { throw invalid(keyword, "expected an array of strings", &compiler) }
        var names: [String] = []
        for item in list {
            guard let name = item.stringValue else { throw invalid(keyword, "expected an array of strings", &compiler) }
            names.append(name)
        }
        return compiler.tables.addKeys(names)
    }

    /// Compiles the subschemas of a list keyword; returns their range of `SchemaTables.nodeLists`.
    private func schemaList(_ keyword: String, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Range<Int>? {
        guard let value = members[keyword] else { return nil }
        guard case .array(let list) = value, !list.isEmpty else {
            throw invalid(keyword, "expected a non-empty array of schemas", &compiler)
        }
        var nodes: [Int] = []
        for i in list.indices {
            nodes.append(try sub(keyword, String(i), compiler: &compiler))
        }
        // Appended after the loop: compiling a subschema may add lists of its own.
        return compiler.tables.addNodeList(nodes)
    }

    /// Compiles the regular expression `text`, found at `path`, refusing it with that location.
    private func patternMatcher(
        _ text: String, at path: [String],
        _ compiler: inout SchemaCompiler
    ) throws(SchemaError) -> PatternMatcher {
        do {
            return try PatternMatcher(text)
        } catch {
            let kind: SchemaError.Kind =
                switch error.kind {
                case .syntax: .invalidPattern(text, reason: error.description)
                case .needsBacktracking, .unsupported, .tooLarge: .unsupportedPattern(text, reason: error.description)
                }
            throw SchemaError(kind, at: compiler.schemaPath(document, path))
        }
    }

    private func typeSet(_ value: JSONValue, _ compiler: inout SchemaCompiler) throws(SchemaError) -> TypeSet {
        let names: [JSONValue]
        switch value {
        case .string: names = [value]
        case .array(let list): names = list
        default: throw invalid("type", "expected a type name or an array of type names", &compiler)
        }
        var set: TypeSet = []
        for name in names {
            guard let text = name.stringValue, let member = TypeSet(name: text) else {
                throw invalid("type", "unknown type name \(name)", &compiler)
            }
            set.insert(member)
        }
        return set
    }

    private func compileRef(_ ref: JSONValue, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Int {
        guard let text = ref.stringValue else { throw invalid("$ref", "expected a URI reference string", &compiler) }
        return try compiler.reference(text, base: base, document: document, tokens: tokens + ["$ref"])
    }

    // MARK: - Keyword groups

    private func compileNumeric(
        into out: inout [SchemaKeyword],
        _ compiler: inout SchemaCompiler
    ) throws(SchemaError) {
        if let limit = try number("minimum", &compiler) { out.append(.minimum(limit)) }
        if let limit = try number("maximum", &compiler) { out.append(.maximum(limit)) }
        if let limit = try number("exclusiveMinimum", &compiler) { out.append(.exclusiveMinimum(limit)) }
        if let limit = try number("exclusiveMaximum", &compiler) { out.append(.exclusiveMaximum(limit)) }
        if let divisor = members["multipleOf"] {
            guard divisor.kind == .number, divisor.doubleValue > 0 else {
                throw invalid("multipleOf", "expected a number greater than 0", &compiler)
            }
            out.append(.multipleOf(DecimalMultiple(divisor)))
        }
    }

    private func compileString(
        into out: inout [SchemaKeyword],
        _ compiler: inout SchemaCompiler
    ) throws(SchemaError) {
        if let n = try count("minLength", &compiler) { out.append(.minLength(n)) }
        if let n = try count("maxLength", &compiler) { out.append(.maxLength(n)) }
        if let pattern = members["pattern"] {
            guard let text = pattern.stringValue else { throw invalid("pattern", "expected a string", &compiler) }
            let matcher = try patternMatcher(text, at: tokens + ["pattern"], &compiler)
            out.append(.pattern(compiler.tables.addPattern(matcher)))
        }
        if options.assertFormats, let name = members["format"]?.stringValue, let format = FormatKind(rawValue: name) {
            out.append(.format(format))
        }
    }

    private func compileArray(
        into out: inout [SchemaKeyword],
        _ compiler: inout SchemaCompiler
    ) throws(SchemaError) {
        if let n = try count("minItems", &compiler) { out.append(.minItems(n)) }
        if let n = try count("maxItems", &compiler) { out.append(.maxItems(n)) }
        if let unique = members["uniqueItems"] {
            guard case .bool(let flag) = unique else { throw invalid("uniqueItems", "expected a boolean", &compiler) }
            if flag { out.append(.uniqueItems) }
        }
        var items = ArrayApplicators()
        switch draft {
        case .draft2020_12:
            items.prefix = try schemaList("prefixItems", &compiler) ?? 0..<0
            if let rest = members["items"] {
                guard rest.kind == .object || rest.kind == .bool else {
                    throw invalid("items", "expected a schema", &compiler)
                }
                items.rest = try sub("items", &compiler)
                items.restIsFalse = rest == .bool(false)
            }
        case .draft7, .draft2019_09:
            if case .array = members["items"] {
                items.prefix = try schemaList("items", &compiler) ?? 0..<0
                if let rest = members["additionalItems"] {
                    items.rest = try sub("additionalItems", &compiler)
                    items.restIsFalse = rest == .bool(false)
                    items.restIsAdditionalItems = true
                }
            } else if let rest = members["items"] {
                items.rest = try sub("items", &compiler)
                items.restIsFalse = rest == .bool(false)
            }
        }
        if !items.prefix.isEmpty || items.rest != nil { out.append(.items(items)) }
        if members["contains"] != nil {
            let node = try sub("contains", &compiler)
            let min = draft != .draft7 ? try count("minContains", &compiler) ?? 1 : 1
            let max = draft != .draft7 ? try count("maxContains", &compiler) : nil
            out.append(.contains(node: node, min: min, max: max))
        }
    }

    private func compileObject(
        into out: inout [SchemaKeyword],
        _ compiler: inout SchemaCompiler
    ) throws(SchemaError) {
        if let required = members["required"] {
            let keys = try stringList(required, "required", &compiler)
            if !keys.isEmpty { out.append(.required(keys)) }
        }
        if let n = try count("minProperties", &compiler) { out.append(.minProperties(n)) }
        if let n = try count("maxProperties", &compiler) { out.append(.maxProperties(n)) }
        var named: [(name: String, node: Int)] = []
        var patternNodes: [(pattern: Int, node: Int)] = []
        var additional: Int?
        var additionalIsFalse = false
        if let properties = members["properties"] {
            guard case .object(let entries) = properties else {
                throw invalid("properties", "expected an object", &compiler)
            }
            for (name, _) in entries {
                named.append((name, try sub("properties", name, compiler: &compiler)))
            }
        }
        if let patterns = members["patternProperties"] {
            guard case .object(let entries) = patterns else {
                throw invalid("patternProperties", "expected an object", &compiler)
            }
            for (pattern, _) in entries {
                let matcher = try patternMatcher(pattern, at: tokens + ["patternProperties", pattern], &compiler)
                let node = try sub("patternProperties", pattern, compiler: &compiler)
                patternNodes.append((compiler.tables.addPattern(matcher), node))
            }
        }
        if let value = members["additionalProperties"] {
            additional = try sub("additionalProperties", &compiler)
            additionalIsFalse = value == .bool(false)
        }
        if !named.isEmpty || !patternNodes.isEmpty || additional != nil {
            out.append(
                .object(
                    compiler.tables.addObject(
                        named: named, patterns: patternNodes, additional: additional,
                        additionalIsFalse: additionalIsFalse)))
        }
        if members["propertyNames"] != nil { out.append(.propertyNames(try sub("propertyNames", &compiler))) }
        try compileDependencies(into: &out, &compiler)
    }

    private func compileDependencies(
        into out: inout [SchemaKeyword],
        _ compiler: inout SchemaCompiler
    ) throws(SchemaError) {
        var required: [SchemaTables.DependentRequired] = []
        var schemas: [SchemaTables.DependentSchema] = []
        let names = draft == .draft7 ? ["dependencies"] : ["dependentRequired", "dependentSchemas"]
        for keyword in names {
            guard let value = members[keyword] else { continue }
            guard case .object(let entries) = value else { throw invalid(keyword, "expected an object", &compiler) }
            for (name, entry) in entries {
                switch (keyword, entry) {
                case ("dependentRequired", _), ("dependencies", .array):
                    let keys = try stringList(entry, keyword, &compiler)
                    required.append(.init(key: compiler.tables.addKey(name), required: keys))
                default:
                    let node = try sub(keyword, name, compiler: &compiler)
                    schemas.append(.init(key: compiler.tables.addKey(name), node: node))
                }
            }
        }
        if !required.isEmpty {
            let start = compiler.tables.dependentRequired.count
            compiler.tables.dependentRequired.append(contentsOf: required)
            out.append(.dependentRequired(start..<compiler.tables.dependentRequired.count, draft7: draft == .draft7))
        }
        if !schemas.isEmpty {
            let start = compiler.tables.dependentSchemas.count
            compiler.tables.dependentSchemas.append(contentsOf: schemas)
            out.append(.dependentSchemas(start..<compiler.tables.dependentSchemas.count))
        }
    }

    private func compileApplicators(
        into out: inout [SchemaKeyword],
        _ compiler: inout SchemaCompiler
    ) throws(SchemaError) {
        if let nodes = try schemaList("allOf", &compiler) { out.append(.allOf(nodes)) }
        if let nodes = try schemaList("anyOf", &compiler) { out.append(.anyOf(nodes)) }
        if let nodes = try schemaList("oneOf", &compiler) { out.append(.oneOf(nodes)) }
        if members["not"] != nil { out.append(.not(try sub("not", &compiler))) }
        if members["if"] != nil {
            let condition = try sub("if", &compiler)
            let then = members["then"] != nil ? try sub("then", &compiler) : nil
            let otherwise = members["else"] != nil ? try sub("else", &compiler) : nil
            out.append(.conditional(if: condition, then: then, else: otherwise))
        }
    }
}
