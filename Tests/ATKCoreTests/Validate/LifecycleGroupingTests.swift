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
        tracker.records.sorted { ($0.user, $0.time, $0.place) < ($1.user, $1.time, $1.place) }.map(\.place)
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

    @Test("a merge keeps the grouping only for grouped trackers that share no user")
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
            (["a", "b"], ["b", "c"], true, true, false),
            (["a", "b"], ["c", "d"], true, false, false),
            (["a", "b"], ["c", "d"], false, true, false),
        ] {
            var merged = part(mine, places: 0..<20, grouped: mineGrouped)
            merged.merge(part(theirs, places: 20..<40, grouped: theirsGrouped), breakdown: .init())
            #expect(merged.isGrouped == stays, "\(mine) + \(theirs)")
            // Whether or not the merge kept it, the judged order is the full sort's.
            let expected = Self.sorted(merged)
            merged.group()
            let users = merged.records.map(\.user)
            // Grouped: each user's records together, in (time, place) order.
            #expect(Set(users).count == users.indices.filter { $0 == 0 || users[$0] != users[$0 - 1] }.count)
            if !stays { #expect(merged.records.map(\.place) == expected) }
            for user in Set(users) {
                let times = merged.records.filter { $0.user == user }.map(\.time)
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
        #expect(empty.records.map(\.place) == Self.sorted(other))
    }
}
