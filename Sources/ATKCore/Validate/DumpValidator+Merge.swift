extension DumpValidator {
    /// A validator for the same request that has seen nothing: the same rules, plan and sink.
    public func makePartial() -> DumpValidator { DumpValidator(request) }

    /// Whether the validator writes bad rows (``ValidationRequest/badRows``) as it reads: rows
    /// go out in the order lines are visited, so such a run must be read with one partial,
    /// serially, for the rows to be in input order.
    public var writesWhileReading: Bool { badRows != nil }

    /// Whether the merged partials give exactly the report one read gives.
    ///
    /// Always true for one partial. After merging, false only when a property seen with
    /// several types had a first type in some partial that ends up in the minority and that
    /// partial kept only its first lines of it (see ``PropertyTypeTracker/isExact``): read
    /// the dump again with one partial. Known before ``finish(reading:)``, which does not change it.
    public var mergedExactly: Bool { types.isExact }

    /// Folds `other`, a partial of the same request that saw other lines, into this one.
    ///
    /// - Counts add: events, per rule findings, lines with errors and warnings (their line sets
    ///   are joined, so findings made at the end count a line once).
    /// - Examples: each rule's first `maxExamples` of both, by location.
    /// - Event names and property keys are joined by their text; keys keep where they first
    ///   appeared, which orders them as one read did. Breakdown values likewise (their indices
    ///   are renumbered everywhere they are kept).
    /// - Lifecycle events are per user and are judged at the end: they are pooled (partials that
    ///   share no user, each grouped, keep their records apart and uncopied). Duplicate
    ///   keys hold the `distinct_id`, so every duplicate was found in one partial while reading;
    ///   the tables are taken over, an hour's keys joined only if a key of that hour comes again.
    ///   Type conflicts merge property by property (``mergedExactly``).
    /// - The plan's tallies add; unplanned names are joined by text.
    ///
    /// - Complexity: O(event names + property keys + kept examples + lifecycle events + hours of
    ///   duplicate keys + kept type-conflict lines); nothing is re-read.
    public mutating func merge(_ other: consuming DumpValidator) {
        events += other.events
        badRowError = badRowError ?? other.badRowError
        let eventIds = nameInterner.intern(contentsOf: other.nameInterner)
        for (id, mine) in eventIds.enumerated() where Int(mine) == nameInfos.count {
            nameInfos.append(other.nameInfos[id])
        }
        let keyIds = keyInterner.intern(contentsOf: other.keyInterner)
        for (id, interned) in keyIds.enumerated() {
            let mine = Int(interned)
            if mine == keyInfos.count {
                keyInfos.append(other.keyInfos[id])
                keyFirst.append(other.keyFirst[id])
            } else if (other.keyFirst[id].location, other.keyFirst[id].member)
                < (keyFirst[mine].location, keyFirst[mine].member)
            {
                keyFirst[mine] = other.keyFirst[id]
            }
        }
        let breakdown = findings.merge(other.findings)
        types.merge(
            other.types, names: keyIds.map(Int.init), nameCount: keyInterner.count, events: eventIds,
            breakdown: breakdown)
        lifecycle.merge(other.lifecycle, breakdown: breakdown)
        duplicates.merge(other.duplicates)
        if let theirs = other.plan?.checker { plan?.merge(theirs) }
    }

    /// Sorts the lifecycle events this partial noted (``LifecycleTracker/group()``) on its own
    /// worker: merged partials of different users then need no sort at the finish (sorting there
    /// was a quarter of the time `atk validate --jobs 2` spent on one core after its last line).
    public mutating func prepareForMerge() {
        lifecycle.group()
    }
}
