import ATKFunnel
import Testing

@Suite struct FunnelEventBufferTests {}

extension FunnelEventBufferTests {
    @Test func timeOrderedBufferRejectsEarlierTimes() throws {
        let engine = try FunnelEngine(stepCount: 2, window: 10)
        var buffer = FunnelEventBuffer(engine: engine, ordering: .timeOrdered)
        try buffer.append(event(5, 1))
        try buffer.append(event(5, 2))
        #expect(throws: FunnelInputError.outOfOrder(previous: 5, time: 4)) {
            try buffer.append(event(4, 1))
        }
    }

    @Test func strictOrderKeepsOneUnmatchedEvent() throws {
        let engine = try FunnelEngine(stepCount: 3, window: 10, mode: .strictOrder)
        var buffer = FunnelEventBuffer(engine: engine, ordering: .timeOrdered)
        for time: Int64 in 0..<100 { try buffer.append(event(time)) }
        try buffer.append(event(100, 1))
        try buffer.append(event(100))
        for time: Int64 in 101..<200 { try buffer.append(event(time)) }
        try buffer.append(event(300, 2))
        #expect(buffer.events == [event(100, 1), event(101)])
    }

    @Test func otherModesDropUnmatchedEvents() throws {
        let engine = try FunnelEngine(stepCount: 2, window: 10)
        var buffer = FunnelEventBuffer(engine: engine)
        try buffer.append(event(3))
        try buffer.append(event(1, 2))
        try buffer.append(FunnelEvent(time: 2, mask: 1 << 5))
        #expect(buffer.events == [event(1, 2)])
    }

    /// Buffered events must give the same level and attempt as the full list.
    @Test(arguments: [
        FunnelMode(), .strictOrder, .strictDeduplication, .strictIncrease, [.strictOrder, .strictIncrease],
    ])
    func bufferedEventsGiveTheSameResult(mode: FunnelMode) throws {
        var random = TestRandom(state: 42 &+ UInt64(mode.rawValue))
        let engine = try FunnelEngine(stepCount: 3, window: 4, mode: mode)
        for _ in 0..<3_000 {
            let count = Int.random(in: 1...40, using: &random)
            let events = (0..<count).map { _ in
                FunnelEvent(
                    time: Int64.random(in: 0...20, using: &random),
                    mask: Bool.random(using: &random) ? 0 : UInt32.random(in: 0...15, using: &random))
            }
            var arbitrary = FunnelEventBuffer(engine: engine, ordering: .arbitrary)
            var ordered = FunnelEventBuffer(engine: engine, ordering: .timeOrdered)
            for event in events { try arbitrary.append(event) }
            for event in events.sorted(by: { $0.time < $1.time }) { try ordered.append(event) }
            let expected = engine.attempt(for: events)
            #expect(engine.attempt(for: arbitrary.events) == expected, "\(events)")
            #expect(engine.attempt(for: ordered.events) == expected, "\(events)")
            #expect(arbitrary.events.count <= events.count)
        }
    }

    /// With `.conversions`, buffered events must give the same attempts.
    @Test(arguments: [FunnelMode(), .strictOrder, [.strictOrder, .strictDeduplication]])
    func bufferedEventsGiveTheSameConversions(mode: FunnelMode) throws {
        var random = TestRandom(state: 7 &+ UInt64(mode.rawValue))
        let engine = try FunnelEngine(stepCount: 2, window: 3, mode: mode)
        for _ in 0..<3_000 {
            let count = Int.random(in: 1...40, using: &random)
            let events = (0..<count).map { _ in
                FunnelEvent(
                    time: Int64.random(in: 0...30, using: &random),
                    mask: Int.random(in: 0...2, using: &random) == 0 ? 0 : UInt32.random(in: 0...3, using: &random))
            }
            var arbitrary = FunnelEventBuffer(engine: engine, unit: .conversions, ordering: .arbitrary)
            var ordered = FunnelEventBuffer(engine: engine, unit: .conversions, ordering: .timeOrdered)
            for event in events { try arbitrary.append(event) }
            for event in events.sorted(by: { $0.time < $1.time }) { try ordered.append(event) }
            let expected = engine.attempts(for: events)
            #expect(engine.attempts(for: arbitrary.events) == expected, "\(events)")
            #expect(engine.attempts(for: ordered.events) == expected, "\(events)")
        }
    }

    @Test func conversionsKeepUnmatchedEventsAfterACompletion() throws {
        let engine = try FunnelEngine(stepCount: 2, window: 10, mode: .strictOrder)
        var buffer = FunnelEventBuffer(engine: engine, unit: .conversions, ordering: .timeOrdered)
        for item in [event(0), event(1, 1), event(2, 2), event(3), event(4), event(5, 1), event(6), event(7, 2)] {
            try buffer.append(item)
        }
        #expect(buffer.events == [event(1, 1), event(2, 2), event(3), event(5, 1), event(6), event(7, 2)])
        #expect(engine.attempts(for: buffer.events).map(\.level) == [2, 1])
    }
}
