import ATKFunnel

/// Cohort retention (`atk retention`): ClickHouse's `retention()` evaluated per cohort period.
///
/// A cohort is a period with at least one start event; a user belongs to the cohort of every
/// period in which they did the start event, and is retained at offset k (0…N) when they did the
/// return event in the cohort's period + k. Only `type: track` lines with a string `distinct_id`
/// and an integer `time` count.
///
/// Memory: one 8-byte set entry per distinct (user, period) of a start or return event, and the
/// user ids.
public struct RetentionAnalysis: MergeableAnalysis {
    /// The configuration.
    public let configuration: RetentionConfiguration
    /// Lines that were JSON objects.
    public internal(set) var events = 0
    /// Start or return events left out: no string `distinct_id`, no integer `time`, or a time whose
    /// period is beyond ±2³¹.
    public internal(set) var skippedEvents = 0
    /// `stitched` when users are persons, `raw` when they are `distinct_id`s.
    public var identity: IdentityMode { persons == nil ? .raw : .stitched }
    /// Routes by the user: the person key with stitched identities, else the `distinct_id`.
    public var partitionKey: PartitionKey { persons.map { .person($0) } ?? .distinctId }
    /// The first malformed lines.
    public var malformedExamples: [MalformedExamples.Example] { malformed.examples }

    private var matcher: FunnelStepMatcher
    var malformed: MalformedExamples
    private let maxExamples: Int
    private var users = UserNumbers()
    /// With stitched identities: the persons, whose keys replace the `distinct_id`s.
    private let persons: IdentityGraph?
    /// (user << 32 | period) of start events, and of return events.
    private var starts = Set<UInt64>()
    private var returns = Set<UInt64>()
    /// Cohorts of partials merged into this one, by period (their users are disjoint from ours).
    var merged: [Int64: RetentionCohort] = [:]
    /// The cohorts of this partial's own starts (``ownCohorts()``), made by ``prepareForMerge()``
    /// on the partial's worker, with the sizes of ``starts`` and ``returns`` then: they stand
    /// while the sets have not grown (a set that kept its size got nothing new).
    private var prepared: (cohorts: [Int64: RetentionCohort], starts: Int, returns: Int)?

    /// - Parameters:
    ///   - configuration: the events, the calendar and the number of periods.
    ///   - maxExamples: how many malformed lines to keep.
    ///   - persons: with stitched identities, the persons (read from the same input first).
    /// - Throws: never for two steps (``FunnelSteps`` takes 1 to 32).
    public init(
        configuration: RetentionConfiguration, maxExamples: Int = 10, persons: IdentityGraph? = nil
    ) throws(FunnelConfigurationError) {
        self.configuration = configuration
        self.persons = persons
        self.maxExamples = maxExamples
        matcher = FunnelStepMatcher(steps: try FunnelSteps(steps: [configuration.start, configuration.returning]))
        malformed = MalformedExamples(limit: maxExamples)
    }

    private init(copying other: RetentionAnalysis) {
        configuration = other.configuration
        persons = other.persons
        maxExamples = other.maxExamples
        matcher = FunnelStepMatcher(steps: other.matcher.steps)
        malformed = MalformedExamples(limit: other.maxExamples)
    }

    /// An empty analysis of the same configuration.
    public func makePartial() -> RetentionAnalysis { RetentionAnalysis(copying: self) }

    /// Adds the cohorts of `other`'s users (disjoint from ours).
    ///
    /// - Complexity: O(cohorts of `other`) when it was prepared and has seen nothing since, else
    ///   O(start (user, period)s of `other` × N).
    public mutating func merge(_ other: consuming RetentionAnalysis) {
        events += other.events
        skippedEvents += other.skippedEvents
        malformed.merge(other.malformed)
        for cohort in other.cohorts() { Self.add(cohort, to: &merged) }
    }

    /// Counts this partial's own cohorts on its worker, so that neither the merge nor the finish
    /// looks up every start's returns on one thread: on a dump of 600,000 users that was 115 ms
    /// of `atk retention --jobs 2` after its last line.
    public mutating func prepareForMerge() {
        prepared = (ownCohorts(), starts.count, returns.count)
    }

    /// Sets of (user, period) and counts: the same in any order, and no location read.
    public var visitsInAnyOrder: Bool { true }

    /// Whether ``visit(_:)`` does more than count `event`.
    ///
    /// It does for a track event that is a start or a return. With several workers the others
    /// are counted where they were parsed.
    public mutating func needsVisit(_ event: Event) -> Bool { stepMask(of: event) != 0 }

    /// What `event` is (bit 0: a start, bit 1: a return); 0 for an event that is neither, or not a
    /// track event with a string name.
    @inline(__always)
    private mutating func stepMask(of event: Event) -> UInt32 {
        guard let type = event.type, type.equals("track"), let name = event.event, name.kind == .string else {
            return 0
        }
        return name.withUTF8 { matcher.match(name: $0, properties: EventProperties(event)) }.mask
    }

    /// Counts events ``needsVisit(_:)`` declined: a visit of them only counts them.
    public mutating func countUnvisited(_ count: Int) { events += count }

    /// Keeps the (user, period) of a start or return event.
    ///
    /// - Complexity: O(1) amortized beyond the name lookup and the steps' filters.
    public mutating func visit(_ event: Event) {
        events += 1
        let mask = stepMask(of: event)
        guard mask != 0 else { return }
        guard let distinctId = event.distinctId, distinctId.kind == .string, let time = event.timeMilliseconds,
            let period = Int32(exactly: configuration.calendar.period(ofMilliseconds: time))
        else {
            skippedEvents += 1
            return
        }
        let user = UInt64(UInt32(bitPattern: users.number(of: distinctId, persons: persons)))
        let key = user << 32 | UInt64(UInt32(bitPattern: period))
        if mask & 1 != 0 { starts.insert(key) }
        if mask & 2 != 0 { returns.insert(key) }
    }

    /// Keeps a malformed line as an example while there is room.
    public mutating func visitMalformed(_ line: MalformedLine) {
        malformed.record(line)
    }

    /// Every cohort, by period.
    ///
    /// - Complexity: O(S × N + C log C) for S start (user, period)s and C cohorts; O(C log C)
    ///   when prepared (``prepareForMerge()``) and nothing was seen since.
    public func cohorts() -> [RetentionCohort] {
        var cohorts = merged
        let own = prepared.flatMap { $0.starts == starts.count && $0.returns == returns.count ? $0.cohorts : nil }
        for cohort in (own ?? ownCohorts()).values { Self.add(cohort, to: &cohorts) }
        return cohorts.values.sorted { $0.period < $1.period }
    }

    /// The cohorts of this partial's own starts, by period.
    ///
    /// - Complexity: O(S × N) for S start (user, period)s.
    private func ownCohorts() -> [Int64: RetentionCohort] {
        var cohorts: [Int64: RetentionCohort] = [:]
        let offsets = configuration.periods
        for key in starts {
            let period = Int32(bitPattern: UInt32(truncatingIfNeeded: key))
            var cohort = RetentionCohort(
                period: Int64(period), size: 1, retained: Array(repeating: 0, count: offsets + 1))
            for k in 0...offsets {
                guard let later = Int32(exactly: Int64(period) + Int64(k)) else { break }
                if returns.contains(key & 0xFFFF_FFFF_0000_0000 | UInt64(UInt32(bitPattern: later))) {
                    cohort.retained[k] = 1
                }
            }
            Self.add(cohort, to: &cohorts)
        }
        return cohorts
    }

    private static func add(_ cohort: RetentionCohort, to cohorts: inout [Int64: RetentionCohort]) {
        guard var existing = cohorts[cohort.period] else {
            cohorts[cohort.period] = cohort
            return
        }
        existing.size += cohort.size
        for k in existing.retained.indices { existing.retained[k] += cohort.retained[k] }
        cohorts[cohort.period] = existing
    }
}
