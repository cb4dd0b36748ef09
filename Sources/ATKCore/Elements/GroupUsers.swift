/// Distinct users per group (groups are dense ids from 0): one set entry per (group, user) pair.
///
/// Mergeable because partials never share a user (``MergeableAnalysis`` routes a `distinct_id`'s
/// events, by its decoded text, to one partial, and users are interned by that same text): two
/// partials' (group, user) pairs are disjoint, so a group's distinct users are the sum of its
/// counts. A merged value keeps only its own pairs: it gives counts, it reads no further events.
struct GroupUsers {
    private var users = Interner(capacity: 4096)
    private var pairs = Set<UInt64>()
    /// Distinct users per group id.
    var counts: [Int] = []

    /// Adds the event's user (a string `distinct_id`; others are not counted) to `group`.
    ///
    /// - Complexity: O(length of the id) expected.
    mutating func add(_ event: Event, to group: Int) {
        while counts.count <= group { counts.append(0) }
        guard let distinctId = event.distinctId, distinctId.kind == .string else { return }
        let user = distinctId.withUTF8 { users.internRepeating($0) }
        if pairs.insert(UInt64(group) << 32 | UInt64(UInt32(user))).inserted { counts[group] += 1 }
    }

    /// Adds `other`'s distinct users, its group `g` into group `groups[g]` of this one.
    ///
    /// - Complexity: O(groups of `other`).
    mutating func merge(_ other: GroupUsers, groups: (Int) -> Int) {
        for (group, count) in other.counts.enumerated() where count > 0 {
            let mine = groups(group)
            while counts.count <= mine { counts.append(0) }
            counts[mine] += count
        }
    }

    /// Distinct users of `group`.
    func count(_ group: Int) -> Int {
        group < counts.count ? counts[group] : 0
    }
}
