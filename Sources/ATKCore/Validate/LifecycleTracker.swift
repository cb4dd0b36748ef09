/// The autotrack lifecycle rules, per `distinct_id` on events ordered by `time`: sessions
/// without `$AppEnd`, orphan `$AppEnd`s, durations that disagree with their session, and page
/// views of background launches.
///
/// Dumps are not in time order (late batches), so events are only noted while reading and
/// judged at the end. Only lifecycle events are noted (`$AppStart`, `$AppEnd`,
/// `$AppStartPassively`, `$AppViewScreen`, `AppCrashed`, `$AppCrashed`), each as a 40-byte
/// record (time, duration, line, user, breakdown value, kind), never the event: memory grows by
/// 40 bytes per lifecycle event plus each distinct user id once.
struct LifecycleTracker {
    enum Kind: UInt8 {
        case start, end, passiveStart, view, crash, dollarCrash

        var eventName: String {
            switch self {
            case .start: "$AppStart"
            case .end: "$AppEnd"
            case .passiveStart: "$AppStartPassively"
            case .view: "$AppViewScreen"
            case .crash: "AppCrashed"
            case .dollarCrash: "$AppCrashed"
            }
        }

        /// The kind of an event name, nil for events the lifecycle ignores.
        static func of(_ name: String) -> Kind? {
            [Kind.start, .end, .passiveStart, .view, .crash, .dollarCrash].first { $0.eventName == name }
        }
    }

    struct Record {
        var time: Int64
        /// Seconds, NaN when the event has none.
        var duration: Double
        /// File index << 40 | line.
        var place: UInt64
        var user: Int32
        var breakdown: Int32
        var kind: Kind

        var location: LineLocation { LineLocation(fileIndex: Int(place >> 40), line: Int(place & 0xFF_FFFF_FFFF)) }
    }

    /// Every user of ``records`` and ``parts``.
    var users = Interner(capacity: 4096)
    /// The events this tracker noted or decoded, and those of merged trackers when the merge
    /// could not keep them apart (``parts``).
    var records: [Record] = []
    /// Grouped records taken over from merged trackers, kept apart.
    ///
    /// No part shares a user with another part or with ``records``, so each is judged on its
    /// own and a merge of partials (users disjoint by routing) copies no record. Appending them
    /// to ``records``, each user id rewritten, was most of `atk validate --jobs 2`'s time on one
    /// core after its last line (a new array's page faults, the copy).
    var parts: [Part] = []
    let durationTolerance: Int64
    /// Whether ``records`` are in the order ``finish(into:)`` judges them in.
    ///
    /// That is grouped by user, each user's by (time, place). Set by ``group()``, kept by a merge
    /// of grouped trackers that share no user, lost by ``note(_:user:time:duration:at:breakdown:)``.
    var isGrouped = false

    /// Records of another tracker, grouped, with their user ids as they were there.
    struct Part {
        var records: [Record]
        /// What turns the part's user ids into this tracker's (``LifecycleTracker/users``): the
        /// merge appended the part's users after the users before them.
        var userBase: Int32
    }

    /// - Parameter durationTolerance: ms `$AppEnd`'s duration may differ from its session's length.
    init(durationTolerance: Int64) {
        self.durationTolerance = durationTolerance
    }

    /// Notes one lifecycle event.
    ///
    /// - Complexity: O(length of the user id) expected.
    mutating func note(
        _ kind: Kind, user: JSONNode, time: Int64, duration: Double, at location: LineLocation, breakdown: Int32
    ) {
        // A part's user may note again (not in a parallel read, where a partial notes nothing
        // after its merges): its records join this one's.
        if !parts.isEmpty { absorbParts() }
        let id = user.withUTF8 { users.internRepeating($0) }
        isGrouped = false
        records.append(
            Record(
                time: time, duration: duration, place: UInt64(location.fileIndex) << 40 | UInt64(location.line),
                user: id, breakdown: breakdown, kind: kind))
    }

    /// Orders ``records`` by (user, time, place), once (``parts`` are grouped): a partial does it
    /// on its own worker
    /// (``DumpValidator/prepareForMerge()``), and merged partials whose users differ stay grouped
    /// by user, each user's in order, which is all ``finish(into:)`` needs (the order of the users
    /// does not matter: findings are sorted by line).
    ///
    /// User ids are dense, so the records are put in user order by counting, each user's in the
    /// order they were noted; a user's records, noted in input order and mostly in time order,
    /// are then sorted only where they are not already in (time, place) order. Sorting every
    /// record by the three keys took six times as long.
    ///
    /// - Complexity: O(n + users) when each user's events came in time order, O(n log n) at
    ///   worst; O(1) once grouped.
    mutating func group() {
        guard !isGrouped else { return }
        isGrouped = true
        guard records.count > 1 else { return }
        // starts[u] is where user u's records begin; `next` advances as they are placed. Through
        // the buffers: the three passes are the whole of the work, and checked subscripts were
        // half of it.
        let userCount = users.count
        var starts = [Int](repeating: 0, count: userCount + 1)
        var grouped = records.withUnsafeBufferPointer { records in
            starts.withUnsafeMutableBufferPointer { starts in
                for record in records { starts[Int(record.user) &+ 1] &+= 1 }
                for user in 0..<userCount { starts[user &+ 1] &+= starts[user] }
            }
            var next = starts
            return next.withUnsafeMutableBufferPointer { next in
                [Record](unsafeUninitializedCapacity: records.count) { buffer, count in
                    for record in records {
                        let user = Int(record.user)
                        buffer.initializeElement(at: next[user], to: record)
                        next[user] &+= 1
                    }
                    count = records.count
                }
            }
        }
        func precedes(_ a: Record, _ b: Record) -> Bool { (a.time, a.place) < (b.time, b.place) }
        grouped.withUnsafeMutableBufferPointer { grouped in
            starts.withUnsafeBufferPointer { starts in
                for user in 0..<userCount where starts[user &+ 1] &- starts[user] > 1 {
                    let range = starts[user]..<starts[user &+ 1]
                    if !range.dropFirst().allSatisfy({ !precedes(grouped[$0], grouped[$0 &- 1]) }) {
                        var run = UnsafeMutableBufferPointer(rebasing: grouped[range])
                        run.sort(by: precedes)
                    }
                }
            }
        }
        records = grouped
    }

    /// Orders each user's events by time and reports what they show.
    ///
    /// - Complexity: ``group()``'s, then O(n) (and O(f log f) in the f findings).
    mutating func finish(into findings: inout ValidationFindings) {
        group()
        var found: [Finding] = []
        Self.judge(records, tolerance: durationTolerance, into: &found)
        for part in parts { Self.judge(part.records, tolerance: durationTolerance, into: &found) }
        found.sort { ($0.record.place, $0.rule.rawValue) < ($1.record.place, $1.rule.rawValue) }
        for finding in found {
            let record = finding.record
            findings.reportLater(finding.rule.index, at: record.location, breakdownValue: record.breakdown) {
                ValidationExample(
                    location: record.location, event: record.kind.eventName, value: value(record),
                    message: message(finding.rule, record, finding.related))
            }
        }
    }

    /// A rule broken by `record`, with the earlier record it is judged against.
    private struct Finding {
        var rule: BuiltInRule
        var record: Record
        var related: Record?
    }

    /// Judges `records`, grouped by user (each user's in time order), into `found`.
    private static func judge(_ records: [Record], tolerance: Int64, into found: inout [Finding]) {
        var index = 0
        while index < records.count {
            let user = records[index].user
            var openStart = -1
            var crash = -1
            var lastEnd = -1
            var passive = -1
            /// The finding of `rule` at record `at`, judged against record `related` (-1: none).
            func finding(_ rule: BuiltInRule, _ at: Int, _ related: Int) -> Finding {
                Finding(rule: rule, record: records[at], related: related >= 0 ? records[related] : nil)
            }
            while index < records.count && records[index].user == user {
                let record = records[index]
                switch record.kind {
                case .start:
                    if openStart >= 0 {
                        found.append(
                            crash >= 0
                                ? finding(.lifecycleMissingAppEnd, crash, openStart)
                                : finding(.lifecycleMissingAppEnd, index, openStart))
                    }
                    openStart = index
                    crash = -1
                    passive = -1
                case .crash, .dollarCrash:
                    if openStart >= 0 && crash < 0 { crash = index }
                case .end:
                    if openStart < 0 {
                        found.append(finding(.lifecycleOrphanAppEnd, index, lastEnd))
                    } else if !record.duration.isNaN {
                        // Clamped, though validate notes only 13-digit times, whose differences fit.
                        let elapsed = record.time.subtractingClamped(records[openStart].time)
                        let stated = record.duration * 1000
                        if !(abs(stated - Double(elapsed)) <= Double(tolerance)) {
                            found.append(finding(.lifecycleDurationMismatch, index, openStart))
                        }
                    }
                    openStart = -1
                    crash = -1
                    lastEnd = index
                case .passiveStart:
                    passive = index
                case .view:
                    if passive >= 0 { found.append(finding(.lifecyclePassivePageView, index, passive)) }
                }
                index += 1
            }
            // A session still open at the end of the dump is flagged only when it crashed.
            if openStart >= 0 && crash >= 0 { found.append(finding(.lifecycleMissingAppEnd, crash, openStart)) }
        }
    }

    private func value(_ record: Record) -> String? {
        record.duration.isNaN ? nil : "event_duration \(Self.seconds(record.duration))"
    }

    private func message(_ rule: BuiltInRule, _ record: Record, _ other: Record?) -> String {
        let at =
            other.map { other in
                let earlier = TimeSyntax.describe(record.time.subtractingClamped(other.time))
                return
                    "the \(other.kind.eventName) at \(Self.place(other.location, from: record.location)) (\(earlier) earlier)"
            } ?? ""
        switch rule {
        case .lifecycleMissingAppEnd where record.kind == .start:
            return "the session begun by \(at) has no $AppEnd before this $AppStart"
        case .lifecycleMissingAppEnd:
            return "the session begun by \(at) crashed and has no $AppEnd"
        case .lifecycleOrphanAppEnd:
            return other == nil
                ? "$AppEnd with no $AppStart before it"
                : "$AppEnd with no open session (the last one was closed by \(at))"
        case .lifecycleDurationMismatch:
            return
                "event_duration \(Self.seconds(record.duration)) s, but the session began with \(at) (tolerance \(TimeSyntax.describe(durationTolerance)))"
        default:
            return "$AppViewScreen after \(at), with no $AppStart between: a background launch counted as a page view"
        }
    }

    static func place(_ location: LineLocation, from here: LineLocation) -> String {
        location.fileIndex == here.fileIndex
            ? "line \(location.line)" : "input \(location.fileIndex + 1) line \(location.line)"
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
