/// A path funnel's pattern, `DL_HOME>DL_ARTICLE>DL_PDP`.
///
/// Its nodes are what a conversion's path must hold in order (others may stand between, or, when
/// strict, none). A step `NODE#ENTITY` also requires
/// that entity at the node.
public struct PathPattern: Sendable, Equatable, CustomStringConvertible {
    /// One step: a node name and an optional entity.
    public struct Step: Sendable, Equatable, CustomStringConvertible {
        /// The node's name.
        public let node: String
        /// The entity the node must carry; nil for any.
        public let entity: String?

        /// `NODE` or `NODE#ENTITY`.
        public var description: String { entity.map { "\(node)#\($0)" } ?? node }
    }

    /// The steps in order, 1 to 32 of them.
    public let steps: [Step]
    /// Whether the steps must be adjacent in the path.
    public let isStrict: Bool

    /// A pattern that could not be read.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        /// The text given for the pattern.
        public let text: String
        /// What went wrong and what a pattern looks like.
        public var description: String {
            "invalid path pattern '\(text)': write nodes separated by > (DL_HOME>DL_PDP), each NODE or NODE#ENTITY, 1 to 32 of them"
        }
    }

    /// Parses `A>B>C`; spaces around nodes are ignored.
    ///
    /// - Throws: `ParseError` for an empty node or more than 32 steps.
    public init(parsing text: String, strict: Bool) throws(ParseError) {
        var steps: [Step] = []
        for part in text.split(separator: ">", omittingEmptySubsequences: false) {
            let token = part.trimmingCharacters(in: " ")
            let pieces = token.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            guard let node = pieces.first, !node.isEmpty else { throw ParseError(text: text) }
            let entity = pieces.count > 1 ? String(pieces[1]) : nil
            if entity?.isEmpty == true { throw ParseError(text: text) }
            steps.append(Step(node: String(node), entity: entity))
        }
        guard (1...32).contains(steps.count) else { throw ParseError(text: text) }
        self.steps = steps
        isStrict = strict
    }

    /// The pattern as `A>B#entity>C`.
    public var description: String {
        steps.map(\.description).joined(separator: ">")
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in character: Character) -> Substring {
        var s = self
        while s.first == character { s = s.dropFirst() }
        while s.last == character { s = s.dropLast() }
        return s
    }
}

/// A pattern resolved against a reader's interned ids, for matching paths without strings.
struct CompiledPathPattern {
    /// Interned node name and entity (-1: any entity) per step.
    let steps: [ActionPathReader.Node]
    let isStrict: Bool

    init(_ pattern: PathPattern, reader: inout ActionPathReader) {
        steps = pattern.steps.map { step in
            ActionPathReader.Node(
                name: reader.names.intern(step.node), entity: step.entity.map { reader.entities.intern($0) } ?? -1)
        }
        isStrict = pattern.isStrict
    }

    private func matches(_ node: ActionPathReader.Node, step: Int) -> Bool {
        let wanted = steps[step]
        return node.name == wanted.name && (wanted.entity < 0 || node.entity == wanted.entity)
    }

    /// How many leading steps `path` holds: in order (greedy, earliest), or, when strict, as one
    /// run of adjacent nodes starting anywhere.
    ///
    /// - Complexity: O(n) for n nodes; O(n·s) when strict, for s steps.
    func level(of path: [ActionPathReader.Node]) -> Int {
        if !isStrict {
            var level = 0
            for node in path where level < steps.count && matches(node, step: level) { level += 1 }
            return level
        }
        var best = 0
        for start in path.indices {
            var length = 0
            while length < steps.count && start + length < path.count && matches(path[start + length], step: length) {
                length += 1
            }
            best = max(best, length)
            if best == steps.count { break }
        }
        return best
    }
}
