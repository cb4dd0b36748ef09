/// Counts for a first look at a dump: lines, events, users, time range, and per event name the
/// events and distinct users.
///
/// Memory grows with the distinct event names and users (the SDKs' 36-character UUID ids, 32 hex
/// digits and ids of up to 16 bytes in 16 bytes, other ids as text; 8 bytes per user for the
/// names it sent, among the first 64; a set entry per (event, user) pair beyond them), never with
/// events.
public struct StatsCollector: MergeableAnalysis {
    /// A malformed line kept as an example.
    public typealias MalformedExample = MalformedExamples.Example

    /// Lines that were JSON objects.
    public internal(set) var events = 0
    /// The first malformed lines.
    public var malformedExamples: [MalformedExample] { malformed.examples }
    /// Earliest and latest integer `time` at or after the SDKs' floor (2015-05-15, ms); earlier
    /// values (seconds, zero) would make the range meaningless and are validate's business.
    public internal(set) var firstTime: Int64?
    /// The latest such `time` (see ``firstTime``).
    public internal(set) var lastTime: Int64?
    /// Events without a string `event` (profile lines and broken ones).
    public internal(set) var eventsWithoutName = 0

    var malformed: MalformedExamples
    private let maxExamples: Int
    /// Users counted by partials merged into this one (their keys are disjoint from ours).
    var mergedUsers = 0
    /// Users whose ids have no ``CompactKey`` (longer than 16 bytes, not a UUID nor 32 hex
    /// digits), as text.
    var users = Interner(capacity: 4096)
    /// Users whose ids are of the SDKs' UUID form, 32 hex digits or of at most 16 bytes, as 16
    /// bytes each, with their word of name bits (as ``userNames`` has for the others): 24 bytes
    /// a user where the interner and the word took 45-61 for 11- to 36-byte ids.
    private var compactUsers = CompactKeyTable<UInt64>(capacity: 4096)
    var names = Interner(capacity: 64)
    var types = Interner(capacity: 16)
    var nameCounts: [Int] = []
    var nameUsers: [Int] = []
    var typeCounts: [Int] = []
    /// Per user of ``users`` (by id): which of the first 64 event names the user has sent, one bit
    /// each, so distinct users per name cost 8 bytes per user, not a set entry per (name, user)
    /// pair.
    private var userNames: [UInt64] = []
    /// The (name, user) pairs seen of names beyond the first 64.
    private var laterPairs = Set<UInt64>()

    /// - Parameter maxExamples: how many malformed lines to keep as examples.
    public init(maxExamples: Int = 10) {
        malformed = MalformedExamples(limit: maxExamples)
        self.maxExamples = maxExamples
    }

    /// Counts, a time range and sets of users: the same in any order, and no location read.
    public var visitsInAnyOrder: Bool { true }

    /// Stats reads the envelope alone: `type`, `time`, `distinct_id` and `event`.
    public var readsWholeEvents: Bool { false }

    /// An empty collector keeping as many examples.
    public func makePartial() -> StatsCollector { StatsCollector(maxExamples: maxExamples) }

    /// Adds `other`'s counts: names and types by their text, users by count (a user's events all
    /// reach one partial, so two partials never share a user, nor an (event, user) pair).
    ///
    /// - Complexity: O(distinct names and types of `other`).
    public mutating func merge(_ other: consuming StatsCollector) {
        events += other.events
        eventsWithoutName += other.eventsWithoutName
        if let time = other.firstTime { firstTime = min(firstTime ?? time, time) }
        if let time = other.lastTime { lastTime = max(lastTime ?? time, time) }
        malformed.merge(other.malformed)
        mergedUsers += other.userCount
        for (id, interned) in types.intern(contentsOf: other.types).enumerated() {
            let mine = Int(interned)
            if mine == typeCounts.count { typeCounts.append(0) }
            typeCounts[mine] += other.typeCounts[id]
        }
        for (id, interned) in names.intern(contentsOf: other.names).enumerated() {
            let mine = Int(interned)
            if mine == nameCounts.count {
                nameCounts.append(0)
                nameUsers.append(0)
            }
            nameCounts[mine] += other.nameCounts[id]
            nameUsers[mine] += other.nameUsers[id]
        }
    }

    /// Counts one event.
    ///
    /// - Complexity: O(1) amortized: one interner lookup each for its type, user and name.
    public mutating func visit(_ event: Event) {
        events += 1
        if let time = event.timeMilliseconds, time >= SDKLimits.timeFloor {
            firstTime = min(firstTime ?? time, time)
            lastTime = max(lastTime ?? time, time)
        }
        if let type = event.type, type.kind == .string {
            let id = Int(type.withUTF8 { types.internRepeating($0) })
            if id == typeCounts.count { typeCounts.append(0) }
            typeCounts[id] += 1
        }
        // An interner id (from 0), or -2 - the index among `compactUsers`; -1: no user.
        var user: Int32 = -1
        if let distinctId = event.distinctId, distinctId.kind == .string {
            user = distinctId.withUTF8 { bytes in
                if let index = compactUsers.index(of: bytes, inserting: 0) {
                    return -2 - Int32(truncatingIfNeeded: index)
                }
                return users.internRepeating(bytes)
            }
            if Int(user) == userNames.count { userNames.append(0) }
        }
        guard let name = event.event, name.kind == .string else {
            eventsWithoutName += 1
            return
        }
        let id = Int(name.withUTF8 { names.internRepeating($0) })
        if id == nameCounts.count {
            nameCounts.append(0)
            nameUsers.append(0)
        }
        nameCounts[id] += 1
        guard user != -1 else { return }
        if id < 64 {
            let bit: UInt64 = 1 << UInt64(id)
            if user >= 0 {
                if userNames[Int(user)] & bit == 0 {
                    userNames[Int(user)] |= bit
                    nameUsers[id] += 1
                }
            } else {
                let index = Int(-2 - user)
                if compactUsers[index] & bit == 0 {
                    compactUsers[index] |= bit
                    nameUsers[id] += 1
                }
            }
        } else if laterPairs.insert(UInt64(id) << 32 | UInt64(UInt32(bitPattern: user))).inserted {
            nameUsers[id] += 1
        }
    }

    /// Keeps a malformed line as an example while there is room.
    public mutating func visitMalformed(_ line: MalformedLine) {
        malformed.record(line)
    }

    /// Distinct string `distinct_id`s.
    public var userCount: Int { users.count + compactUsers.count + mergedUsers }

    /// Per event name: events and distinct users, most frequent first, then by name.
    public var eventRows: [(event: String, count: Int, users: Int)] {
        (0..<names.count).map { (names.string(Int32($0)), nameCounts[$0], nameUsers[$0]) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.event < $1.event }
    }

    /// Per `type`: events, most frequent first, then by type.
    public var typeRows: [(type: String, count: Int)] {
        (0..<types.count).map { (types.string(Int32($0)), typeCounts[$0]) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.type < $1.type }
    }
}
