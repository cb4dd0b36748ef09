/// Distinct users per group (groups are dense ids from 0): one set entry per (group, user) pair.
struct GroupUsers {
    private var users = Interner(capacity: 4096)
    private var pairs = Set<UInt64>()
    /// Distinct users per group id.
    private(set) var counts: [Int] = []

    /// Adds the event's user (a string `distinct_id`; others are not counted) to `group`.
    ///
    /// - Complexity: O(length of the id) expected.
    mutating func add(_ event: Event, to group: Int) {
        while counts.count <= group { counts.append(0) }
        guard let distinctId = event.distinctId, distinctId.kind == .string else { return }
        let user = distinctId.withUTF8 { users.intern($0) }
        if pairs.insert(UInt64(group) << 32 | UInt64(UInt32(user))).inserted { counts[group] += 1 }
    }

    /// Distinct users of `group`.
    func count(_ group: Int) -> Int {
        group < counts.count ? counts[group] : 0
    }
}
