import Foundation

/// What the navigation model of `atk paths` needs to know about an app: which screens have a
/// node in the action path, which screens are tab roots, and where conversions and their paths
/// are.
///
/// Decoded from the JSON config of `Docs/paths.md`:
///
///     {"nodes": {"HomeViewController": "DL_HOME", "ProductDetailViewController": "DL_PDP"},
///      "roots": ["HomeViewController"], "entity_property": "item_id",
///      "conversion": "AddToCart", "path_property": "user_action_path"}
///
/// `nodes` and `entity_property` are required; `roots` defaults to none, `conversion` to
/// `AddToCart` and `path_property` to `user_action_path` (the defaults of `funnel --path`).
public struct NavigationConfig: Sendable, Equatable {
    /// The node of each screen that has one, by `$screen_name`.
    public var nodes: [String: String]
    /// The tab roots: viewing one replaces the whole stack.
    public var roots: Set<String>
    /// The click property that names the tapped entity.
    public var entityProperty: String
    /// The event name of a conversion.
    public var conversion: String
    /// The conversion property that holds the recorded action path.
    public var pathProperty: String

    /// A config from its parts.
    public init(
        nodes: [String: String], roots: Set<String> = [], entityProperty: String, conversion: String = "AddToCart",
        pathProperty: String = "user_action_path"
    ) {
        self.nodes = nodes
        self.roots = roots
        self.entityProperty = entityProperty
        self.conversion = conversion
        self.pathProperty = pathProperty
    }

    /// The keys a config may have, in the order errors list them.
    static let keys = ["nodes", "roots", "entity_property", "conversion", "path_property"]

    /// Decodes a config from JSON text.
    ///
    /// - Throws: ``NavigationConfigError`` naming the key that is missing, unknown or of the wrong
    ///   type, or saying the text is not a JSON object.
    public init(json: Data) throws(NavigationConfigError) {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: json)
        } catch {
            throw NavigationConfigError(key: nil, message: "not JSON: \(error.localizedDescription)")
        }
        guard let object = parsed as? [String: Any] else {
            throw NavigationConfigError(key: nil, message: "not a JSON object")
        }
        if let unknown = object.keys.sorted().first(where: { !Self.keys.contains($0) }) {
            throw NavigationConfigError(
                key: unknown, message: "unknown key (expected \(Self.keys.joined(separator: ", ")))")
        }
        guard let nodeValue = object["nodes"] else { throw NavigationConfigError(key: "nodes", message: "missing") }
        guard let nodes = nodeValue as? [String: Any] else {
            throw NavigationConfigError(key: "nodes", message: "must be an object of screen names to node names")
        }
        var nodeNames: [String: String] = [:]
        for (screen, node) in nodes {
            guard let node = node as? String, !node.isEmpty, !node.contains("#") else {
                throw NavigationConfigError(
                    key: "nodes", message: "the node of \(screen) must be a non-empty string without '#'")
            }
            nodeNames[screen] = node
        }
        var roots: Set<String> = []
        if let rootValue = object["roots"] {
            guard let list = rootValue as? [Any], let names = list as? [String] else {
                throw NavigationConfigError(key: "roots", message: "must be an array of screen names")
            }
            roots = Set(names)
        }
        guard let entityValue = object["entity_property"] else {
            throw NavigationConfigError(key: "entity_property", message: "missing")
        }
        self.init(
            nodes: nodeNames, roots: roots,
            entityProperty: try Self.name(entityValue, key: "entity_property"),
            conversion: try object["conversion"].map { v throws(NavigationConfigError) in
                try Self.name(v, key: "conversion")
            } ?? "AddToCart",
            pathProperty: try object["path_property"].map { v throws(NavigationConfigError) in
                try Self.name(v, key: "path_property")
            } ?? "user_action_path")
    }

    private static func name(_ value: Any, key: String) throws(NavigationConfigError) -> String {
        guard let text = value as? String, !text.isEmpty else {
            throw NavigationConfigError(key: key, message: "must be a non-empty string")
        }
        return text
    }
}
