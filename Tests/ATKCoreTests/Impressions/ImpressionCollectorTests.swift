import Testing

@testable import ATKCore

/// Lines of a small dump, written by hand.
private enum Line {
    static let list = "UIView/UITableView[0]/Cell[0][-]"

    static func view(_ time: Int64, _ screen: String = "Home", user: String = "u1") -> String {
        #"{"type":"track","event":"$AppViewScreen","time":\#(time),"distinct_id":"\#(user)","properties":{"$screen_name":"\#(screen)","$app_version":"2.\#(time % 2)"}}"#
    }

    static func session(_ event: String, _ time: Int64, user: String = "u1") -> String {
        #"{"type":"track","event":"\#(event)","time":\#(time),"distinct_id":"\#(user)","properties":{}}"#
    }

    static func element(
        _ event: String, _ time: Int64, row: Int?, item: String? = nil, user: String = "u1",
        screen: String = "Home", path: String = list, extra: String = ""
    ) -> String {
        var properties = #""$screen_name":"\#(screen)","$element_path":"\#(path)""#
        if let row { properties += #","$element_position":"0:\#(row)""# }
        if let item { properties += #","item_id":"\#(item)""# }
        properties += #","$app_version":"2.\#(time % 2)""# + extra
        return
            #"{"type":"track","event":"\#(event)","time":\#(time),"distinct_id":"\#(user)","properties":{\#(properties)}}"#
    }

    static func exposure(
        _ time: Int64, row: Int?, item: String? = nil, user: String = "u1", screen: String = "Home",
        path: String = list, extra: String = ""
    ) -> String {
        element("$AppExposure", time, row: row, item: item, user: user, screen: screen, path: path, extra: extra)
    }

    static func click(
        _ time: Int64, row: Int?, item: String? = nil, user: String = "u1", screen: String = "Home",
        path: String = list
    ) -> String {
        element("$AppClick", time, row: row, item: item, user: user, screen: screen, path: path)
    }
}

/// Evaluates `lines` as one dump file.
private func evaluate(_ lines: [String], _ configure: (inout ImpressionOptions) -> Void = { _ in }) throws
    -> ImpressionReport
{
    var options = ImpressionOptions()
    configure(&options)
    let directory = try TemporaryDirectory()
    let path = try directory.write("dump.jsonl", lines.joined(separator: "\n") + "\n")
    var collector = ImpressionCollector(options: options)
    _ = DumpReader(sources: [.file(path)]).read(into: &collector)
    return collector.report()
}

@Suite("Impressions: duplicate policies")
struct ImpressionPolicyTests {
    @Test("once-per-view: every repeat of a key in a page view counts once; a new page view starts over")
    func oncePerView() throws {
        let report = try evaluate([
            Line.view(1000), Line.exposure(1100, row: 0, item: "A"), Line.exposure(1200, row: 0, item: "A"),
            Line.exposure(9000, row: 0, item: "A"), Line.exposure(9100, row: 1, item: "B"),
            Line.view(10_000), Line.exposure(10_100, row: 0, item: "A"),
        ])
        #expect(report.summary.exposures == 5)
        #expect(report.summary.duplicates == 2)
        #expect(report.summary.pageViews == 2)
        let duplicates = report.examples.filter { $0.finding == .duplicate }
        #expect(duplicates.map(\.location.line) == [3, 4])
        #expect(duplicates.first?.detail == "first exposed at line 2, 100 ms earlier")
        #expect(duplicates.first?.key == ["Home", Line.list, "0:0", "A"])
    }

    @Test("window: only re-exposures within the window of the key's previous exposure count")
    func window() throws {
        let lines = [
            Line.view(0), Line.exposure(1000, row: 0, item: "A"), Line.exposure(1500, row: 0, item: "A"),
            Line.exposure(3000, row: 0, item: "A"), Line.exposure(3900, row: 0, item: "A"),
            Line.exposure(4901, row: 0, item: "A"),
        ]
        let oneSecond = try evaluate(lines) { $0.policy = .window }
        #expect(oneSecond.summary.duplicates == 2)
        #expect(oneSecond.examples.filter { $0.finding == .duplicate }.map(\.location.line) == [3, 5])
        let exact = try evaluate(lines) {
            $0.policy = .window; $0.windowMilliseconds = 1001
        }
        #expect(exact.summary.duplicates == 3)
        #expect(try evaluate(lines).summary.duplicates == 4)
    }

    @Test("buffer: a repeat counts only when the key was in the element's previous batch (or its current one)")
    func buffer() throws {
        // Batches share a timestamp: {0,1,2} at 100, {1,2,3} at 200, {0} at 300, {0,0} at 400.
        let lines =
            [Line.view(0)]
            + [0, 1, 2].map { (row: Int) in Line.exposure(100, row: row, item: "P\(row)") }
            + [1, 2, 3].map { (row: Int) in Line.exposure(200, row: row, item: "P\(row)") }
            + [Line.exposure(300, row: 0, item: "P0")]
            + [Line.exposure(400, row: 0, item: "P0"), Line.exposure(400, row: 0, item: "P0")]
            + [Line.exposure(500, row: 0, item: "P0", path: "UIView/UICollectionView[0]/Other[0][-]")]
        let buffer = try evaluate(lines) { $0.policy = .buffer }
        // 1 and 2 (in the previous batch), the first 0 at 400 (previous batch {0}), the second (same batch).
        #expect(buffer.summary.duplicates == 4)
        #expect(buffer.examples.filter { $0.finding == .duplicate }.map(\.location.line) == [5, 6, 9, 10])
        let once = try evaluate(lines)
        #expect(once.summary.duplicates == 5, "\(once.examples.map { ($0.location.line, $0.key) })")

        // With a 150 ms batch gap, 100 and 200 are one batch: 1 and 2 repeat inside it.
        let gap = try evaluate(Array(lines.prefix(7))) {
            $0.policy = .buffer; $0.batchGapMilliseconds = 150
        }
        #expect(gap.summary.duplicates == 2)
    }

    @Test("buffer: a batch event is one batch; items of the next batch event that were in it repeat")
    func bufferBatchEvents() throws {
        let batch = { (time: Int64, items: String) in
            Line.exposure(time, row: nil, path: "UIView/UICollectionView[0]", extra: #","product_ids":[\#(items)]"#)
        }
        let lines = [Line.view(0), batch(100, #""A","B""#), batch(100, #""B","C""#), batch(200, #""A""#)]
        let report = try evaluate(lines) {
            $0.policy = .buffer; $0.itemsProperty = "product_ids"
        }
        #expect(report.summary.exposures == 5)
        #expect(report.summary.duplicates == 1)
    }
}

@Suite("Impressions: page views, order and identifiers")
struct ImpressionPageViewTests {
    @Test("page views end at the next $AppViewScreen, $AppEnd or $AppStart; events outside still count")
    func boundaries() throws {
        let report = try evaluate([
            Line.session("$AppStart", 0), Line.view(100),
            Line.exposure(200, row: 0, item: "A"), Line.session("$AppEnd", 300),
            Line.exposure(400, row: 0, item: "A"), Line.session("$AppStart", 500),
            Line.exposure(600, row: 0, item: "A"), Line.click(700, row: 1, item: "B"),
            Line.view(800, "List"), Line.click(900, row: 0, item: "A"),
            Line.exposure(1000, row: 0, item: "A", user: "u2"),
        ])
        #expect(report.summary.pageViews == 2)
        #expect(report.summary.exposures == 4)
        #expect(report.summary.duplicates == 0)
        #expect(report.summary.clicksWithoutExposure == 2)
        #expect(report.eventsOutsidePageViews == 4)
        let clicks = report.examples.filter { $0.finding == .clickWithoutExposure }
        #expect(clicks.map(\.location.line) == [8, 10])
        #expect(clicks.map(\.screen) == ["Home", "List"])
        #expect(report.byScreen.map(\.screen) == ["Home", "List"])
        #expect(report.byScreen.map(\.counts.pageViews) == [1, 1])
    }

    @Test("the dump need not be sorted: events are ordered per user by time")
    func unsorted() throws {
        let sorted = [
            Line.view(100), Line.exposure(200, row: 0, item: "A"), Line.exposure(300, row: 2, item: "C"),
            Line.click(400, row: 0, item: "A"), Line.exposure(450, row: 0, item: "A"), Line.view(500),
            Line.click(600, row: 2, item: "C"), Line.view(100, user: "u2"),
            Line.exposure(150, row: 0, item: "A", user: "u2"),
        ]
        let shuffled = [
            sorted[6], sorted[4], sorted[8], sorted[3], sorted[1], sorted[5], sorted[2], sorted[7], sorted[0],
        ]
        let a = try evaluate(sorted), b = try evaluate(shuffled)
        #expect(a.summary == b.summary)
        #expect(a.summary.duplicates == 1)
        #expect(a.summary.clicksWithoutExposure == 1)
        #expect(a.summary.indexGaps == 1)
        #expect(a.summary.pageViews == 3)
        #expect(b.examples.first { $0.finding == .clickWithoutExposure }?.location.line == 1)
    }

    @Test("a click before its item's exposure in the same page view is still without exposure")
    func clickBeforeExposure() throws {
        let report = try evaluate([
            Line.view(0), Line.click(100, row: 0, item: "A"), Line.exposure(200, row: 0, item: "A"),
        ])
        #expect(report.summary.clicksWithoutExposure == 1)
        #expect(report.summary.judgedClicks == 1)
        // The same millisecond: input order decides.
        let same = try evaluate([
            Line.view(0), Line.exposure(100, row: 0, item: "A"), Line.click(100, row: 0, item: "A"),
        ])
        #expect(same.summary.clicksWithoutExposure == 0)
    }

    @Test("clicks on elements never exposed anywhere (buttons) are counted but not judged")
    func unexposedElements() throws {
        let report = try evaluate([
            Line.view(0), Line.click(100, row: nil, path: "UIView/UIButton[0]"), Line.click(200, row: 3, item: "Z"),
            Line.exposure(300, row: 0, item: "A", user: "u2"),
        ])
        #expect(report.summary.clicks == 2)
        #expect(report.summary.judgedClicks == 1)
        #expect(report.summary.clicksWithoutExposure == 1)
    }

    @Test("identifiers are rebuilt from a valid $responder_chain; --recorded-identifiers keys on the recorded ones")
    func rebuiltVersusRecorded() throws {
        let chain =
            #","$responder_chain":["ProductCell|cell|2|ProductCell,ProductCell,ProductCell,ProductCell|0:3","UICollectionView|view|1|UIImageView,UICollectionView","UIView|view","HomeViewController|vc","UINavigationController|vc","UIWindow|window","UIApplication|app","AppDelegate|delegate"]"#
        let lines = [
            Line.view(0, "HomeViewController"),
            Line.exposure(
                100, row: 3, item: "A", screen: "HomeViewController",
                path: "UIView/UICollectionView[0]/ProductCell[0][-]", extra: chain),
            Line.exposure(
                200, row: 3, item: "A", screen: "HomeViewController",
                path: "UILayoutContainerView/UIView/UICollectionView[0]/ProductCell[0][-]", extra: chain),
        ]
        let rebuilt = try evaluate(lines)
        #expect(rebuilt.summary.duplicates == 1)
        #expect(rebuilt.byElement.map(\.elementPath) == ["UIView/UICollectionView[0]/ProductCell[0][-]"])
        let recorded = try evaluate(lines) { $0.useRecordedIdentifiers = true }
        #expect(recorded.summary.duplicates == 0)
        #expect(recorded.byElement.count == 2)
    }

    @Test("--key replaces the item key")
    func customKey() throws {
        let lines = [Line.view(0), Line.exposure(100, row: 0, item: "A"), Line.exposure(200, row: 5, item: "A")]
        #expect(try evaluate(lines).summary.duplicates == 0)
        let byItem = try evaluate(lines) { $0.keyProperties = ["item_id"] }
        #expect(byItem.summary.duplicates == 1)
        #expect(byItem.examples.first?.key == ["A"])
    }

    @Test("events without a string distinct_id or an integer time are skipped and counted")
    func skipped() throws {
        let report = try evaluate([
            Line.view(0), #"{"type":"track","event":"$AppExposure","time":5,"properties":{}}"#,
            #"{"type":"track","event":"$AppExposure","time":"5","distinct_id":"u1","properties":{}}"#, "not json",
            #"{"type":"track","event":"ProductView","time":5,"properties":{}}"#,
        ])
        #expect(report.skippedEvents == 2)
        #expect(report.summary.exposures == 0)
    }
}

@Suite("Impressions: event names")
struct ImpressionEventNameTests {
    @Test("each event name is classified by its bytes: near names, escaped names and many names in turn")
    func names() throws {
        // Names one byte apart share the remembered places' first words; an escaped name is
        // its decoded text; 40 other names pass through the 16 places between them.
        var lines: [String] = []
        var time: Int64 = 1000
        func next() -> Int64 {
            time += 100
            return time
        }
        for round in 0..<3 {
            lines.append(Line.view(next()))
            lines.append(Line.session("$AppViewScreem", next()))  // not a page view
            lines.append(Line.exposure(next(), row: round, item: "A\(round)"))
            lines.append(Line.element("$AppExposurf", next(), row: round, item: "B\(round)"))  // not an exposure
            lines.append(Line.element("\\u0024AppExposure", next(), row: round + 10, item: "C\(round)"))
            lines.append(Line.click(next(), row: round, item: "A\(round)"))
            lines.append(Line.element("$AppClickX", next(), row: round, item: "A\(round)"))  // not a click
            lines += (0..<40).map { Line.session("Custom\($0)", next()) }
        }
        let report = try evaluate(lines)
        #expect(report.summary.pageViews == 3)
        #expect(report.summary.exposures == 6)
        #expect(report.summary.clicks == 3)
    }
}

@Suite("Impressions: index gaps, batches, click-through, breakdown")
struct ImpressionListTests {
    @Test("index gaps: each row skipped between the lowest and highest exposed row of a list, per page view")
    func indexGaps() throws {
        let report = try evaluate([
            Line.view(0), Line.exposure(1, row: 0), Line.exposure(2, row: 1), Line.exposure(3, row: 3),
            Line.exposure(4, row: 3), Line.exposure(5, row: 7),
            // Another list and another section are separate lists.
            Line.exposure(6, row: 2, path: "UIView/UICollectionView[0]/Cell[0][-]"),
            Line.element("$AppExposure", 7, row: nil, extra: #","$element_position":"1:9""#),
            // Not a list: no rows.
            Line.exposure(8, row: 9, path: "UIView/UIButton[0]"),
            Line.view(10), Line.exposure(11, row: 5),
        ])
        #expect(report.summary.indexGaps == 4)
        let gaps = report.examples.filter { $0.finding == .indexGap }
        #expect(gaps.map(\.location.line) == [4, 6])
        #expect(
            gaps.map(\.detail) == [
                "row 2 is missing between rows 1 and 3", "rows 4-6 are missing between rows 3 and 7",
            ])
    }

    @Test("batch exposures: each item of --items-property is one exposure, --index-property gives rows")
    func batchExposures() throws {
        let batch = { (time: Int64, items: String, indexes: String) in
            Line.exposure(
                time, row: nil, path: "UIView/UICollectionView[0]",
                extra: #","product_ids":[\#(items)],"indexes":[\#(indexes)]"#)
        }
        let report = try evaluate([
            Line.view(0), batch(100, #""P1","P2","P4""#, "1,2,4"), batch(200, #""P2""#, #""2""#),
            Line.click(300, row: nil, item: "P3", path: "UIView/UICollectionView[0]"),
        ]) {
            $0.itemsProperty = "product_ids"; $0.indexProperty = "indexes"
        }
        #expect(report.summary.exposures == 4)
        #expect(report.summary.duplicates == 1)
        #expect(report.summary.indexGaps == 1)
        #expect(report.summary.clicksWithoutExposure == 1)
        #expect(
            report.examples.first { $0.finding == .duplicate }?.key == [
                "Home", "UIView/UICollectionView[0]", "2", "P2",
            ])
    }

    @Test("batch indexes that are not rows (negative, too large, not numbers) give no row and no gap")
    func badIndexes() throws {
        let report = try evaluate([
            Line.view(0),
            Line.exposure(
                100, row: nil, path: "L",
                extra: #","ids":["a","b","c","d","e"],"at":[-2147483648,2147483647,"x",1.5,3]"#),
            Line.exposure(200, row: nil, path: "L", extra: #","ids":["f","g"],"at":[1]"#),
        ]) {
            $0.itemsProperty = "ids"; $0.indexProperty = "at"
        }
        #expect(report.summary.exposures == 7)
        #expect(report.summary.indexGaps == 1)
    }

    @Test("click-through above 100% per item over the input, and per screen")
    func clickThrough() throws {
        let report = try evaluate([
            Line.view(0), Line.exposure(100, row: 0, item: "A"), Line.click(200, row: 0, item: "A"),
            Line.view(300), Line.click(400, row: 0, item: "A"),
            Line.view(500, "List"), Line.exposure(600, row: 0, item: "B", screen: "List"),
            Line.click(700, row: 0, item: "B", screen: "List"),
        ])
        #expect(report.keysAboveFullClickThroughCount == 1)
        #expect(
            report.keysAboveFullClickThrough == [
                ImpressionReport.KeyRow(key: ["Home", Line.list, "0:0", "A"], exposures: 1, clicks: 2)
            ])
        #expect(report.screensAboveFullClickThrough == ["Home"])
        let example = report.examples.first { $0.finding == .clickThroughAbove100 }
        #expect(example?.location.line == 3 && example?.detail == "2 clicks, 1 exposures in the input")
    }

    @Test("--breakdown splits the counts by the events' own values")
    func breakdown() throws {
        let report = try evaluate([
            Line.view(0), Line.exposure(1, row: 0, item: "A"), Line.exposure(3, row: 0, item: "A"),
            Line.exposure(4, row: 1, item: "B"),
        ]) { $0.breakdownProperty = "$app_version" }
        #expect(report.byValue.map(\.value) == ["2.0", "2.1"])
        #expect(report.byValue.map(\.counts.exposures) == [1, 2])
        #expect(report.byValue.map(\.counts.duplicates) == [0, 1])
        #expect(report.byValue.map(\.counts.pageViews) == [1, 0])
    }

    @Test("rates: duplicates over exposures; missing over the exposures that should exist")
    func rates() {
        var counts = ImpressionReport.Counts()
        #expect(counts.duplicateRate == nil && counts.missingRate == nil)
        counts.exposures = 10
        counts.duplicates = 2
        counts.clicksWithoutExposure = 1
        counts.indexGaps = 1
        #expect(counts.duplicateRate == 0.2)
        #expect(counts.missingRate == 0.2)
    }

    @Test("positions: iOS section:row and Android row")
    func positions() {
        #expect(ImpressionCollector.position("0:12")! == (0, 12))
        #expect(ImpressionCollector.position("7")! == (0, 7))
        #expect(ImpressionCollector.position("a:1") == nil && ImpressionCollector.position("") == nil)
    }
}

@Suite("Impressions: times at the ends of 64 bits")
struct ImpressionExtremeTimeTests {
    @Test(
        "two exposures 2⁶³ ms apart and more: far apart under every policy, the gap reported exactly",
        arguments: ImpressionOptions.Policy.allCases)
    func farApart(_ policy: ImpressionOptions.Policy) throws {
        let lines = [
            Line.exposure(Int64.min, row: 0, item: "A"), Line.exposure(1_788_248_827_115, row: 0, item: "A"),
            Line.exposure(Int64.max, row: 0, item: "A"),
        ]
        let report = try evaluate(lines) { options in
            options.policy = policy
            options.windowMilliseconds = TimeSpan.maximum
            options.batchGapMilliseconds = TimeSpan.maximum
        }
        #expect(report.summary.exposures == 3)
        // A window of 9·10¹⁸ ms is shorter than either gap; once per view and the buffer (each
        // exposure a batch of its own, the key in the previous one) count both repeats.
        #expect(report.summary.duplicates == (policy == .window ? 0 : 2))
        if policy == .oncePerView {
            let details = report.examples.filter { $0.finding == .duplicate }.map(\.detail)
            #expect(
                details == [
                    "first exposed at line 1, 9223373825103602923 ms earlier",
                    "first exposed at line 1, 18446744073709551615 ms earlier",
                ])
        }
    }
}

@Suite("Impressions: memory")
struct ImpressionRecordTests {
    @Test("a kept event costs 48 bytes, as Docs/impressions.md says")
    func recordSize() {
        #expect(MemoryLayout<ImpressionRecord>.stride == 48)
    }
}
