import Foundation

/// A set of compiled event schemas: what each event's properties object must look like.
///
/// Two layouts are accepted:
/// - a single JSON file `{"$schema": ..., "events": {"<event>": <schema>, ...},
///   "common": <schema>?, "$defs": {...}?}` whose event schemas may `$ref` into the
///   file's top-level `$defs` (`#/$defs/itemId`); schema paths then read
///   `#/events/AddToCart/properties/product_id/pattern`;
/// - a directory with one `<event>.json` schema per event and an optional `common.json`;
///   files may `$ref` each other by relative file name, and schema paths read
///   `AddToCart.json#/properties/product_id/pattern`.
///
/// `$schema` selects draft 2020-12 (the default) or draft-07. With the default options
/// unknown keywords are refused.
public struct TrackingPlan: Sendable {
    /// The event names, sorted by UTF-8 bytes.
    public let eventNames: [String]
    /// The schema every event's properties must also meet, if the plan has one.
    public let common: CompiledSchema?
    /// The schema of each event, in `eventNames` order.
    public let eventSchemas: [CompiledSchema]
    private let eventKeys: [[UInt8]]

    private static let planMembers: Set<String> = [
        "$schema", "$id", "$comment", "title", "description", "events", "common", "$defs", "definitions",
    ]

    private init(events: [(name: String, schema: CompiledSchema)], common: CompiledSchema?) {
        let sorted = events.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        eventNames = sorted.map(\.name)
        eventKeys = sorted.map { Array($0.name.utf8) }
        eventSchemas = sorted.map(\.schema)
        self.common = common
    }

    /// The schema for the event named by the UTF-8 bytes `name`, or `nil` for an unknown event.
    public func schema(forEvent name: UnsafeRawBufferPointer) -> CompiledSchema? {
        var low = 0
        var high = eventKeys.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let order = eventKeys[mid].withUnsafeBytes { JSONEquality.compareBytes($0, name) }
            if order == 0 { return eventSchemas[mid] }
            if order < 0 { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }

    /// The schema for the event `name`, or `nil` for an unknown event.
    public func schema(forEvent name: String) -> CompiledSchema? {
        var name = name
        return name.withUTF8 { schema(forEvent: UnsafeRawBufferPointer($0)) }
    }

    /// Validates an event's properties against `common` and the event's schema.
    /// - Returns: whether they are valid, or `nil` when the plan has no such event.
    public func validate<I: JSONInstance>(
        properties: I, forEvent name: String,
        into violations: inout [SchemaViolation]
    ) -> Bool? {
        guard let schema = schema(forEvent: name) else { return nil }
        guard let common else { return schema.validate(properties, into: &violations) }
        return common.validate(properties, thenAgainst: schema, into: &violations)
    }

    /// Builds a single-file plan from its parsed JSON; `file` names it in errors and
    /// is its base URI for relative `$ref`s.
    public init(json: JSONValue, file: String = "plan.json", options: SchemaOptions = SchemaOptions())
        throws(TrackingPlanError)
    {
        guard case .object(let members) = json else {
            throw TrackingPlanError(.invalidPlan("the top level must be an object"), file: file)
        }
        if options.unknownKeywords == .refuse {
            for member in members where !Self.planMembers.contains(member.key) && !member.key.hasPrefix("x-") {
                throw TrackingPlanError(.invalidPlan("unknown top-level member '\(member.key)'"), file: file)
            }
        }
        let draft = try Self.draft(of: json, file: file)
        guard case .object(let events)? = json["events"] else {
            throw TrackingPlanError(.invalidPlan("'events' must be an object of event schemas"), file: file)
        }
        var entries = events.map { ["events", $0.key] }
        let hasCommon = json["common"] != nil
        if hasCommon { entries.append(["common"]) }
        let compiled: [CompiledSchema]
        do {
            compiled = try Schema.compile(
                json, entryPoints: entries, draft: draft,
                baseURI: Self.fileURI(file), options: options)
        } catch {
            throw TrackingPlanError(.schema(error), file: file)
        }
        self.init(events: zip(events, compiled).map { ($0.0.key, $0.1) }, common: hasCommon ? compiled.last : nil)
    }

    private static func draft(of json: JSONValue, file: String) throws(TrackingPlanError) -> SchemaDraft {
        guard let uri = json["$schema"] else { return .draft2020_12 }
        guard let text = uri.stringValue, let draft = SchemaDraft(schemaURI: text) else {
            throw TrackingPlanError(.invalidPlan("$schema must name draft 2020-12, 2019-09 or draft-07"), file: file)
        }
        return draft
    }

    private static func fileURI(_ path: String) -> URI {
        URI(URL(fileURLWithPath: path).standardizedFileURL.absoluteString)
    }

    /// Builds a directory plan from its parsed files, one schema per event.
    ///
    /// - Parameters:
    ///   - documents: every `.json` file of the directory: its name (`AddToCart.json`), its path
    ///     (its base URI, which `$ref`s between files resolve against, and the file errors name),
    ///     and its JSON. `common.json` is the common schema; every other file is the event it names.
    ///   - directory: the directory, named in errors that concern no one file.
    ///   - options: how schemas compile; each file's schema paths are prefixed with its name.
    public init(
        documents: [(name: String, file: String, json: JSONValue)], directory: String,
        options: SchemaOptions = SchemaOptions()
    ) throws(TrackingPlanError) {
        var resources: [URI: JSONValue] = [:]
        for document in documents { resources[Self.fileURI(document.file)] = document.json }
        var events: [(name: String, schema: CompiledSchema)] = []
        var common: CompiledSchema?
        for document in documents {
            var fileOptions = options
            fileOptions.schemaPathPrefix = document.name + "#"
            let fileDraft = try Self.draft(of: document.json, file: document.file)
            let schema: CompiledSchema
            do {
                schema = try Schema.compile(
                    document.json, draft: fileDraft, baseURI: Self.fileURI(document.file),
                    resources: resources, options: fileOptions)
            } catch {
                throw TrackingPlanError(.schema(error), file: document.file)
            }
            if document.name == "common.json" {
                common = schema
            } else {
                events.append((String(document.name.dropLast(".json".count)), schema))
            }
        }
        guard !events.isEmpty else {
            throw TrackingPlanError(.invalidPlan("the directory holds no <event>.json schema"), file: directory)
        }
        self.init(events: events, common: common)
    }
}
