/// One set of identities that lines say are one person, with the lines that say it.
///
/// Lines naming the same set are kept once: replayed in input order, a repeat of a set that was
/// applied changes nothing, and a repeat of a set that conflicted conflicts again (two persons with
/// different login ids are never joined), so the set, its first line and its line count give the
/// replay of every line.
public struct IdentityLink: Sendable, Equatable {
    /// The identities, sorted by their bytes, each once (the link's key).
    public var members: [String]
    /// The lines naming this set, in input order: the first `limit` of them.
    public internal(set) var locations: [LineLocation]
    /// How many lines name this set.
    public internal(set) var lines: Int

    /// A set named by one line.
    init(members: [String], location: LineLocation) {
        self.members = members
        self.locations = [location]
        self.lines = 1
    }

    /// The first line naming the set: where its replay happens.
    public var first: LineLocation { locations[0] }

    /// Counts another line naming the set, keeping the first `limit` locations.
    mutating func add(_ location: LineLocation, limit: Int) {
        lines += 1
        if locations.count < limit { locations.append(location) }
    }

    /// Adds the lines of the same set seen by another partial, keeping the first `limit` locations.
    mutating func merge(_ other: IdentityLink, limit: Int) {
        lines += other.lines
        locations = Array((locations + other.locations).sorted().prefix(max(1, limit)))
    }
}
