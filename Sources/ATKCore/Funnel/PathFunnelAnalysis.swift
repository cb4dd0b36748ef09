/// Action-path funnels (seed 000's shopping trace): which paths led to conversions, the
/// node-to-node transitions, a funnel over a node pattern, and conversions by the entity at a node.
///
/// A conversion is a track-type event named `conversionEvent`; its path is the
/// `pathProperty` (``ActionPathReader`` reads both forms). Users are string `distinct_id`s.
///
/// Memory: O(distinct paths + edges + distinct (path, user) pairs), never O(conversions).
///
/// Partials (``MergeableAnalysis``) merge by text: paths, nodes and entities by their names,
/// users too (a user is in one partial, so the user sets of a path are disjoint).
public struct PathFunnelAnalysis: MergeableAnalysis {
    /// What to count.
    public struct Configuration: Sendable {
        /// The event name that counts as a conversion.
        public var conversionEvent = "AddToCart"
        /// The property of a conversion that holds its action path.
        public var pathProperty = "user_action_path"
        /// A funnel over these nodes; nil for none.
        public var pattern: PathPattern?
        /// Break conversions down by the entity at this node.
        public var entityNode: String?
        /// How many malformed lines are kept as examples.
        public var maxExamples = 10
        /// With stitched identities, the persons whose keys replace the `distinct_id`s (nil: raw).
        public var persons: IdentityGraph?

        /// The defaults: `AddToCart` conversions along `user_action_path`, no pattern, no entity.
        public init() {}
    }

    /// What is counted.
    public let configuration: Configuration
    private let conversionName: [UInt8]
    var reader = ActionPathReader()
    private let compiledPattern: CompiledPathPattern?
    private let entityNode: Int32?
    var users = Interner(capacity: 4096)
    var pathKeys = Interner(capacity: 256)
    var pathNodes: [[Int32]] = []
    var pathConversions: [Int] = []
    var pathUsers: [Set<Int32>] = []
    /// Each path's first conversion: paths whose names join to the same text rank by it.
    var pathFirstSeen: [LineLocation] = []
    var edges: [UInt64: Int] = [:]
    var stepConversions: [Int]
    var stepUsers: [Set<Int32>]
    var entityConversions: [Int32: Int] = [:]
    var entityUsers: [Int32: Set<Int32>] = [:]
    var malformed: MalformedExamples
    /// The malformed examples of a replay fed to ``count(_:)``.
    var replayMalformed: [MalformedExamples.Example] = []
    var invalidLines: [LineLocation] = []

    /// Events read.
    public internal(set) var events = 0
    /// Conversion events.
    public internal(set) var conversions = 0
    /// Conversions whose path is absent, null or empty.
    public internal(set) var withoutPath = 0
    /// Conversions whose path is present but in neither form.
    public internal(set) var invalidPath = 0

    /// An analysis that has read nothing yet.
    public init(configuration: Configuration) {
        self.configuration = configuration
        conversionName = Array(configuration.conversionEvent.utf8)
        var reader = ActionPathReader()
        compiledPattern = configuration.pattern.map { CompiledPathPattern($0, reader: &reader) }
        entityNode = configuration.entityNode.map { reader.names.intern($0) }
        self.reader = reader
        let steps = configuration.pattern?.steps.count ?? 0
        stepConversions = Array(repeating: 0, count: steps)
        stepUsers = Array(repeating: [], count: steps)
        malformed = MalformedExamples(limit: configuration.maxExamples)
    }

    /// Routes by the person key with stitched identities, else by `distinct_id`: the key users
    /// are counted by, so a merge appends the other partial's users.
    public var partitionKey: PartitionKey { configuration.persons.map { .person($0) } ?? .distinctId }

    /// An empty analysis of the same configuration.
    public func makePartial() -> PathFunnelAnalysis { PathFunnelAnalysis(configuration: configuration) }

    /// Adds `other`'s counts, joining paths, edges and entities by their text; the examples of
    /// unreadable paths are the first of both by location.
    ///
    /// Users are the key partials are routed by (the person key with stitched identities, else
    /// the `distinct_id`), so none is in both: `other`'s are appended, their ids shifted
    /// (``Interner/append(disjoint:)``, which a debug build checks). Interning them one by one
    /// was nearly all of the 43 ms `atk funnel --path --jobs 2` spent merging on a dump of
    /// 600,000 users.
    ///
    /// - Complexity: O(distinct users, node names and entities of `other`, plus its paths'
    ///   nodes, edges and (path, user) pairs).
    public mutating func merge(_ other: consuming PathFunnelAnalysis) {
        events += other.events
        conversions += other.conversions
        withoutPath += other.withoutPath
        invalidPath += other.invalidPath
        malformed.merge(other.malformed)
        replayMalformed = Array(
            (replayMalformed + other.replayMalformed).sorted { $0.location < $1.location }.prefix(
                configuration.maxExamples))
        invalidLines = Array((invalidLines + other.invalidLines).sorted().prefix(configuration.maxExamples))
        let userBase = users.append(disjoint: other.users)
        let name = reader.names.intern(contentsOf: other.reader.names)
        let entity = reader.entities.intern(contentsOf: other.reader.entities)
        for index in other.pathNodes.indices {
            let names = other.pathNodes[index].map { name[Int($0)] }
            let path = Int(names.withUnsafeBytes { pathKeys.intern($0) })
            if path == pathNodes.count {
                pathNodes.append(names)
                pathConversions.append(0)
                pathUsers.append([])
                pathFirstSeen.append(other.pathFirstSeen[index])
            }
            pathConversions[path] += other.pathConversions[index]
            pathUsers[path].formUnion(other.pathUsers[index].lazy.map { $0 + userBase })
            pathFirstSeen[path] = min(pathFirstSeen[path], other.pathFirstSeen[index])
        }
        for (key, count) in other.edges {
            let source = name[Int(key >> 32)], target = name[Int(key & 0xFFFF_FFFF)]
            edges[UInt64(UInt32(source)) << 32 | UInt64(UInt32(target)), default: 0] += count
        }
        for step in stepConversions.indices {
            stepConversions[step] += other.stepConversions[step]
            stepUsers[step].formUnion(other.stepUsers[step].lazy.map { $0 + userBase })
        }
        for (key, count) in other.entityConversions {
            entityConversions[key < 0 ? key : entity[Int(key)], default: 0] += count
        }
        for (key, keyUsers) in other.entityUsers {
            entityUsers[key < 0 ? key : entity[Int(key)], default: []].formUnion(keyUsers.lazy.map { $0 + userBase })
        }
    }

    /// Keeps a malformed line as an example while there is room.
    public mutating func visitMalformed(_ line: MalformedLine) {
        malformed.record(line)
    }

    /// - Complexity: O(1) for events that are not conversions (one name comparison); O(path
    ///   length) for conversions.
    public mutating func visit(_ event: Event) {
        events += 1
        guard let name = event.event, name.kind == .string else { return }
        guard conversionName.withUnsafeBytes({ name.equals($0) }), event.isTrackType else { return }
        var user: Int32 = -1
        if let distinctId = event.distinctId, distinctId.kind == .string {
            user = users.internUser(distinctId, persons: configuration.persons)
        }
        count(reader.read(event.property(configuration.pathProperty)), user: user, location: event.location)
    }

    /// Counts the conversions of a navigation replay by their rebuilt paths (`atk funnel --path
    /// --rebuilt`), the recorded ones ignored: a conversion the model could not rebuild, or whose
    /// rebuilt path has no node, counts as one without a path.
    ///
    /// Feed an analysis that visits nothing itself; the replay's conversions come in
    /// ``LineLocation`` order, the order a read visits them in, so the result is the one
    /// ``visit(_:)`` gives for the same paths. The replay's events and malformed examples are
    /// taken as this analysis's.
    ///
    /// - Complexity: O(total length of the rebuilt paths).
    public mutating func count(_ replay: NavigationReplay) {
        events += replay.events
        replayMalformed = replay.malformedExamples
        for conversion in replay.conversions {
            let user = conversion.user.map { users.intern($0) } ?? -1
            count(reader.read(conversion.rebuilt ?? []), user: user, location: conversion.location)
        }
    }

    /// Counts one conversion of `user` (-1: none) at `location` whose path `reader` has just read:
    /// the one place paths, edges, pattern steps and entities are counted, whichever way the path
    /// was read.
    private mutating func count(_ outcome: ActionPathReader.Outcome, user: Int32, location: LineLocation) {
        conversions += 1
        switch outcome {
        case .missing:
            withoutPath += 1
            return
        case .invalid:
            invalidPath += 1
            if invalidLines.count < configuration.maxExamples { invalidLines.append(location) }
            return
        case .path:
            break
        }
        let nodes = reader.nodes
        let names = nodes.map(\.name)
        let path = Int(names.withUnsafeBytes { pathKeys.intern($0) })
        if path == pathNodes.count {
            pathNodes.append(names)
            pathConversions.append(0)
            pathUsers.append([])
            pathFirstSeen.append(location)
        }
        pathConversions[path] += 1
        if user >= 0 { pathUsers[path].insert(user) }
        for (source, target) in zip(names, names.dropFirst()) {
            edges[UInt64(UInt32(source)) << 32 | UInt64(UInt32(target)), default: 0] += 1
        }
        var completes = true
        if let compiledPattern {
            let level = compiledPattern.level(of: nodes)
            for step in 0..<level {
                stepConversions[step] += 1
                if user >= 0 { stepUsers[step].insert(user) }
            }
            completes = level == compiledPattern.steps.count
        }
        if completes, let entityNode, let last = nodes.lastIndex(where: { $0.name == entityNode }) {
            let entity = nodes[last].entity
            entityConversions[entity, default: 0] += 1
            if user >= 0 { entityUsers[entity, default: []].insert(user) }
        }
    }

    /// The counts, with the top `top` paths.
    ///
    /// - Complexity: O(p log p + e log e) for p distinct paths and e edges.
    public func result(top: Int) -> PathFunnelResult {
        let withPath = conversions - withoutPath - invalidPath
        func share(_ count: Int) -> Double? { withPath == 0 ? nil : Double(count) / Double(withPath) }
        let nodeName = { (id: Int32) in reader.names.string(id) }
        let named = pathNodes.indices.map { (index: $0, names: pathNodes[$0].map(nodeName)) }
        let ranked = named.sorted { a, b in
            let (ca, cb) = (pathConversions[a.index], pathConversions[b.index])
            if ca != cb { return ca > cb }
            let (ja, jb) = (a.names.joined(separator: ">"), b.names.joined(separator: ">"))
            return ja != jb ? ja < jb : pathFirstSeen[a.index] < pathFirstSeen[b.index]
        }
        let paths = ranked.prefix(top).map { item in
            PathFunnelResult.PathRow(
                nodes: item.names, conversions: pathConversions[item.index],
                users: pathUsers[item.index].count, share: share(pathConversions[item.index]))
        }
        let edgeRows = edges.map { key, count in
            PathFunnelResult.Edge(
                source: nodeName(Int32(truncatingIfNeeded: key >> 32)),
                target: nodeName(Int32(truncatingIfNeeded: key & 0xFFFF_FFFF)), count: count)
        }.sorted { a, b in
            a.count != b.count ? a.count > b.count : (a.source, a.target) < (b.source, b.target)
        }
        var steps: [PathFunnelResult.StepRow] = []
        if let pattern = configuration.pattern {
            for (index, step) in pattern.steps.enumerated() {
                let count = stepConversions[index]
                let previous = index == 0 ? nil : stepConversions[index - 1]
                steps.append(
                    PathFunnelResult.StepRow(
                        step: step.description, conversions: count,
                        users: stepUsers[index].count,
                        conversionFromPrevious: previous.flatMap { $0 == 0 ? nil : Double(count) / Double($0) },
                        conversionFromFirst: stepConversions[0] == 0 ? nil : Double(count) / Double(stepConversions[0]),
                        share: share(count)))
            }
        }
        let entityTotal = entityConversions.values.reduce(0, +)
        let entities = entityConversions.map { entity, count in
            PathFunnelResult.EntityRow(
                entity: entity < 0 ? nil : reader.entities.string(entity), conversions: count,
                users: entityUsers[entity]?.count ?? 0,
                share: entityTotal == 0 ? nil : Double(count) / Double(entityTotal))
        }.sorted { a, b in
            if a.conversions != b.conversions { return a.conversions > b.conversions }
            if (a.entity == nil) != (b.entity == nil) { return b.entity == nil }
            return (a.entity ?? "") < (b.entity ?? "")
        }
        return PathFunnelResult(
            configuration: configuration, events: events, conversions: conversions, withoutPath: withoutPath,
            invalidPath: invalidPath, invalidPathLines: invalidLines, distinctPaths: pathNodes.count,
            users: users.count, paths: paths, edges: edgeRows, steps: steps, entities: entities,
            malformedExamples: malformed.examples + replayMalformed)
    }
}
