/// Entry point for compiling JSON Schemas.
public enum Schema {
    /// Compiles `root` into a reusable validator.
    ///
    /// - Parameters:
    ///   - root: the schema document.
    ///   - draft: the dialect used when the document has no recognised `$schema`.
    ///   - baseURI: the retrieval URI of `root`, against which a root `$id` and relative `$ref`s resolve.
    ///   - resources: further documents by retrieval URI, loaded when a `$ref` needs them.
    ///     The 2020-12 and draft-07 metaschemas are built in.
    ///   - options: unknown-keyword policy, format assertion and schema-path prefix.
    /// - Throws: `SchemaError` naming the problem and its schema path.
    public static func compile(
        _ root: JSONValue, draft: SchemaDraft = .draft2020_12,
        baseURI: URI = .defaultBase, resources: [URI: JSONValue] = [:],
        options: SchemaOptions = SchemaOptions()
    ) throws(SchemaError) -> CompiledSchema {
        try compile(
            root, entryPoints: [[]], draft: draft, baseURI: baseURI, resources: resources,
            options: options)[0]
    }

    /// Compiles several subschemas of one document (for example each event of a tracking plan)
    /// into validators that share their compiled nodes.
    ///
    /// Every entry point, and each member of a top-level `$defs`/`definitions` when the
    /// root is not itself an entry point, is checked for unknown keywords even if unused.
    /// - Parameter entryPoints: JSON Pointer tokens of each subschema, `[]` for the root.
    /// - Returns: one validator per entry point, in order.
    public static func compile(
        _ document: JSONValue, entryPoints: [[String]], draft: SchemaDraft = .draft2020_12,
        baseURI: URI = .defaultBase, resources: [URI: JSONValue] = [:],
        options: SchemaOptions = SchemaOptions()
    ) throws(SchemaError) -> [CompiledSchema] {
        var compiler = SchemaCompiler(defaultDraft: draft, resources: resources, options: options)
        let primary = compiler.addPrimary(document, baseURI: baseURI)
        if !entryPoints.contains([]) {
            for container in ["$defs", "definitions"] {
                for (name, _) in document[container]?.objectValue ?? [] {
                    try compiler.scan(document: primary, at: [container, name])
                }
            }
        }
        for entry in entryPoints {
            try compiler.scan(document: primary, at: entry)
        }
        var roots: [Int] = []
        for entry in entryPoints {
            roots.append(try compiler.compile(document: primary, at: entry))
        }
        let program = try compiler.finish()
        return roots.map { CompiledSchema(program: program, root: $0) }
    }
}
