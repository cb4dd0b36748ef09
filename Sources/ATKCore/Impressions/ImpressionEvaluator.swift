/// Walks the collector's records, per user by time, page view by page view, and counts what
/// ``ImpressionReport`` reports.
///
/// - Complexity: O(n) expected after the ordering; state is one page view's keys, lists and
///   batches at a time, and per finding kind the `maxExamples` first findings in input order.
struct ImpressionEvaluator {
    /// `Policy.buffer`: one element's current and previous exposure batch in the page view.
    ///
    /// Batches are a screenful of items, so small arrays beat sets.
    private struct Batches {
        var batch: Int32
        var lastTime: Int64
        var current: [Int32] = []
        var previous: [Int32] = []
    }

    /// A finding, 24 bytes: its detail is written only for the examples.
    private struct Finding {
        var record: Int
        /// Duplicates: the record of the key's first exposure in the page view (-1: none).
        ///
        /// Index gaps: the row below the gap.
        var other: Int
        /// The page view's screen, or the element's outside page views.
        var screen: Int32
        var kind: ImpressionReport.Finding
    }

    private let collector: ImpressionCollector
    private let records: ChunkedBuffer<ImpressionRecord>
    /// Record indices per user, each user's in input order.
    private let grouping: ImpressionCollector.Grouping
    /// The users (ids) this evaluator walks: whole users, so that the page-view state never
    /// spans two evaluators.
    private let walked: Range<Int>
    /// The user being walked.
    private var user: Int32 = -1
    /// The user being walked: their records' indices, in time order.
    private var run: [UInt32] = []
    /// ``timeOrder(_:_:end:of:pairs:into:)``'s times and indices of a user of few records.
    private var pairs: [(time: Int64, index: UInt32)] = []
    private var options: ImpressionOptions { collector.options }

    private var summary = ImpressionReport.Counts()
    /// Counts per screen, element and breakdown value, at the id + 1 (slot 0: none).
    ///
    /// The ids are dense: hashing each into a dictionary up to three times per exposure cost more
    /// than an array. A slot is in the report when a count in it is not zero (each count adds at
    /// least 1).
    private var byScreen: [ImpressionReport.Counts]
    private var byElement: [ImpressionReport.Counts]
    private var byValue: [ImpressionReport.Counts]
    private var keyExposures: [Int32]
    private var keyClicks: [Int32]
    /// Each key's first judged click, the screen it counts under and its user (-1: none yet).
    ///
    /// First by the user's first appearance (``ImpressionCollector/userFirstSeen``), then in the
    /// user's time order: the click a walk of the users in order of first appearance meets first,
    /// whatever order the users are walked in.
    private var keyFirstClick: [(record: Int32, screen: Int32, user: Int32)]
    /// Each key's first record in input order (-1: none yet): keys whose rows tie rank by it.
    private var keyFirstRecord: [Int32]
    /// The input position (``ImpressionRecord/position``) of each key's first record
    /// (`UInt64.max`: none yet): comparing it reads no other record.
    private var keyFirstPosition: [UInt64]
    /// Per finding kind: how many, and the first `maxExamples` in input order (up to twice as
    /// many between prunings).
    private var findingCounts: [Int]
    private var firstFindings: [[Finding]]
    private var outside = 0

    // The current page view.
    private var pageScreen: Int32 = -1
    private var inPageView = false
    private var exposed = PageViewKeys()
    /// The page view's exposures that are list rows, in walk order; ``endPageView()`` sorts them
    /// by list, row and record (one array kept from page view to page view, where a dictionary
    /// of lists made an array per list and page view).
    private var rows: [(list: Int32, row: Int32, record: Int)] = []
    private var batches: [Int32: Batches] = [:]

    init(collector: ImpressionCollector, grouping: ImpressionCollector.Grouping, walking walked: Range<Int>) {
        self.collector = collector
        records = collector.records
        self.grouping = grouping
        self.walked = walked
        findingCounts = Array(repeating: 0, count: ImpressionReport.Finding.allCases.count)
        firstFindings = Array(repeating: [], count: ImpressionReport.Finding.allCases.count)
        keyExposures = Array(repeating: 0, count: collector.keys.count)
        keyClicks = keyExposures
        keyFirstClick = Array(repeating: (-1, -1, -1), count: collector.keys.count)
        keyFirstRecord = Array(repeating: -1, count: collector.keys.count)
        keyFirstPosition = Array(repeating: .max, count: collector.keys.count)
        byScreen = Array(repeating: .init(), count: collector.screens.count + 1)
        byElement = Array(repeating: .init(), count: collector.elementParts.count + 1)
        byValue = Array(repeating: .init(), count: collector.values.count + 1)
    }

    /// Evaluates the users of `walked`, each by time; ``absorb(_:)`` then joins evaluators of
    /// consecutive parts.
    mutating func walk() {
        let end = Int(grouping.starts[walked.upperBound])
        for user in walked {
            let start = Int(grouping.starts[user]), next = Int(grouping.starts[user + 1])
            guard start < next else { continue }
            self.user = Int32(user)
            Self.timeOrder(grouping.order, start..<next, end: end, of: records, pairs: &pairs, into: &run)
            inPageView = false
            pageScreen = -1
            for index in run { step(Int(index)) }
            endPageView()
        }
    }

    /// `order[positions]` (one user's records, in input order) by time, ties in input order, as
    /// record indices in `run`.
    ///
    /// The records are read in the users' order, scattered over the input's: each is asked for
    /// some places before it is read (up to `end`, past this user). A user's records are read
    /// here once more than they are walked, then from the cache: ordering every user's records
    /// in a pass of its own read each twice from memory. Up to ``pairedRun`` records are ordered
    /// by their times and indices gathered in `pairs` (16 bytes each); a longer run (one device
    /// sending millions of events) by its indices alone, reading the times again, so that the
    /// walk needs 4 bytes per record of its largest user, not 16.
    ///
    /// - Complexity: O(k), or O(k log k) when the k records are not in time order already.
    static func timeOrder(
        _ order: [UInt32], _ positions: Range<Int>, end: Int, of records: ChunkedBuffer<ImpressionRecord>,
        pairs: inout [(time: Int64, index: UInt32)], into run: inout [UInt32]
    ) {
        run.removeAll(keepingCapacity: true)
        pairs.removeAll(keepingCapacity: true)
        let paired = positions.count <= pairedRun
        var inOrder = true
        var previous = Int64.min
        for position in positions {
            records.prefetch(after: position, in: order, before: end)
            let index = order[position]
            let time = records[Int(index)].time
            if time < previous { inOrder = false }
            previous = time
            if paired { pairs.append((time, index)) } else { run.append(index) }
        }
        if paired {
            if !inOrder { pairs.sort { $0.time != $1.time ? $0.time < $1.time : $0.index < $1.index } }
            for pair in pairs { run.append(pair.index) }
        } else if !inOrder {
            run.sort { a, b in
                let (timeA, timeB) = (records[Int(a)].time, records[Int(b)].time)
                return timeA != timeB ? timeA < timeB : a < b
            }
        }
    }

    /// The most records of one user ``timeOrder(_:_:end:of:pairs:into:)`` orders by gathered
    /// times (64 KiB of pairs).
    static var pairedRun: Int { 4096 }

    /// Evaluates one record, the user's next in time order.
    @inline(__always)
    private mutating func step(_ index: Int) {
        let record = records[index]
        switch record.kind {
        case .pageView:
            endPageView()
            inPageView = true
            pageScreen = record.screen
            count(record, screen: record.screen) { $0.pageViews += 1 }
        case .boundary:
            endPageView()
            inPageView = false
            pageScreen = -1
        case .exposure:
            expose(index)
        case .click:
            click(index)
        }
    }

    /// Adds what `other`, the evaluator of other users, found: the result is the one evaluator
    /// that walked both parts would have.
    ///
    /// Counts add; a key's first judged click is the one whose user appeared first; its first
    /// record and the examples kept are the first in input order.
    mutating func absorb(_ other: ImpressionEvaluator) {
        summary.add(other.summary)
        for slot in byScreen.indices { byScreen[slot].add(other.byScreen[slot]) }
        for slot in byElement.indices { byElement[slot].add(other.byElement[slot]) }
        for slot in byValue.indices { byValue[slot].add(other.byValue[slot]) }
        for key in keyExposures.indices {
            keyExposures[key] += other.keyExposures[key]
            keyClicks[key] += other.keyClicks[key]
            let theirs = other.keyFirstClick[key]
            if theirs.record >= 0 && appearsFirst(theirs.user, than: keyFirstClick[key].user) {
                keyFirstClick[key] = theirs
            }
            note(key: key, record: other.keyFirstRecord[key], position: other.keyFirstPosition[key])
        }
        for kind in findingCounts.indices {
            findingCounts[kind] += other.findingCounts[kind]
            for finding in other.firstFindings[kind] { keep(finding, kind: kind) }
        }
        outside += other.outside
    }

    /// The screen an event is counted under: its page view's, or its own outside page views.
    private func screen(of record: ImpressionRecord) -> Int32 {
        inPageView ? pageScreen : record.screen
    }

    private mutating func count(
        _ record: ImpressionRecord, screen: Int32, element: Bool = false,
        _ change: (inout ImpressionReport.Counts) -> Void
    ) {
        change(&summary)
        change(&byScreen[Int(screen) + 1])
        if element { change(&byElement[Int(record.element) + 1]) }
        if options.breakdownProperty != nil { change(&byValue[Int(record.value) + 1]) }
    }

    private mutating func expose(_ index: Int) {
        let record = records[index]
        let screen = screen(of: record)
        if !inPageView { outside += 1 }
        count(record, screen: screen, element: true) { $0.exposures += 1 }
        keyExposures[Int(record.key)] += 1
        noteKey(of: index, record)
        let previous = exposed[record.key]
        let duplicate: Bool
        switch options.policy {
        case .oncePerView:
            duplicate = previous != nil
        case .window:
            // Records are in time order; the gap is exact even between -2⁶³ and 2⁶³ - 1 ms.
            let window = UInt64(clamping: options.windowMilliseconds)
            duplicate = previous.map { record.time.distance(from: $0.lastTime) <= window } ?? false
        case .buffer:
            duplicate = buffered(record)
        }
        if duplicate {
            count(record, screen: screen, element: true) { $0.duplicates += 1 }
            add(Finding(record: index, other: previous?.first ?? -1, screen: screen, kind: .duplicate))
        }
        exposed.set(record.key, .init(first: previous?.first ?? index, lastTime: record.time))
        if record.list >= 0 { rows.append((record.list, record.row, index)) }
    }

    /// Whether the key was in the element's previous batch or already in the current one, after
    /// moving to a new batch when this exposure starts one.
    private mutating func buffered(_ record: ImpressionRecord) -> Bool {
        let gap = options.batchGapMilliseconds
        return Self.buffered(
            record, gap: gap, in: &batches[record.element, default: Batches(batch: record.batch, lastTime: record.time)]
        )
    }

    private static func buffered(_ record: ImpressionRecord, gap: Int64, in state: inout Batches) -> Bool {
        let newBatch =
            record.batch >= 0 || state.batch >= 0
            ? record.batch != state.batch
            : record.time.distance(from: state.lastTime) > UInt64(clamping: gap)
        if newBatch {
            swap(&state.previous, &state.current)
            state.current.removeAll(keepingCapacity: true)
            state.batch = record.batch
        }
        let duplicate = state.current.contains(record.key) || state.previous.contains(record.key)
        state.current.append(record.key)
        state.lastTime = record.time
        return duplicate
    }

    private mutating func click(_ index: Int) {
        let record = records[index]
        let screen = screen(of: record)
        if !inPageView { outside += 1 }
        count(record, screen: screen) { $0.clicks += 1 }
        noteKey(of: index, record)
        guard record.element >= 0, collector.exposedElements[Int(record.element)] else { return }
        count(record, screen: screen, element: true) { $0.judgedClicks += 1 }
        keyClicks[Int(record.key)] += 1
        if appearsFirst(user, than: keyFirstClick[Int(record.key)].user) {
            keyFirstClick[Int(record.key)] = (Int32(index), screen, user)
        }
        if exposed[record.key] == nil {
            count(record, screen: screen, element: true) { $0.clicksWithoutExposure += 1 }
            add(Finding(record: index, other: -1, screen: screen, kind: .clickWithoutExposure))
        }
    }

    /// Whether user `a` appeared before user `b` in the input (`b` -1: none, which any user
    /// precedes); a user does not precede itself, so a user's first judged click stays.
    private func appearsFirst(_ a: Int32, than b: Int32) -> Bool {
        b < 0 || (a != b && collector.userFirstSeen[Int(a)] < collector.userFirstSeen[Int(b)])
    }

    /// Keeps the record as its key's first if it comes first in input order.
    private mutating func noteKey(of index: Int, _ record: ImpressionRecord) {
        note(key: Int(record.key), record: Int32(index), position: record.position)
    }

    /// Keeps `record` at `position` as the key's first if it comes before the one kept: by input
    /// position, then (items of one batch event, all in one partial) by index.
    @inline(__always)
    private mutating func note(key: Int, record: Int32, position: UInt64) {
        let first = keyFirstPosition[key]
        if position < first || (position == first && record < keyFirstRecord[key]) {
            keyFirstPosition[key] = position
            keyFirstRecord[key] = record
        }
    }

    /// Whether record `a` comes before record `b` in the input: by position (file, then line),
    /// then (items of one batch event, all in one partial) by index, as ``note(key:record:position:)``
    /// orders a key's first record.
    private static func precedes(_ a: Int, _ b: Int, in records: ChunkedBuffer<ImpressionRecord>) -> Bool {
        (records[a].position, a) < (records[b].position, b)
    }

    /// Counts the page view's index gaps and forgets its state.
    ///
    /// A page view without list rows, keys or batches (every boundary, and page views that
    /// expose nothing) has nothing to sort or forget: emptying an empty array still costs a call
    /// to `replaceSubrange` (callgrind, 60,000 lines of the bench dump: the walk 27.4 M -> 24.2 M
    /// instructions).
    private mutating func endPageView() {
        if !rows.isEmpty { countIndexGaps() }
        if exposed.count > 0 { exposed.removeAll() }
        if !batches.isEmpty { batches.removeAll(keepingCapacity: true) }
    }

    /// Counts the index gaps of the page view's list rows, and forgets them.
    private mutating func countIndexGaps() {
        // Each list's rows in order, each row's first exposure first. Lists are taken in list id
        // order, which changes nothing: counts add, and findings are kept in input order.
        rows.sort { a, b in
            a.list != b.list ? a.list < b.list : a.row != b.row ? a.row < b.row : a.record < b.record
        }
        var previousList: Int32 = -1
        var previousRow: Int32?
        for exposure in rows {
            if exposure.list != previousList {
                previousList = exposure.list
                previousRow = nil
            }
            guard exposure.row != previousRow else { continue }
            let low = previousRow
            previousRow = exposure.row
            guard let low, Int(exposure.row) - Int(low) > 1 else { continue }
            let gap = Int(exposure.row) - Int(low) - 1
            let record = records[exposure.record]
            let screen = inPageView ? pageScreen : record.screen
            count(record, screen: screen, element: true) { $0.indexGaps += gap }
            add(Finding(record: exposure.record, other: Int(low), screen: screen, kind: .indexGap))
        }
        rows.removeAll(keepingCapacity: true)
    }

    /// Counts a finding and keeps it while it is among the first `maxExamples` of its kind.
    ///
    /// - Complexity: O(1) amortized (a sort of 2 × `maxExamples` findings every `maxExamples`).
    private mutating func add(_ finding: Finding) {
        let kind = ImpressionReport.Finding.allCases.firstIndex(of: finding.kind) ?? 0
        findingCounts[kind] += 1
        keep(finding, kind: kind)
    }

    /// Keeps a finding while it is among the first `maxExamples` of its kind.
    private mutating func keep(_ finding: Finding, kind: Int) {
        let limit = options.maxExamples
        guard limit > 0 else { return }
        firstFindings[kind].append(finding)
        if firstFindings[kind].count >= 2 * limit {
            let records = records
            firstFindings[kind].sort { Self.precedes($0.record, $1.record, in: records) }
            firstFindings[kind].removeLast(firstFindings[kind].count - limit)
        }
    }

    /// The ids (slot - 1) whose counts are not zero, with their counts.
    private static func counted(_ slots: [ImpressionReport.Counts]) -> [(id: Int32, counts: ImpressionReport.Counts)] {
        slots.indices.filter { slots[$0] != ImpressionReport.Counts() }.map { (Int32($0 - 1), slots[$0]) }
    }

    /// The text a finding's example shows.
    private func detail(_ finding: Finding) -> String {
        let record = records[finding.record]
        switch finding.kind {
        case .duplicate:
            guard finding.other >= 0 else { return "" }
            let first = records[finding.other]
            return "first exposed at line \(first.line), \(record.time.distance(from: first.time)) ms earlier"
        case .clickWithoutExposure:
            return "no earlier exposure of this item in the page view"
        case .indexGap:
            let low = finding.other
            let missing = Int(record.row) - low == 2 ? "row \(low + 1) is" : "rows \(low + 1)-\(record.row - 1) are"
            return "\(missing) missing between rows \(low) and \(record.row)"
        case .clickThroughAbove100:
            let key = Int(record.key)
            return "\(keyClicks[key]) clicks, \(keyExposures[key]) exposures in the input"
        }
    }

    mutating func report() -> ImpressionReport {
        var report = ImpressionReport(keyProperties: options.keyProperties)
        report.summary = summary
        report.users = collector.users.count
        report.skippedEvents = collector.skippedEvents
        report.eventsOutsidePageViews = outside
        report.byScreen = Self.counted(byScreen).map { ImpressionReport.ScreenRow(screen: screenName($0), counts: $1) }
            .sorted { Self.ordered($0.screen, $1.screen) }
        report.byElement = Self.counted(byElement).map { element, counts in
            let parts = collector.elementParts[Int(element)]
            return ImpressionReport.ElementRow(
                screen: screenName(parts.screen),
                elementPath: parts.path < 0 ? nil : collector.paths.string(parts.path),
                counts: counts)
        }.filter { $0.counts.exposures > 0 }.sorted {
            $0.screen != $1.screen ? Self.ordered($0.screen, $1.screen) : Self.ordered($0.elementPath, $1.elementPath)
        }
        report.byValue = Self.counted(byValue).map {
            ImpressionReport.ValueRow(value: $0 < 0 ? nil : collector.values.string($0), counts: $1)
        }
        .sorted { Self.ordered($0.value, $1.value) }

        let above = keyClicks.indices.filter { keyClicks[$0] > keyExposures[$0] }
        report.keysAboveFullClickThroughCount = above.count
        let rows = above.map { key in
            (
                key: key,
                row: ImpressionReport.KeyRow(
                    key: collector.keyValues(Int32(key)), exposures: Int(keyExposures[key]),
                    clicks: Int(keyClicks[key]))
            )
        }
        let ranked = rows.sorted { a, b in
            if Self.byExcess(a.row, b.row) { return true }
            if Self.byExcess(b.row, a.row) { return false }
            return Self.precedes(Int(keyFirstRecord[a.key]), Int(keyFirstRecord[b.key]), in: records)
        }
        report.keysAboveFullClickThrough = ranked.prefix(options.maxExamples).map(\.row)
        for key in above {
            let click = keyFirstClick[key]
            add(Finding(record: Int(click.record), other: -1, screen: click.screen, kind: .clickThroughAbove100))
        }
        report.screensAboveFullClickThrough = report.byScreen.filter { $0.counts.judgedClicks > $0.counts.exposures }
            .map(\.screen)

        for (index, kind) in ImpressionReport.Finding.allCases.enumerated() {
            report.findingCounts[kind] = findingCounts[index]
            let first = firstFindings[index].sorted { Self.precedes($0.record, $1.record, in: records) }
                .prefix(options.maxExamples)
            report.examples += first.map { finding in
                let record = records[finding.record]
                return ImpressionReport.Example(
                    finding: kind, location: LineLocation(fileIndex: record.file, line: Int(record.line)),
                    user: collector.users.string(record.user), screen: screenName(finding.screen),
                    key: collector.keyValues(record.key), detail: detail(finding))
            }
        }
        return report
    }

    private func screenName(_ id: Int32) -> String? {
        id < 0 ? nil : collector.screens.string(id)
    }

    /// Most clicks over exposures first, then by key (keys that read the same tie).
    private static func byExcess(_ a: ImpressionReport.KeyRow, _ b: ImpressionReport.KeyRow) -> Bool {
        let excessA = a.clicks - a.exposures, excessB = b.clicks - b.exposures
        if excessA != excessB { return excessA > excessB }
        let keyA: [String] = a.key.map { $0 ?? "" }, keyB: [String] = b.key.map { $0 ?? "" }
        return keyA.lexicographicallyPrecedes(keyB)
    }

    /// Ascending, nil last.
    private static func ordered(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (let a?, let b?): a < b
        case (nil, _): false
        case (_, nil): true
        }
    }
}

extension ImpressionCollector {
    /// Orders the records per user by time and evaluates every page view.
    ///
    /// - Complexity: O(n log n) in the records kept.
    ///
    /// - Parameter threads: evaluates parts of the users (whole users each, about as many
    ///   records) on up to this many threads at once; the report is the same for every count.
    public mutating func report(threads: Int = 1) -> ImpressionReport {
        report(threads: threads, minimumPart: 1 << 16)
    }

    /// ``report(threads:)`` with parts of at least `minimumPart` records (tests cut small reads).
    mutating func report(threads: Int, minimumPart: Int) -> ImpressionReport {
        let grouping = groupedOrder(threads: threads, minimumPiece: minimumPart)
        let parts = grouping.userParts(count: threads, minimum: minimumPart)
        let collector = self
        // One part (a small read, or one thread) is walked here, on this thread.
        let walked = ConcurrentWork.run(
            parts.map { part in
                {
                    var evaluator = ImpressionEvaluator(collector: collector, grouping: grouping, walking: part)
                    evaluator.walk()
                    return evaluator
                }
            }, threads: threads)
        var evaluator = walked[0]
        for next in walked.dropFirst() { evaluator.absorb(next) }
        return evaluator.report()
    }

    /// Record indices grouped by user: users in id order, each user's in input order.
    struct Grouping {
        /// Record indices, user after user.
        let order: [UInt32]
        /// Where each user's records start in `order`, by user id, and the end after the last
        /// user's.
        let starts: [UInt32]

        /// The users cut into at most `count` consecutive parts of about as many records (at
        /// least `minimum` each), as ranges of ids.
        func userParts(count: Int, minimum: Int) -> [Range<Int>] {
            let users = starts.count - 1
            let count = min(count, order.count / max(1, minimum))
            guard count > 1 else { return [0..<users] }
            var parts: [Range<Int>] = []
            var first = 0
            for part in 1..<count {
                // The first user whose records start at or after the part's share.
                let target = order.count * part / count
                var (low, high) = (first, users)
                while low < high {
                    let middle = (low + high) / 2
                    if Int(starts[middle]) < target { low = middle + 1 } else { high = middle }
                }
                if low > first && Int(starts[low]) < order.count {
                    parts.append(first..<low)
                    first = low
                }
            }
            parts.append(first..<users)
            return parts
        }
    }

    /// Record indices per user, users in id order, each user's in input order: a counting sort by
    /// user.
    ///
    /// The walk puts each user's records in time order (``ImpressionEvaluator/timeOrder(_:_:end:of:pairs:into:)``).
    /// The order of the users matters to nothing it counts or keeps (``ImpressionEvaluator``'s
    /// first judged click of a key goes by the users' first appearance), so after a merge, whose
    /// ids are no longer in order of first appearance, no user is ranked: ranking 600,000 users by
    /// a sort ran on one thread after the last line.
    ///
    /// With `threads` above 1 and at least `minimumPiece` records a thread, consecutive pieces of
    /// the records are counted and placed at the same time, each piece's records of a user after
    /// the pieces' before it: the order is the one-thread order (on the bench text it had taken
    /// `atk impressions --jobs 2` about 5 ms on one core after its last line).
    ///
    /// - Complexity: O(n + u × pieces); 4 bytes per record and 4 per user, and 8 per user and piece
    ///   (pieces are limited so that this is at most 4 bytes a record), where sorting the records
    ///   themselves would need half their size again.
    func groupedOrder(threads: Int = 1, minimumPiece: Int = 1 << 17) -> Grouping {
        let userCount = users.count
        // The records alone: a closure that read `self.records` would copy the whole collector.
        let records = records
        // Each piece counts its users in 4 bytes and places them with 4 more: no more pieces than
        // keep that within the order's own 4 bytes a record.
        let pieces = max(1, min(threads, records.count / max(1, minimumPiece), records.count / max(1, 2 * userCount)))
        let bounds = (0...pieces).map { records.count * $0 / pieces }
        // Each piece's records per user.
        var starts = ConcurrentWork.run(
            (0..<pieces).map { piece in
                {
                    var counts = [UInt32](repeating: 0, count: userCount)
                    counts.withUnsafeMutableBufferPointer { counts in
                        for index in bounds[piece]..<bounds[piece + 1] { counts[Int(records[index].user)] += 1 }
                    }
                    return counts
                }
            }, threads: threads)
        // Users in id order, each user's pieces in piece order: the counts become places.
        var userStarts = [UInt32](repeating: 0, count: userCount + 1)
        var place: UInt32 = 0
        for user in 0..<userCount {
            userStarts[user] = place
            for piece in 0..<pieces {
                let count = starts[piece][user]
                starts[piece][user] = place
                place += count
            }
        }
        userStarts[userCount] = place
        // Every place is written once, below: no zeros first.
        let order = [UInt32](unsafeUninitializedCapacity: records.count) { order, count in
            let order = order
            _ = ConcurrentWork.run(
                (0..<pieces).map { piece in
                    {
                        var next = starts[piece]
                        next.withUnsafeMutableBufferPointer { next in
                            for index in bounds[piece]..<bounds[piece + 1] {
                                let user = Int(records[index].user)
                                order[Int(next[user])] = UInt32(truncatingIfNeeded: index)
                                next[user] += 1
                            }
                        }
                    }
                }, threads: threads)
            count = records.count
        }
        return Grouping(order: order, starts: userStarts)
    }
}
