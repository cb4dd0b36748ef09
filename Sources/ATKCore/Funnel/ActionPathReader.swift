/// Reads a conversion's action path (seed 000's shopping trace) from its property value, in
/// either form, as interned node and entity ids.
///
/// - A list of strings, one per node: `NODE` or `NODE#entityId` (split at the first `#`).
/// - Seed 000's object `{"nodes":[1,3],"nodesV2":["DL_HOME","DL_PDP"],"entityIndexes":[0],
///   "entityIds":["P1037"]}`: node names from `nodesV2`, else the legacy numeric `nodes` (by
///   their number, `"1"`); `entityIds[k]` belongs to node `entityIndexes[k]` (pairs pointing
///   outside the path are ignored).
struct ActionPathReader {
    /// One node of a path: interned name and entity (-1: none).
    struct Node: Equatable {
        var name: Int32
        var entity: Int32
    }

    /// What a conversion's path property holds.
    enum Outcome {
        /// Absent, null, or a path of no nodes.
        case missing
        /// Present but in neither form.
        case invalid
        /// The nodes, in order (in the reader's `nodes` buffer).
        case path
    }

    var names = Interner(capacity: 64)
    var entities = Interner(capacity: 1024)
    /// The nodes of the last path read.
    private(set) var nodes: [Node] = []

    /// Reads `value` into ``nodes``.
    ///
    /// - Complexity: O(length of the value); no allocation once the buffers have grown.
    mutating func read(_ value: JSONNode?) -> Outcome {
        nodes.removeAll(keepingCapacity: true)
        guard let value else { return .missing }
        switch value.kind {
        case .null: return .missing
        case .array: return readList(value)
        case .object: return readObject(value)
        case .string, .number, .bool: return .invalid
        }
    }

    private mutating func readList(_ list: JSONNode) -> Outcome {
        for element in list.elements {
            guard element.kind == .string else {
                nodes.removeAll(keepingCapacity: true)
                return .invalid
            }
            element.withUTF8 { appendNode($0) }
        }
        return nodes.isEmpty ? .missing : .path
    }

    /// Reads a path given as `NODE` / `NODE#entity` strings (a rebuilt path) into ``nodes``,
    /// exactly as the list form of a recorded path is read.
    ///
    /// - Complexity: O(total length of the strings).
    mutating func read(_ path: [String]) -> Outcome {
        nodes.removeAll(keepingCapacity: true)
        for var node in path {
            node.withUTF8 { appendNode(UnsafeRawBufferPointer($0)) }
        }
        return nodes.isEmpty ? .missing : .path
    }

    /// Appends the node `NODE` or `NODE#entity` (split at the first `#`; an empty entity is none).
    private mutating func appendNode(_ bytes: UnsafeRawBufferPointer) {
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
            let name = names.intern(UnsafeRawBufferPointer(rebasing: bytes[..<hash]))
            let entityBytes = UnsafeRawBufferPointer(rebasing: bytes[(hash + 1)...])
            nodes.append(Node(name: name, entity: entityBytes.isEmpty ? -1 : entities.intern(entityBytes)))
        } else {
            nodes.append(Node(name: names.intern(bytes), entity: -1))
        }
    }

    private mutating func readObject(_ object: JSONNode) -> Outcome {
        var named: JSONNode?, numbered: JSONNode?, indexes: JSONNode?, ids: JSONNode?
        object.forEachMember { key, value in
            if key.equals("nodesV2") {
                named = value
            } else if key.equals("nodes") {
                numbered = value
            } else if key.equals("entityIndexes") {
                indexes = value
            } else if key.equals("entityIds") {
                ids = value
            }
            return true
        }
        if let named, named.kind == .array {
            for node in named.elements {
                guard node.kind == .string else { return invalid() }
                nodes.append(Node(name: node.withUTF8 { names.intern($0) }, entity: -1))
            }
        } else if let numbered, numbered.kind == .array {
            for node in numbered.elements {
                guard node.kind == .number else { return invalid() }
                nodes.append(Node(name: names.intern(node.rawBytes), entity: -1))
            }
        } else {
            return .invalid
        }
        if let indexes, let ids, indexes.kind == .array, ids.kind == .array {
            for (index, id) in zip(indexes.elements, ids.elements) {
                guard let position = index.int64Value, position >= 0, position < nodes.count, id.kind == .string else {
                    continue
                }
                nodes[Int(position)].entity = id.withUTF8 { entities.intern($0) }
            }
        }
        return nodes.isEmpty ? .missing : .path
    }

    private mutating func invalid() -> Outcome {
        nodes.removeAll(keepingCapacity: true)
        return .invalid
    }
}
