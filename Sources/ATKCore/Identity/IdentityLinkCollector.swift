/// The first pass of identity stitching: gathers, mergeably, every identity, which are login ids,
/// where each was first seen, and the link lines, for ``IdentityGraph`` to replay in input order.
///
/// Union-find in input order is order-dependent (whether a link conflicts depends on the links
/// before it), so it cannot run in partials. Gathering can: partials collect links and the merge
/// joins them by their member set; the replay, serial and in ``LineLocation`` order, is cheap
/// because links are few (lines naming the same set are kept once, ``IdentityLink``).
///
/// What a line gives (only track-type lines; `track_id_unbind` lines are only counted):
/// - `track`: its string `distinct_id` is a raw id; with an `identities` object, all its string
///   identities and the `distinct_id` are one person (kind `identities`);
/// - `track_signup`: `distinct_id` (a login id) with `original_id` (kind `signup`);
/// - `track_id_bind`: `distinct_id` with the `identities` values (kind `bind`).
/// Login ids are `track_signup` `distinct_id`s, `$identity_login_id` values and the `distinct_id`
/// of lines whose `properties.$is_login_id` is `true`.
///
/// Memory: per distinct identity its bytes, a sighting and a flag byte; per distinct link set its
/// member strings and up to `maxExamples` locations.
public struct IdentityLinkCollector: MergeableAnalysis {
    /// Link lines by kind.
    public internal(set) var counts = IdentityLinkCounts()
    /// The first malformed lines.
    public var malformedExamples: [MalformedExamples.Example] { malformed.examples }

    /// Every identity seen (raw ids and linked ones).
    var identities = Interner(capacity: 4096)
    /// Per identity: where it was first seen.
    var sightings: [IdentitySighting] = []
    /// Per identity: ``rawFlag``, ``loginFlag`` and ``linkedFlag``.
    var flags: [UInt8] = []
    /// Whether ``linkedFlag`` is known for every identity: true for a partial that saw its own
    /// lines, false for one read back from bytes (``decodeState(from:)``), whose states do not
    /// carry the flag.
    var linksKnown = true
    /// The link sets, by member set.
    var links: [[String]: IdentityLink] = [:]
    var malformed: MalformedExamples
    let maxExamples: Int

    /// An identity that is the `distinct_id` of a `track` event.
    static let rawFlag: UInt8 = 1
    /// An identity that is a login id.
    static let loginFlag: UInt8 = 2
    /// An identity seen linked, as an `original_id` or an `identities` value: possibly in several
    /// partials.
    ///
    /// Kept in memory only, for merges; states do not carry it.
    static let linkedFlag: UInt8 = 4

    /// - Parameter maxExamples: how many lines to keep per conflicting link and malformed lines.
    public init(maxExamples: Int = 10) {
        self.maxExamples = maxExamples
        malformed = MalformedExamples(limit: maxExamples)
    }

    /// An empty collector keeping as many examples.
    public func makePartial() -> IdentityLinkCollector { IdentityLinkCollector(maxExamples: maxExamples) }

    /// Joins `other`'s identities by their bytes (earliest sighting, flags or-ed) and its links by
    /// their member set.
    ///
    /// Lines are routed by `distinct_id`, so an identity seen only as a `distinct_id` lives in one
    /// partial: an identity is in both only if one of them saw it linked (``linkedFlag``). Only
    /// those are looked up (``joinIdentities(_:)``); the rest of `other`'s are appended, as
    /// partials' users are. Joining all of them by their text took 55 ms of `atk identities
    /// --jobs 2` on 600,000 users, on one thread after the read.
    ///
    /// - Complexity: O(identities and link members of `other`, and this partial's linked
    ///   identities, up to `other`'s count).
    public mutating func merge(_ other: consuming IdentityLinkCollector) {
        counts.add(other.counts)
        malformed.merge(other.malformed)
        let known = sightings.count
        let map = joinIdentities(other)
        let placeholder = IdentitySighting(location: LineLocation(fileIndex: 0, line: 0), position: 0)
        sightings.append(contentsOf: repeatElement(placeholder, count: identities.count - known))
        flags.append(contentsOf: repeatElement(0, count: identities.count - known))
        for (id, mine) in map.enumerated() {
            let index = Int(mine)
            if index >= known {
                sightings[index] = other.sightings[id]
                flags[index] = other.flags[id]
            } else {
                sightings[index] = min(sightings[index], other.sightings[id])
                flags[index] |= other.flags[id]
            }
        }
        let limit = exampleLimit
        for (members, link) in other.links {
            if links[members] == nil {
                links[members] = link
            } else {
                links[members]?.merge(link, limit: limit)
            }
        }
    }

    /// Interns `other`'s identities here and returns the map from its ids to this collector's.
    ///
    /// An identity of `other` can be here only if either partial saw it linked. So this
    /// collector's linked identities are looked up in `other`, `other`'s linked ones are
    /// interned here, and the others are appended unlooked-at (``Interner/append(disjoint:unmapped:)``).
    /// Without ``linksKnown`` on both sides, or with more linked identities here than `other`
    /// has in all, every identity is interned by its text.
    private mutating func joinIdentities(_ other: IdentityLinkCollector) -> [Int32] {
        let linked = flags.indices.filter { flags[$0] & Self.linkedFlag != 0 }
        guard linksKnown && other.linksKnown && linked.count <= other.identities.count else {
            linksKnown = linksKnown && other.linksKnown
            return identities.intern(contentsOf: other.identities)
        }
        var map = [Int32](repeating: -1, count: other.identities.count)
        for id in linked {
            if let theirs = other.identities.lookup(Int32(id), of: identities) { map[Int(theirs)] = Int32(id) }
        }
        for id in other.flags.indices where other.flags[id] & Self.linkedFlag != 0 && map[id] < 0 {
            map[id] = identities.intern(Int32(id), of: other.identities)
        }
        identities.append(disjoint: other.identities, unmapped: &map)
        return map
    }

    /// Reads one line's identities and links.
    ///
    /// - Complexity: O(1) amortized for a `track` line without `identities`; O(identities) else.
    public mutating func visit(_ event: Event) {
        guard let type = event.type, type.kind == .string else { return }
        let kind: LineKind
        if type.equals("track") {
            kind = .track
        } else if type.equals("track_signup") {
            kind = .signup
        } else if type.equals("track_id_bind") {
            kind = .bind
        } else {
            if type.equals("track_id_unbind") { counts.unbind += 1 }
            return
        }
        let identitiesObject = event.root.member("identities")
        var ids: [Int32] = []
        if let distinctId = event.distinctId, distinctId.kind == .string {
            let isLogin = kind == .signup || event.property("$is_login_id")?.boolValue == true
            let id = note(distinctId, event, position: 0, flags: (kind == .track ? Self.rawFlag : 0) | login(isLogin))
            // The common line, a plain track event, links nothing: no array is made for it.
            if kind == .track && identitiesObject == nil { return }
            ids.append(id)
        }
        if kind == .signup, let original = event.originalId, original.kind == .string {
            ids.append(note(original, event, position: 1, flags: 0))
        }
        var position = 2
        var hasIdentities = false
        identitiesObject?.forEachMember { key, value in
            guard value.kind == .string else { return true }
            hasIdentities = true
            ids.append(note(value, event, position: position, flags: login(key.equals("$identity_login_id"))))
            position += 1
            return true
        }
        switch kind {
        case .signup: counts.signup += 1
        case .bind: counts.bind += 1
        case .track: if hasIdentities { counts.identities += 1 }
        }
        let members = Set(ids).map { identities.string($0) }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        guard members.count > 1 else { return }
        let limit = exampleLimit
        if links[members] == nil {
            links[members] = IdentityLink(members: members, location: event.location)
        } else {
            links[members]?.add(event.location, limit: limit)
        }
    }

    /// Keeps a malformed line as an example while there is room.
    public mutating func visitMalformed(_ line: MalformedLine) {
        malformed.record(line)
    }

    /// Locations kept per link: at least one (the replay needs the first).
    private var exampleLimit: Int { max(1, maxExamples) }

    private func login(_ isLogin: Bool) -> UInt8 { isLogin ? Self.loginFlag : 0 }

    /// Interns an identity, keeps its earliest sighting and adds `flags` (and ``linkedFlag`` when
    /// it is not the line's `distinct_id`, `position` 0); returns its id.
    private mutating func note(_ node: JSONNode, _ event: Event, position: Int, flags added: UInt8) -> Int32 {
        let added = position == 0 ? added : added | Self.linkedFlag
        let id = node.withUTF8 { identities.intern($0) }
        let sighting = IdentitySighting(location: event.location, position: position)
        if Int(id) == sightings.count {
            sightings.append(sighting)
            flags.append(added)
        } else {
            flags[Int(id)] |= added
        }
        return id
    }

    /// The kinds of line that carry identities.
    private enum LineKind {
        case track, signup, bind
    }
}
