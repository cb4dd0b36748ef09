/// Cuts every user's `track` events into sessions and page stays (`atk sessions`).
///
/// Per user, over the user's events sorted by (time, input order): a session starts at the first
/// event, at every `$AppStart`, after an `$AppEnd`, and at an event more than the gap after the
/// previous one. Only `type: track` lines with a string `distinct_id` and an integer `time` count.
/// See ``SessionTotals/addUser(_:gap:screen:value:)`` for durations, bounces and stays.
///
/// Memory: per kept event 16 bytes in ``UserEventLists`` and 24 in a chunked buffer; per user
/// 4 bytes and its id; per screen and breakdown value their text.
public struct SessionAnalysis: MergeableAnalysis {
    /// The configuration.
    public let configuration: SessionConfiguration
    /// Lines that were JSON objects.
    public internal(set) var events = 0
    /// `track` events left out: no string `distinct_id` or no integer `time`.
    public internal(set) var skippedEvents = 0
    /// `stitched` when users are persons, `raw` when they are `distinct_id`s.
    public var identity: IdentityMode { persons == nil ? .raw : .stitched }
    /// Routes by the user: the person key with stitched identities, else the `distinct_id`.
    public var partitionKey: PartitionKey { persons.map { .person($0) } ?? .distinctId }
    /// The first malformed lines.
    public var malformedExamples: [MalformedExamples.Example] { malformed.examples }

    var malformed: MalformedExamples
    private var users = UserNumbers()
    /// With stitched identities: the persons, whose keys replace the `distinct_id`s.
    private let persons: IdentityGraph?
    private var screens = Interner(capacity: 64)
    private var values = Interner(capacity: 64)
    private var lists = UserEventLists()
    private var details = ChunkedBuffer<SessionEvent>()
    /// The totals of partials merged into this one (their users are disjoint from ours).
    var merged = SessionTotals()
    /// This partial's own users' totals as ``prepareForMerge()`` cut them, with the number of
    /// kept events they cover (a later visit makes them stale).
    private var prepared: (kept: Int, totals: SessionTotals)?

    /// - Parameters:
    ///   - configuration: the gap and the breakdown.
    ///   - maxExamples: how many malformed lines to keep.
    ///   - persons: with stitched identities, the persons (read from the same input first).
    public init(
        configuration: SessionConfiguration = SessionConfiguration(), maxExamples: Int = 10,
        persons: IdentityGraph? = nil
    ) {
        self.configuration = configuration
        self.persons = persons
        malformed = MalformedExamples(limit: maxExamples)
        self.maxExamples = maxExamples
    }

    private let maxExamples: Int

    /// An empty analysis of the same configuration.
    public func makePartial() -> SessionAnalysis {
        SessionAnalysis(configuration: configuration, maxExamples: maxExamples, persons: persons)
    }

    /// Cuts this partial's own users' sessions, on its own worker: the workers do it in parallel
    /// after their last lines, where the merges and the finish did it on one thread (on a dump of
    /// 600,000 users that took `atk sessions --jobs 2` about 0.2 s on one core after its last
    /// line; 0.89 x the time since).
    public mutating func prepareForMerge() {
        var totals = SessionTotals()
        addOwnUsers(to: &totals)
        prepared = (details.count, totals)
    }

    /// Adds the totals of `other`'s users (disjoint from ours: a user's events reach one partial).
    ///
    /// - Complexity: O(events of `other`) to cut its users' sessions, unless it was prepared
    ///   (``prepareForMerge()``) and has not been visited since.
    public mutating func merge(_ other: consuming SessionAnalysis) {
        events += other.events
        skippedEvents += other.skippedEvents
        malformed.merge(other.malformed)
        merged.add(other.totals())
    }

    /// Keeps one `track` event of a user.
    ///
    /// - Complexity: O(1) amortized: one interner lookup for the user, one for `$screen_name` on
    ///   page views, one for the breakdown value when there is a breakdown.
    public mutating func visit(_ event: Event) {
        events += 1
        guard let type = event.type, type.equals("track"), let name = event.event, name.kind == .string else {
            return
        }
        guard let distinctId = event.distinctId, distinctId.kind == .string, let time = event.timeMilliseconds else {
            skippedEvents += 1
            return
        }
        let user = Int(users.number(of: distinctId, persons: persons))
        let kind = Self.kind(of: name)
        var record = SessionEvent(kind: kind, screen: -1, breakdown: -1, sdkDuration: -1)
        if kind == .appViewScreen, let screen = event.property("$screen_name"), screen.kind == .string {
            record.screen = screen.withUTF8 { screens.intern($0) }
        }
        if kind == .appEnd || kind == .appPageLeave, let seconds = event.property("event_duration")?.doubleValue,
            seconds.isFinite, seconds >= 0, seconds < 1e12
        {
            record.sdkDuration = Int64((seconds * 1000).rounded())
        }
        if let property = configuration.breakdown {
            record.breakdown = EventProperties(event).withText(property) { values.intern($0) } ?? -1
        }
        let index = details.append(record)
        lists.append(user: user, time: time, value: UInt32(truncatingIfNeeded: index))
    }

    /// Keeps a malformed line as an example while there is room.
    public mutating func visitMalformed(_ line: MalformedLine) {
        malformed.record(line)
    }

    /// The sessions of every user this analysis and the partials merged into it saw.
    ///
    /// - Complexity: O(E log E) for E events of a user, summed over users.
    public func totals() -> SessionTotals {
        var totals = merged
        if let prepared, prepared.kept == details.count {
            totals.add(prepared.totals)
        } else {
            addOwnUsers(to: &totals)
        }
        return totals
    }

    /// Adds the sessions of this partial's own users to `totals`.
    private func addOwnUsers(to totals: inout SessionTotals) {
        var records: [(time: Int64, value: UInt32)] = []
        var sorted: [(time: Int64, event: SessionEvent)] = []
        let screenBytes: (Int32) -> [UInt8] = { id in id < 0 ? [] : screens.withBytes(id) { Array($0) } }
        let valueBytes: (Int32) -> [UInt8] = { id in values.withBytes(id) { Array($0) } }
        for user in 0..<users.count {
            lists.records(of: user, into: &records)
            // Records are in input order; sorting by (time, index) keeps it among equal times.
            sorted = records.indices.sorted { a, b in
                records[a].time != records[b].time ? records[a].time < records[b].time : a < b
            }
            .map { (records[$0].time, details[Int(records[$0].value)]) }
            totals.addUser(sorted, gap: configuration.gapMilliseconds, screen: screenBytes, value: valueBytes)
        }
    }

    private static func kind(of name: JSONNode) -> SessionEventKind {
        if name.equals("$AppViewScreen") { return .appViewScreen }
        if name.equals("$AppStart") { return .appStart }
        if name.equals("$AppEnd") { return .appEnd }
        if name.equals("$AppPageLeave") { return .appPageLeave }
        return .other
    }
}
