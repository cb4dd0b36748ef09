import ATKGenerate
import Testing

@testable import ATKCore

@Suite("The lifecycle tracker's grouping by user, ahead of a merge")
struct LifecycleGroupingTests {
    /// A tracker with `count` records of `users` users, in a noted order that is mostly, not
    /// always, in time order per user (late events, equal times), places increasing.
    static func tracker(users: Int, count: Int, seed: UInt64) -> LifecycleTracker {
        var tracker = LifecycleTracker(durationTolerance: 0)
        var random = SplitMix64(seed: seed)
        for user in 0..<users { _ = tracker.users.intern("user-\(user)") }
        for place in 0..<count {
            let user = Int32(random.next() % UInt64(users))
            var time = 1_788_220_800_000 + Int64(place) * 1000
            switch random.next() % 10 {
            case 0: time -= Int64(random.next() % 50_000)  // a late event
            case 1: time = 1_788_220_800_000  // equal times: the place decides
            default: break
            }
            tracker.records.append(
                LifecycleTracker.Record(
                    time: time, duration: .nan, place: UInt64(place), user: user, breakdown: 0, kind: .view))
        }
        return tracker
    }

    /// The order the tracker judges in: by (user, time, place).
    static func sorted(_ tracker: LifecycleTracker) -> [UInt64] {
        tracker.allRecords.sorted { ($0.user, $0.time, $0.place) < ($1.user, $1.time, $1.place) }.map(\.place)
    }

    @Test("group() orders the records as a sort by (user, time, place) does", arguments: [1, 2, 7, 300])
    func grouping(users: Int) {
        for seed in UInt64(1)...5 {
            var tracker = Self.tracker(users: users, count: 2000, seed: seed)
            let expected = Self.sorted(tracker)
            #expect(!tracker.isGrouped)
            tracker.group()
            #expect(tracker.isGrouped)
            #expect(tracker.records.map(\.place) == expected)
        }
    }

    @Test("a merge keeps the grouping only for grouped trackers")
    func mergeKeepsGrouping() {
        func part(_ names: [String], places: Range<Int>, grouped: Bool) -> LifecycleTracker {
            var tracker = LifecycleTracker(durationTolerance: 0)
            for name in names { _ = tracker.users.intern(name) }
            for place in places {
                // Times run backwards: grouping has to reorder them.
                tracker.records.append(
                    LifecycleTracker.Record(
                        time: Int64(10_000 - place), duration: .nan, place: UInt64(place),
                        user: Int32(place % names.count), breakdown: 0, kind: .view))
            }
            if grouped { tracker.group() }
            return tracker
        }
        for (mine, theirs, mineGrouped, theirsGrouped, stays) in [
            (["a", "b"], ["c", "d"], true, true, true),
            (["a", "b"], ["c"], true, true, true),
            (["a", "b"], ["c", "d"], false, false, false),
            (["a", "b"], ["c", "d"], true, false, false),
            (["a", "b"], ["c", "d"], false, true, false),
        ] {
            var merged = part(mine, places: 0..<20, grouped: mineGrouped)
            merged.merge(part(theirs, places: 20..<40, grouped: theirsGrouped), breakdown: .init())
            #expect(merged.isGrouped == stays, "\(mine) + \(theirs)")
            // The other's users follow this one's (partials share no user: they are routed by it).
            #expect((0..<merged.users.count).map { merged.users.string(Int32($0)) } == mine + theirs)
            // Kept apart exactly when it stays grouped: the other's records are a part, uncopied.
            #expect(merged.parts.count == (stays ? 1 : 0))
            #expect(merged.records.count == (stays ? 20 : 40))
            // Whether or not the merge kept it, the judged order is the full sort's.
            let expected = Self.sorted(merged)
            merged.group()
            let users = merged.allRecords.map(\.user)
            // Grouped: each user's records together, in (time, place) order.
            #expect(Set(users).count == users.indices.filter { $0 == 0 || users[$0] != users[$0 - 1] }.count)
            if !stays { #expect(merged.records.map(\.place) == expected) }
            for user in Set(users) {
                let times = merged.allRecords.filter { $0.user == user }.map(\.time)
                #expect(times == times.sorted())
            }
        }
    }

    @Test("an empty tracker merges as grouped")
    func emptyMerge() {
        var empty = LifecycleTracker(durationTolerance: 0)
        var other = Self.tracker(users: 3, count: 30, seed: 9)
        other.group()
        empty.merge(other, breakdown: .init())
        #expect(empty.isGrouped)
        #expect(empty.allRecords.map(\.place) == Self.sorted(other))
    }

    /// A tracker of lifecycle events of `users` (their names) that breaks every lifecycle rule
    /// for some of them, with lines from `firstLine` on.
    static func sessions(_ users: [String], firstLine: Int) -> LifecycleTracker {
        var tracker = LifecycleTracker(durationTolerance: 1000)
        var line = firstLine
        for (number, name) in users.enumerated() {
            let base = Int64(1_788_220_800_000 + number * 100_000)
            // A session with no end before the next start, a crashed one, a duration that
            // disagrees, an orphan end, a page view of a background launch, late-noted events.
            let events: [(LifecycleTracker.Kind, Int64, Double)] = [
                (.start, 0, .nan), (.start, 1000, .nan), (.crash, 2000, .nan), (.start, 3000, .nan),
                (.end, 9000, 2), (.end, 10_000, 1), (.passiveStart, 11_000, .nan), (.view, 12_000, .nan),
                (.view, 500, .nan), (.crash, 13_000, .nan), (.start, 12_500, .nan),
            ]
            for (kind, offset, duration) in events {
                note(&tracker, kind, user: name, time: base + offset, duration: duration, line: line)
                line += 1
            }
        }
        return tracker
    }

    /// Notes one lifecycle event of user `name` at `line`.
    static func note(
        _ tracker: inout LifecycleTracker, _ kind: LifecycleTracker.Kind, user name: String, time: Int64,
        duration: Double, line: Int
    ) {
        var noted = tracker
        _ = withEvent(#"{"distinct_id":"\#(name)"}"#) { event in
            guard let user = event.distinctId else { return }
            noted.note(
                kind, user: user, time: time, duration: duration, at: LineLocation(fileIndex: 0, line: line),
                breakdown: 0)
        }
        tracker = noted
    }

    /// The findings of `tracker`: each rule's count, and every example as its line and message.
    static func judged(_ tracker: LifecycleTracker) -> (counts: [Int], examples: [String]) {
        var tracker = tracker
        var findings = ValidationFindings(registry: RuleRegistry(), maxExamples: 1000)
        tracker.finish(into: &findings)
        return (findings.counts, findings.examples.joined().map { "\($0.location.line) \($0.message)" })
    }

    @Test("parts kept apart are judged as the same records pooled and sorted")
    func partsJudgeAsPooled() {
        let names = (0..<7).map { "user-\($0)" }
        var parts = (0..<3).map { part in
            Self.sessions(Array(names[(part * 3)..<min(names.count, part * 3 + 3)]), firstLine: part * 1000)
        }
        for index in parts.indices { parts[index].group() }
        var merged = parts[0]
        merged.merge(parts[1], breakdown: .init())
        merged.merge(parts[2], breakdown: .init())
        #expect(merged.parts.count == 2)
        // The same events pooled: the first tracker is not grouped, so the merges copy them all.
        var pooled = Self.sessions(Array(names[0..<3]), firstLine: 0)
        for part in parts.dropFirst() { pooled.merge(part, breakdown: .init()) }
        #expect(pooled.parts.isEmpty)
        let rules: [BuiltInRule] = [
            .lifecycleMissingAppEnd, .lifecycleOrphanAppEnd, .lifecycleDurationMismatch, .lifecyclePassivePageView,
        ]
        // Every user breaks every rule.
        for rule in rules { #expect(Self.judged(pooled).counts[rule.index] >= names.count) }
        #expect(Self.judged(merged).counts == Self.judged(pooled).counts)
        #expect(Self.judged(merged).examples == Self.judged(pooled).examples)
        // A later note for a user of a part: the parts join the records, the judgement is the same.
        var noted = merged
        Self.note(&noted, .end, user: "user-5", time: 1_788_220_800_000, duration: .nan, line: 99_999)
        Self.note(&pooled, .end, user: "user-5", time: 1_788_220_800_000, duration: .nan, line: 99_999)
        #expect(noted.parts.isEmpty)
        #expect(Self.judged(noted).counts == Self.judged(pooled).counts)
        #expect(Self.judged(noted).examples == Self.judged(pooled).examples)
    }
}
