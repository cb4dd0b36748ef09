/// Walks the collector's records, sorted per user by time, page view by page view, and counts
/// what ``ImpressionReport`` reports.
///
/// - Complexity: O(n log n) for the sort of n records, then O(n) expected; state is one page
///   view's keys, lists and batches at a time.
struct ImpressionEvaluator {
    /// A key's exposures in the current page view.
    private struct Exposed {
        var first: Int
        var lastTime: Int64
    }

    /// `Policy.buffer`: one element's current and previous exposure batch in the page view.
    /// Batches are a screenful of items, so small arrays beat sets.
    private struct Batches {
        var batch: Int32
        var lastTime: Int64
        var current: [Int32] = []
        var previous: [Int32] = []
    }

    private struct Finding {
        var kind: ImpressionReport.Finding
        var record: Int
        /// The page view's screen, or the element's outside page views.
        var screen: Int32
        var detail: String
    }

    private let collector: ImpressionCollector
    private let records: [ImpressionRecord]
    private var options: ImpressionOptions { collector.options }

    private var summary = ImpressionReport.Counts()
    private var byScreen: [Int32: ImpressionReport.Counts] = [:]
    private var byElement: [Int32: ImpressionReport.Counts] = [:]
    private var byValue: [Int32: ImpressionReport.Counts] = [:]
    private var keyExposures: [Int32]
    private var keyClicks: [Int32]
    /// Each key's first judged click and the screen it counts under (-1: none yet).
    private var keyFirstClick: [(record: Int32, screen: Int32)]
    private var findings: [Finding] = []
    private var outside = 0

    // The current page view.
    private var pageScreen: Int32 = -1
    private var inPageView = false
    private var exposed: [Int32: Exposed] = [:]
    private var rows: [Int32: [(row: Int32, record: Int)]] = [:]
    private var batches: [Int32: Batches] = [:]

    init(collector: ImpressionCollector, sorted records: [ImpressionRecord]) {
        self.collector = collector
        self.records = records
        keyExposures = Array(repeating: 0, count: collector.keys.count)
        keyClicks = keyExposures
        keyFirstClick = Array(repeating: (-1, -1), count: collector.keys.count)
    }

    mutating func run() -> ImpressionReport {
        var user: Int32 = -1
        for index in records.indices {
            let record = records[index]
            if record.user != user {
                endPageView()
                inPageView = false
                pageScreen = -1
                user = record.user
            }
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
        endPageView()
        return report()
    }

    /// The screen an event is counted under: its page view's, or its own outside page views.
    private func screen(of record: ImpressionRecord) -> Int32 {
        inPageView ? pageScreen : record.screen
    }

    private mutating func count(_ record: ImpressionRecord, screen: Int32, element: Bool = false,
                                _ change: (inout ImpressionReport.Counts) -> Void) {
        change(&summary)
        change(&byScreen[screen, default: .init()])
        if element { change(&byElement[record.element, default: .init()]) }
        if options.breakdownProperty != nil { change(&byValue[record.value, default: .init()]) }
    }

    private mutating func expose(_ index: Int) {
        let record = records[index]
        let screen = screen(of: record)
        if !inPageView { outside += 1 }
        count(record, screen: screen, element: true) { $0.exposures += 1 }
        keyExposures[Int(record.key)] += 1
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
            let first = previous.map { records[$0.first] }
            findings.append(Finding(kind: .duplicate, record: index, screen: screen,
                                    detail: first.map {
                                        "first exposed at line \($0.line), \(record.time.distance(from: $0.time)) ms earlier"
                                    } ?? ""))
        }
        exposed[record.key] = Exposed(first: previous?.first ?? index, lastTime: record.time)
        if record.list >= 0 { rows[record.list, default: []].append((record.row, index)) }
    }

    /// Whether the key was in the element's previous batch or already in the current one, after
    /// moving to a new batch when this exposure starts one.
    private mutating func buffered(_ record: ImpressionRecord) -> Bool {
        let gap = options.batchGapMilliseconds
        return Self.buffered(record, gap: gap, in: &batches[record.element, default: Batches(batch: record.batch, lastTime: record.time)])
    }

    private static func buffered(_ record: ImpressionRecord, gap: Int64, in state: inout Batches) -> Bool {
        let newBatch = record.batch >= 0 || state.batch >= 0
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
        guard record.element >= 0, collector.exposedElements[Int(record.element)] else { return }
        count(record, screen: screen, element: true) { $0.judgedClicks += 1 }
        keyClicks[Int(record.key)] += 1
        if keyFirstClick[Int(record.key)].record < 0 { keyFirstClick[Int(record.key)] = (Int32(index), screen) }
        if exposed[record.key] == nil {
            count(record, screen: screen, element: true) { $0.clicksWithoutExposure += 1 }
            findings.append(Finding(kind: .clickWithoutExposure, record: index, screen: screen,
                                    detail: "no earlier exposure of this item in the page view"))
        }
    }

    /// Counts the page view's index gaps and forgets its state.
    private mutating func endPageView() {
        for exposures in rows.values {
            // Each row's first exposure, by row.
            let sorted = exposures.sorted { $0.row != $1.row ? $0.row < $1.row : $0.record < $1.record }
            var previousRow: Int32?
            for exposure in sorted where exposure.row != previousRow {
                defer { previousRow = exposure.row }
                guard let low = previousRow, Int(exposure.row) - Int(low) > 1 else { continue }
                let gap = Int(exposure.row) - Int(low) - 1
                let record = records[exposure.record]
                let screen = inPageView ? pageScreen : record.screen
                count(record, screen: screen, element: true) { $0.indexGaps += gap }
                let missing = gap == 1 ? "row \(low + 1) is" : "rows \(low + 1)-\(exposure.row - 1) are"
                findings.append(Finding(kind: .indexGap, record: exposure.record, screen: screen,
                                        detail: "\(missing) missing between rows \(low) and \(exposure.row)"))
            }
        }
        exposed.removeAll(keepingCapacity: true)
        rows.removeAll(keepingCapacity: true)
        batches.removeAll(keepingCapacity: true)
    }

    private func report() -> ImpressionReport {
        var report = ImpressionReport(keyProperties: options.keyProperties)
        report.summary = summary
        report.users = collector.users.count
        report.skippedEvents = collector.skippedEvents
        report.eventsOutsidePageViews = outside
        report.byScreen = byScreen.map { ImpressionReport.ScreenRow(screen: screenName($0.key), counts: $0.value) }
            .sorted { Self.ordered($0.screen, $1.screen) }
        report.byElement = byElement.map { element, counts in
            let parts = collector.elementParts[Int(element)]
            return ImpressionReport.ElementRow(
                screen: screenName(parts.screen), elementPath: parts.path < 0 ? nil : collector.paths.string(parts.path),
                counts: counts)
        }.filter { $0.counts.exposures > 0 }.sorted {
            $0.screen != $1.screen ? Self.ordered($0.screen, $1.screen) : Self.ordered($0.elementPath, $1.elementPath)
        }
        report.byValue = byValue.map { ImpressionReport.ValueRow(value: $0.key < 0 ? nil : collector.values.string($0.key), counts: $0.value) }
            .sorted { Self.ordered($0.value, $1.value) }

        var allFindings = findings
        let above = keyClicks.indices.filter { keyClicks[$0] > keyExposures[$0] }
        report.keysAboveFullClickThroughCount = above.count
        let rows = above.map { key in
            ImpressionReport.KeyRow(key: collector.keyValues(Int32(key)), exposures: Int(keyExposures[key]), clicks: Int(keyClicks[key]))
        }
        report.keysAboveFullClickThrough = Array(rows.sorted(by: Self.byExcess).prefix(options.maxExamples))
        for key in above {
            let click = keyFirstClick[key]
            allFindings.append(Finding(kind: .clickThroughAbove100, record: Int(click.record), screen: click.screen,
                                       detail: "\(keyClicks[key]) clicks, \(keyExposures[key]) exposures in the input"))
        }
        report.screensAboveFullClickThrough = report.byScreen.filter { $0.counts.judgedClicks > $0.counts.exposures }.map(\.screen)

        for kind in ImpressionReport.Finding.allCases {
            let ofKind = allFindings.filter { $0.kind == kind }
            report.findingCounts[kind] = ofKind.count
            let first = ofKind.sorted { records[$0.record].sequence < records[$1.record].sequence }.prefix(options.maxExamples)
            report.examples += first.map { finding in
                let record = records[finding.record]
                return ImpressionReport.Example(
                    finding: kind, location: LineLocation(fileIndex: Int(record.file), line: Int(record.line)),
                    user: collector.users.string(record.user), screen: screenName(finding.screen),
                    key: collector.keyValues(record.key), detail: finding.detail)
            }
        }
        return report
    }

    private func screenName(_ id: Int32) -> String? {
        id < 0 ? nil : collector.screens.string(id)
    }

    /// Most clicks over exposures first, then by key.
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
    /// Sorts the records per user by time and evaluates every page view.
    ///
    /// - Complexity: O(n log n) in the records kept.
    public mutating func report() -> ImpressionReport {
        records.sort(by: ImpressionRecord.precedes)
        var evaluator = ImpressionEvaluator(collector: self, sorted: records)
        return evaluator.run()
    }
}
