import ATKSchema
import Foundation

/// A tracking plan as written, not compiled: what `atk plan diff` compares.
///
/// Its event schemas and `common`, in the plan's own order, and what their local `$ref`s point into.
public struct PlanDocument: Sendable {
    /// The event names and their schemas, in the order the plan lists them (a directory: by file name).
    public let events: [(name: String, schema: JSONValue)]
    /// The plan's `common` schema (a directory: `common.json`), if any.
    public let common: JSONValue?
    /// The documents `$ref`s resolve in: `""` for a single file's root, else each file's name.
    private let documents: [String: JSONValue]
    /// The document each event's schema is in (`common` too, under `common`'s key).
    private let homes: [String: String]

    /// Loads a plan file or directory, as ``ATKSchema/TrackingPlan/load(path:options:)`` reads it.
    ///
    /// - Throws: ``ATKSchema/TrackingPlanError`` naming the file that cannot be read or parsed, or
    ///   a single file that is not a plan (no `events` object).
    public static func load(path: String) throws(TrackingPlanError) -> PlanDocument {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TrackingPlanError(.unreadable("no such file or directory"), file: path)
        }
        guard isDirectory.boolValue else { return try PlanDocument(json: TrackingPlan.readJSON(path), file: path) }
        return PlanDocument(files: try TrackingPlan.readDirectory(path).map { ($0.name, $0.json) })
    }

    /// A single-file plan: `events`, `common` and `$defs` of one JSON object.
    public init(json: JSONValue, file: String) throws(TrackingPlanError) {
        guard let events = json["events"]?.objectValue else {
            throw TrackingPlanError(.invalidPlan("'events' must be an object of event schemas"), file: file)
        }
        self.events = events.map { ($0.key, $0.value) }
        common = json["common"]
        documents = ["": json]
        homes = Dictionary(events.map { ($0.key, "") }) { first, _ in first }.merging(["": ""]) { $1 }
    }

    /// A directory plan: one schema per `<event>.json` file, `common.json` for `common`.
    public init(files: [(name: String, json: JSONValue)]) {
        events = files.filter { $0.name != "common.json" }.map { (String($0.name.dropLast(5)), $0.json) }
        common = files.first { $0.name == "common.json" }?.json
        documents = Dictionary(files.map { ($0.name, $0.json) }) { first, _ in first }
        var homes = Dictionary(files.map { (String($0.name.dropLast(5)), $0.name) }) { first, _ in first }
        homes[""] = "common.json"
        self.homes = homes
    }

    /// The schema `schema` stands for once its own local `$ref` (a JSON Pointer in its document or,
    /// in a directory, in another file of it) is followed, up to 16 times; `schema` itself when the
    /// reference cannot be followed.
    ///
    /// - Parameter event: the event whose schema `schema` is in (`""`: `common`).
    func resolved(_ schema: JSONValue, in event: String) -> JSONValue {
        var current = schema
        var home = homes[event] ?? ""
        for _ in 0..<16 {
            guard let reference = current["$ref"]?.stringValue else { break }
            let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let file = parts.first.map(String.init) ?? ""
            if !file.isEmpty { home = file }
            guard let document = documents[home],
                let target = document.value(atFragment: parts.count > 1 ? String(parts[1]) : "")
            else { break }
            current = target
        }
        return current
    }
}
