import ATKSchema
import Foundation

extension TrackingPlan {
    /// Loads a plan from a `.json` file or from a directory of per-event schema files.
    ///
    /// The schema engine compiles what it is given; reading the files is the core's part.
    /// - Parameters:
    ///   - path: a plan file, or a directory of `<event>.json` files and an optional `common.json`.
    ///   - options: how the schemas compile.
    /// - Throws: ``TrackingPlanError`` naming the file that cannot be read, parsed or compiled.
    public static func load(path: String, options: SchemaOptions = SchemaOptions()) throws(TrackingPlanError)
        -> TrackingPlan
    {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TrackingPlanError(.unreadable("no such file or directory"), file: path)
        }
        if isDirectory.boolValue {
            return try loadDirectory(path, options: options)
        }
        return try TrackingPlan(json: readJSON(path), file: path, options: options)
    }

    /// Reads and parses every `.json` file of `path`, in name order, then compiles them as one plan.
    private static func loadDirectory(_ path: String, options: SchemaOptions) throws(TrackingPlanError)
        -> TrackingPlan
    {
        try TrackingPlan(documents: readDirectory(path), directory: path, options: options)
    }

    /// Reads and parses every `.json` file of the plan directory `path`, in name order.
    static func readDirectory(_ path: String) throws(TrackingPlanError) -> [(
        name: String, file: String, json: JSONValue
    )] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw TrackingPlanError(.unreadable(error.localizedDescription), file: path)
        }
        let directory = URL(fileURLWithPath: path)
        var documents: [(name: String, file: String, json: JSONValue)] = []
        for name in names {
            let file = directory.appendingPathComponent(name).path
            documents.append((name, file, try readJSON(file)))
        }
        return documents
    }

    /// Reads and parses one JSON file of a plan.
    public static func readJSON(_ path: String) throws(TrackingPlanError) -> JSONValue {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TrackingPlanError(.unreadable("cannot read file"), file: path)
        }
        do {
            return try JSONValue.parse(bytes: Array(data))
        } catch {
            throw TrackingPlanError(.invalidJSON(error), file: path)
        }
    }
}
