import ATKCore
import ATKFunnel
import Testing

/// Hand-worked funnels over dump lines: what the analysis adds to the engine (its own tests cover
/// the scan): events to steps by name and filters, users by key, rows, arrival order, exclusions,
/// breakdowns, counting units.
///
/// Steps A, B, C; window 10 ms unless stated; X matches no step.
@Suite struct EventFunnelAnalysisTests {
    @Test("ties at one timestamp chain in step order, whatever the line order")
    func ties() throws {
        let result = try eventFunnel([track("u", 5, "C"), track("u", 5, "B"), track("u", 5, "A")], steps: "A,B,C")
        #expect(result.total.userCounts == [1, 1, 1])
        #expect(result.total.users.steps[1].medianFromPrevious == 0)
    }

    @Test("the window's end is inclusive")
    func windowEnd() throws {
        let lines = [
            track("in", 0, "A"), track("in", 4, "B"), track("in", 10, "C"),
            track("out", 0, "A"), track("out", 4, "B"), track("out", 11, "C"),
        ]
        #expect(try eventFunnel(lines, steps: "A,B,C").total.userCounts == [2, 2, 1])
        #expect(try eventFunnel(lines, steps: "A,B,C", window: "11ms").total.userCounts == [2, 2, 2])
    }

    @Test("a later step-1 event starts a new attempt while the older chain goes on")
    func restarts() throws {
        let lines = [
            track("kept", 0, "A"), track("kept", 1, "B"), track("kept", 5, "A"), track("kept", 9, "C"),
            track("late", 0, "A"), track("late", 1, "B"), track("late", 12, "A"), track("late", 15, "C"),
            track("again", 0, "A"), track("again", 12, "A"), track("again", 14, "B"), track("again", 20, "C"),
        ]
        let result = try eventFunnel(lines, steps: "A,B,C")
        #expect(result.total.userCounts == [3, 3, 2])
        // Times of the earliest chain reaching each user's level: B-A gaps 1, 1, 2; C-B gaps 8, 6.
        #expect(result.total.users.steps[1].medianFromPrevious == 1)
        #expect(result.total.users.steps[2].medianFromPrevious == 7)
    }

    @Test("repeated steps, and one event matching two steps (it fills both, as in ClickHouse)")
    func repeatedSteps() throws {
        let lines = [
            track("two", 0, "A"), track("two", 3, "A"), track("two", 5, "B"),
            track("one", 0, "A"), track("one", 5, "B"),
        ]
        #expect(try eventFunnel(lines, steps: "A,A,B").total.userCounts == [2, 2, 2])
        let filtered = [track("u", 0, "Buy", #""price":150"#), track("v", 0, "Buy", #""price":50"#)]
        #expect(try eventFunnel(filtered, steps: "Buy,Buy[price>=100]").total.userCounts == [2, 1])
    }

    @Test("strict-dedup stops at a repeat of a reached step")
    func strictDedup() throws {
        let lines = [
            track("u", 1, "A"), track("u", 2, "B"), track("u", 3, "A"), track("u", 4, "B"), track("u", 5, "C"),
        ]
        #expect(try eventFunnel(lines, steps: "A,B,C").total.userCounts == [1, 1, 1])
        #expect(try eventFunnel(lines, steps: "A,B,C", mode: .strictDeduplication).total.userCounts == [1, 1, 0])
    }

    @Test("strict-increase needs strictly later times")
    func strictIncrease() throws {
        let lines = [track("u", 1, "A"), track("u", 1, "B"), track("u", 2, "C")]
        #expect(try eventFunnel(lines, steps: "A,B,C").total.userCounts == [1, 1, 1])
        #expect(try eventFunnel(lines, steps: "A,B,C", mode: .strictIncrease).total.userCounts == [1, 0, 0])
    }

    @Test("strict-order: any other row of the same user stops the funnel; other users' rows and non-track lines do not")
    func strictOrder() throws {
        let lines = [
            track("u", 1, "A"), track("u", 2, "B"), track("u", 3, "X"), track("u", 4, "C"),
            track("v", 1, "A"), track("v", 2, "B"), track("w", 3, "X"), track("v", 4, "C"),
            track("p", 1, "A"), track("p", 2, "B"), track("p", 4, "C"),
            #"{"type":"profile_set","distinct_id":"p","time":3,"properties":{}}"#,
        ]
        let strict = try eventFunnel(lines, steps: "A,B,C", mode: .strictOrder)
        #expect(strict.total.userCounts == [3, 3, 2])
        #expect(try eventFunnel(lines, steps: "A,B,C").total.userCounts == [3, 3, 3])
        // An event of a step's name failing the step's filters is another event.
        let filtered = [track("u", 1, "A"), track("u", 2, "B", #""x":2"#), track("u", 3, "B", #""x":1"#)]
        #expect(try eventFunnel(filtered, steps: "A,B[x=1]", mode: .strictOrder).total.userCounts == [1, 0])
        #expect(try eventFunnel(filtered, steps: "A,B[x=1]").total.userCounts == [1, 1])
    }

    @Test("unsorted lines (late arrivals) give the sorted result")
    func unsortedInput() throws {
        let sorted = [
            track("u", 0, "A"), track("v", 1, "A"), track("u", 3, "B"), track("v", 4, "X"),
            track("v", 5, "B"), track("u", 8, "C"), track("v", 9, "C"),
        ]
        for mode: FunnelMode in [[], .strictOrder, .strictDeduplication, .strictIncrease] {
            let forward = try eventFunnel(sorted, steps: "A,B,C", mode: mode)
            let backward = try eventFunnel(sorted.reversed(), steps: "A,B,C", mode: mode)
            #expect(forward.total.users == backward.total.users)
        }
        #expect(try eventFunnel(sorted.reversed(), steps: "A,B,C", mode: .strictOrder).total.userCounts == [2, 1, 1])
    }

    @Test("users keyed by ids of every form (short, 16 bytes, UUIDs, 32 hex digits, long text) count as their text")
    func idForms() throws {
        // Per user a different id form, and ids that share digits or bytes across forms; each
        // user reaches (k % 4) steps. Interleaved, so each user's number is given while users
        // of the other forms are numbered: renaming every user to `u<k>` must not change a count.
        let digits = "cfcd208495d565ef66e7dff9f98764da"
        func dashed(_ hex: String) -> String {
            let chars = Array(hex)
            return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(chars[$0]) }.joined(separator: "-")
        }
        var ids: [String] = []
        for k in 0..<60 {
            let two = String(k, radix: 16)
            let hex = String(digits.dropLast(2)) + (two.count == 1 ? "0" + two : two)
            ids += [
                hex, hex.uppercased(), dashed(hex), dashed(hex).uppercased(), "s\(k)",
                String(repeating: "x", count: 14) + (k < 10 ? "0\(k)" : "\(k)"), "long-login-id-\(k)-of-some-app",
            ]
        }
        func lines(_ name: (Int) -> String) -> [String] {
            (0..<4).flatMap { step in
                ids.indices.compactMap { k in
                    step < k % 4 + 1 && step < 3 ? track(name(k), Int64(step), ["A", "B", "C"][step]) : nil
                }
            }
        }
        let forms = try eventFunnel(lines { ids[$0] }, steps: "A,B,C")
        let renamed = try eventFunnel(lines { "u\($0)" }, steps: "A,B,C")
        #expect(Set(ids).count == ids.count)
        #expect(forms.total.userCounts == renamed.total.userCounts)
        #expect(forms.total.userCounts == [420, 315, 210])
    }

    @Test("users with one step count at step 1 only; users without step 1 not at all")
    func oneStep() throws {
        let lines = [
            track("only-a", 0, "A"), track("no-a", 1, "B"), track("no-a", 2, "C"), track("all", 0, "A"),
            track("all", 1, "B"),
        ]
        let result = try eventFunnel(lines, steps: "A,B,C")
        #expect(result.total.userCounts == [2, 1, 0])
        #expect(result.total.users.steps[1].conversionFromPrevious == 0.5)
        #expect(result.total.users.steps[2].medianFromPrevious == nil)
        #expect(try eventFunnel(lines, steps: "A").total.userCounts == [2])
    }

    @Test("exclusions between the first and last reached step (inclusive) drop the user")
    func exclusions() throws {
        let lines = [
            track("inside", 0, "A"), track("inside", 2, "X"), track("inside", 4, "B"),
            track("after", 0, "A"), track("after", 4, "B"), track("after", 7, "X"),
            track("tied", 0, "A"), track("tied", 0, "X"), track("tied", 1, "B"),
            track("single", 5, "A"), track("single", 5, "X"),
            track("filtered", 0, "A"), track("filtered", 2, "X", #""k":"no""#), track("filtered", 3, "B"),
        ]
        let result = try eventFunnel(lines, steps: "A,B") {
            $0.steps = try FunnelSteps(steps: $0.steps.steps, exclusions: [StepSpec.parse("X[k!=no]")])
        }
        #expect(result.total.userCounts == [2, 2])
        #expect(result.total.users.excludedCount == 3)
        #expect(result.exclusionEvents == 4)
    }

    @Test("breakdown: the value on the counted attempt's step-1 event, top values then other")
    func breakdown() throws {
        let lines = [
            track("u1", 0, "A", #""src":"a""#), track("u1", 5, "A", #""src":"b""#), track("u1", 7, "B"),
            track("u2", 0, "A", #""src":"a""#), track("u2", 15, "A", #""src":"b""#), track("u2", 20, "B"),
            track("u3", 0, "A", #""src":"b""#),
            track("u4", 0, "A"),
        ]
        let result = try eventFunnel(lines, steps: "A,B") {
            $0.breakdownProperty = "src"
            $0.breakdownLimit = 2
        }
        let groups = result.breakdown.map { ($0.value, $0.isOther, $0.userCounts) }
        #expect(groups.count == 3)
        #expect(groups[0] == ("b", false, [2, 1]))
        #expect(groups[1] == ("a", false, [1, 1]))
        #expect(groups[2] == (nil, true, [1, 0]))
        #expect(result.total.userCounts == [4, 2])
    }

    @Test("--by: users keyed by a property; events without it are skipped")
    func userProperty() throws {
        let lines = [track("x", 0, "A", #""device":"d1""#), track("y", 3, "B", #""device":"d1""#), track("z", 0, "A")]
        let byDevice = try eventFunnel(lines, steps: "A,B") { $0.userProperty = "device" }
        #expect(byDevice.total.userCounts == [1, 1])
        #expect(byDevice.skippedEvents == 1)
        #expect(try eventFunnel(lines, steps: "A,B").total.userCounts == [2, 0])
    }

    @Test("counting conversions re-enters after each completed attempt")
    func conversions() throws {
        let lines = ["A", "B", "C", "A", "B", "C", "A"].enumerated().map { track("u", Int64($0), $1) }
        let result = try eventFunnel(lines, steps: "A,B,C") { $0.unit = .conversions }
        #expect(result.total.conversions?.steps.map(\.count) == [3, 2, 2])
        #expect(result.total.userCounts == [1, 1, 1])
    }

    @Test("rows are track events with a key and an integer time; other matching lines are skipped")
    func rows() throws {
        let lines = [
            track("u", 0, "A"),
            #"{"type":"profile_set","distinct_id":"v","time":0,"event":"A","properties":{}}"#,
            #"{"type":"track","time":0,"event":"A","properties":{}}"#,
            #"{"type":"track","distinct_id":"w","time":"0","event":"A","properties":{}}"#,
            #"{"type":"track","distinct_id":"w","time":1,"event":"A","properties":"#,
        ]
        let result = try eventFunnel(lines, steps: "A")
        #expect(result.total.userCounts == [1])
        #expect(result.skippedEvents == 3)
        #expect(result.malformedExamples.map(\.location.line) == [5])
    }

    @Test("numeric filters read numbers written as strings; quoted literals compare text")
    func numericStrings() throws {
        let lines = [
            track("a", 0, "Buy", #""price":"129.00""#), track("b", 0, "Buy", #""price":"99.5""#),
            track("c", 0, "Buy", #""price":1e3"#), track("d", 0, "Buy", #""price":"1.0""#),
        ]
        #expect(try eventFunnel(lines, steps: "Buy[price>=100]").total.userCounts == [2])
        #expect(try eventFunnel(lines, steps: "Buy[price=1]").total.userCounts == [1])
        #expect(try eventFunnel(lines, steps: #"Buy[price="1"]"#).total.userCounts == [0])
    }

    @Test("the table of worked examples in Docs/funnel.md")
    func documentedTable() throws {
        let modes: [FunnelMode] = [[], .strictOrder, .strictDeduplication, .strictIncrease]
        let table: [(events: String, steps: String, levels: [Int])] = [
            ("0:A 4:B 10:C", "A,B,C", [3, 3, 3, 3]),
            ("0:A 4:B 11:C", "A,B,C", [2, 2, 2, 2]),
            ("5:C 5:B 5:A", "A,B,C", [3, 3, 3, 1]),
            ("0:A 1:B 5:A 9:C", "A,B,C", [3, 3, 3, 3]),
            ("1:A 2:B 3:X 4:C", "A,B,C", [3, 2, 3, 3]),
            ("1:A 2:B 3:A 4:B 5:C", "A,B,C", [3, 3, 2, 3]),
            ("1:A 1:B 2:C", "A,B,C", [3, 3, 3, 1]),
            ("0:A 5:B", "A,A,B", [3, 3, 3, 1]),
            ("0:A", "A,B,C", [1, 1, 1, 1]),
        ]
        for row in table {
            let lines = row.events.split(separator: " ").map { item in
                let parts = item.split(separator: ":")
                return track("u", Int64(parts[0]) ?? -1, String(parts[1]))
            }
            for (mode, level) in zip(modes, row.levels) {
                let counts = try eventFunnel(lines, steps: row.steps, mode: mode).total.userCounts
                #expect(counts.filter { $0 == 1 }.count == level, "\(row.events) in mode \(mode.clickHouseOptions)")
            }
        }
    }
}
