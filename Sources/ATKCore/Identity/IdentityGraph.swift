/// The second step of identity stitching: replays the gathered links serially in input order
/// (union-find by value), and names every person.
///
/// A link is applied at its first line (``IdentityLink/first``). It joins the persons of all its
/// identities, unless those persons and its own login ids hold two or more different login ids:
/// then nothing is joined and each of its lines counts as one conflict. A person's key is its
/// login id, or, without one, the member first seen in input order (``IdentitySighting``).
///
/// A graph is immutable once replayed, and shared: analyses and the engine's routing
/// (``PartitionKey/person(_:)``) hold the same one, and two graphs are equal only when they are
/// the same replay.
///
/// - Complexity: O(L log L + M α(N)) for L links of M members in all over N identities.
public final class IdentityGraph: Sendable {
    /// Link lines by kind.
    public let counts: IdentityLinkCounts
    /// Distinct raw ids: string `distinct_id`s of `track` events.
    public let rawIds: Int
    /// Persons holding at least one raw id.
    public let persons: Int
    /// Link lines not applied because they would join two login ids.
    public let conflicts: Int
    /// The first conflicting lines, in input order (at most `maxExamples`).
    public let conflictExamples: [IdentityConflict]

    private let identities: Interner
    private let sightings: [IdentitySighting]
    private let flags: [UInt8]
    /// Per identity: its person's root (after path compression, every entry points at its root).
    private let roots: [Int32]
    /// Per root: the identity whose text is the person's key.
    private let keys: [Int32]
    /// Per identity: ``Interner/hash(_:)`` of its person key's bytes (what routing needs).
    private let keyHashes: [UInt64]

    /// Replays `collector`'s links.
    public init(_ collector: IdentityLinkCollector) {
        identities = collector.identities
        sightings = collector.sightings
        flags = collector.flags
        counts = collector.counts
        var forest = IdentityForest(count: flags.count)
        for id in flags.indices where flags[id] & IdentityLinkCollector.loginFlag != 0 { forest.login[id] = Int32(id) }
        var conflicts = 0
        var examples: [IdentityConflict] = []
        for link in collector.links.values.sorted(by: { $0.first < $1.first }) {
            let ids = link.members.compactMap { Self.lookup($0, in: collector.identities) }
            var logins: Set<Int32> = []
            for id in ids {
                let login = forest.login[Int(forest.root(of: id))]
                if login >= 0 { logins.insert(login) }
            }
            guard logins.count <= 1 else {
                conflicts += link.lines
                let names = logins.map { collector.identities.string($0) }.sorted(by: Self.byBytes)
                examples += link.locations.map {
                    IdentityConflict(location: $0, members: link.members, loginIds: names)
                }
                continue
            }
            for id in ids.dropFirst() { forest.union(ids[0], id) }
        }
        self.conflicts = conflicts
        conflictExamples = Array(examples.sorted { $0.location < $1.location }.prefix(collector.maxExamples))
        let roots = (0..<flags.count).map { forest.root(of: Int32($0)) }
        var keys = [Int32](repeating: -1, count: flags.count)
        var persons = 0
        var counted = [Bool](repeating: false, count: flags.count)
        for id in roots.indices {
            let root = Int(roots[id])
            if flags[id] & IdentityLinkCollector.rawFlag != 0 && !counted[root] {
                counted[root] = true
                persons += 1
            }
            let login = forest.login[root]
            if login >= 0 {
                keys[root] = login
            } else if keys[root] < 0 || sightings[id] < sightings[Int(keys[root])] {
                keys[root] = Int32(id)
            }
        }
        self.roots = roots
        self.keys = keys
        keyHashes = roots.map { root in collector.identities.withBytes(keys[Int(root)]) { Interner.hash($0) } }
        rawIds = flags.reduce(0) { $0 + Int($1 & IdentityLinkCollector.rawFlag) }
        self.persons = persons
    }

    /// The person key of the identity `bytes`, or nil when it was never seen.
    ///
    /// - Complexity: O(length) expected.
    public func personKey(of bytes: UnsafeRawBufferPointer) -> String? {
        identities.lookup(bytes).map { identities.string(keys[Int(roots[Int($0)])]) }
    }

    /// Calls `body` with the bytes of the person key of the identity `bytes`; nil when that
    /// identity was never seen (an id only on lines that are not track-type).
    ///
    /// - Complexity: O(length) expected; allocates nothing.
    public func withPersonKey<R>(of bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
        guard let id = identities.lookup(bytes) else { return nil }
        return identities.withBytes(keys[Int(roots[Int(id)])], body)
    }

    /// The hash ``Interner/hash(_:)`` gives the person key of the identity `bytes` (what
    /// ``PartitionKey/distinctId`` gives an event whose `distinct_id` is that key); nil when that
    /// identity was never seen.
    ///
    /// - Complexity: O(length) expected; allocates nothing.
    public func personKeyHash(of bytes: UnsafeRawBufferPointer) -> UInt64? {
        identities.lookup(bytes).map { keyHashes[Int($0)] }
    }

    /// The `limit` persons of two or more identities (one a raw id) holding the most identities
    /// (then most raw ids, then by key), with up to `memberLimit` members each.
    ///
    /// Persons are counted, not listed: most hold one identity, and a list of members per person
    /// (a dictionary of arrays) had cost `atk identities` about 0.3 s on one thread on a dump of
    /// 600,000 users, over half of it allocating and freeing the lists. Keys are made only for the
    /// persons that can still be among the first `limit` by their counts, members only for those
    /// chosen.
    ///
    /// - Complexity: O(N + C log C) for N identities and C persons of two or more.
    public func largestPersons(limit: Int, memberLimit: Int = 5) -> [IdentityPerson] {
        guard limit > 0 else { return [] }
        // Per root (every identity's root is itself an identity): its identities and raw ids.
        var sizes = [Int32](repeating: 0, count: roots.count)
        var raws = [Int32](repeating: 0, count: roots.count)
        for id in roots.indices {
            let root = Int(roots[id])
            sizes[root] += 1
            if flags[id] & IdentityLinkCollector.rawFlag != 0 { raws[root] += 1 }
        }
        func counts(_ root: Int32) -> (Int32, Int32) { (sizes[Int(root)], raws[Int(root)]) }
        let ranked = roots.indices.lazy.filter { sizes[$0] > 1 && raws[$0] > 0 }.map { Int32($0) }
            .sorted { counts($0) > counts($1) }
        guard !ranked.isEmpty else { return [] }
        // Those tied with the last of the first `limit` by their counts are ordered by key.
        let boundary = counts(ranked[min(limit, ranked.count) - 1])
        let chosen = ranked.prefix { counts($0) >= boundary }.map { root in
            (root: root, key: identities.string(keys[Int(root)]))
        }
        .sorted { a, b in
            counts(a.root) != counts(b.root) ? counts(a.root) > counts(b.root) : Self.byBytes(a.key, b.key)
        }
        .prefix(limit)
        // Each chosen person's members, in input order of their first sighting.
        var place = [Int32: Int](minimumCapacity: chosen.count)
        for (index, person) in chosen.enumerated() { place[person.root] = index }
        var members = [[Int32]](repeating: [], count: chosen.count)
        for id in roots.indices where sizes[Int(roots[id])] > 1 {
            if let index = place[roots[id]] { members[index].append(Int32(id)) }
        }
        return chosen.enumerated().map { index, person in
            IdentityPerson(
                key: person.key, identities: Int(sizes[Int(person.root)]), rawIds: Int(raws[Int(person.root)]),
                members: members[index].sorted { sightings[Int($0)] < sightings[Int($1)] }.prefix(memberLimit)
                    .map { identities.string($0) })
        }
    }

    private static func lookup(_ text: String, in interner: Interner) -> Int32? {
        var text = text
        return text.withUTF8 { interner.lookup(UnsafeRawBufferPointer($0)) }
    }

    /// Byte order of UTF-8 text: the order that does not depend on Unicode equivalence.
    static func byBytes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }
}

extension IdentityGraph: Hashable {
    /// The same replay: a copy of a graph's reference, never a graph replayed again.
    public static func == (a: IdentityGraph, b: IdentityGraph) -> Bool { a === b }

    /// Hashes the replay's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
