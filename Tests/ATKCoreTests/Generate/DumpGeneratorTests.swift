import Foundation
import Testing

@testable import ATKCore

@Suite("Generator and stats agree with the truth")
struct DumpGeneratorTests {
    private func generate(
        users: Int, seed: UInt64, faults: Double, gzip: Bool = false, in directory: TemporaryDirectory
    ) throws -> (path: String, truth: GeneratorTruth) {
        var options = GeneratorOptions()
        options.users = users
        options.seed = seed
        options.faultRate = faults
        let path = directory.path(gzip ? "dump.jsonl.gz" : "dump.jsonl")
        let truth = try DumpGenerator(options: options).generate(to: DumpWriter(path: path, gzip: gzip))
        return (path, truth)
    }

    @Test("users, days and start outside their ranges are clamped, so no time overflows")
    func clampedOptions() throws {
        var options = GeneratorOptions()
        options.users = -5
        options.days = Int.max
        options.start = .max
        var generator = DumpGenerator(options: options)
        #expect(generator.options.users == 0 && generator.options.days == GeneratorOptions.maximumDays)
        #expect(generator.options.start == TimeSyntax.instantRange.upperBound)
        options.users = 2
        options.days = -1
        options.start = .min
        generator = DumpGenerator(options: options)
        #expect(generator.options.days == 1 && generator.options.start == 0)
        let directory = try TemporaryDirectory()
        let path = directory.path("dump.jsonl")
        _ = try generator.generate(to: DumpWriter(path: path, gzip: false))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"time\":"))
    }

    @Test("the same seed gives the same bytes; another seed does not")
    func deterministic() throws {
        let directory = try TemporaryDirectory()
        let a = try generate(users: 30, seed: 9, faults: 0.05, in: directory)
        let first = try Data(contentsOf: URL(fileURLWithPath: a.path))
        let b = try generate(users: 30, seed: 9, faults: 0.05, in: directory)
        #expect(try Data(contentsOf: URL(fileURLWithPath: b.path)) == first)
        let c = try generate(users: 30, seed: 10, faults: 0.05, in: directory)
        #expect(try Data(contentsOf: URL(fileURLWithPath: c.path)) != first)
    }

    @Test("stats counts equal the truth exactly, for plain and gzip dumps with faults", arguments: [false, true])
    func statsMatchTruth(gzip: Bool) throws {
        let directory = try TemporaryDirectory()
        let (path, truth) = try generate(users: 80, seed: 4, faults: 0.05, gzip: gzip, in: directory)
        var stats = StatsCollector()
        let reports = DumpReader(sources: [.file(path)]).read(into: &stats)
        #expect(reports[0].error == nil)
        #expect(reports[0].isGzip == gzip)
        #expect(reports[0].lines == truth.lines)
        #expect(reports[0].malformedLines == truth.malformedLines)
        #expect(truth.malformedLines > 0)
        #expect(stats.events == truth.events)
        #expect(stats.userCount == truth.users.count)
        #expect(stats.firstTime == truth.firstTime)
        #expect(stats.lastTime == truth.lastTime)
        let expected = truth.eventCounts.keys.sorted().map {
            ($0, truth.eventCounts[$0] ?? 0, truth.eventUsers[$0]?.count ?? 0)
        }
        let actual = stats.eventRows.sorted { $0.event < $1.event }.map { ($0.event, $0.count, $0.users) }
        #expect(actual.map(\.0) == expected.map(\.0))
        #expect(actual.map(\.1) == expected.map(\.1))
        #expect(actual.map(\.2) == expected.map(\.2))
    }

    @Test("every malformed line the truth lists is one the reader reports, at the same line")
    func malformedLineNumbers() throws {
        let directory = try TemporaryDirectory()
        let (path, truth) = try generate(users: 60, seed: 5, faults: 0.08, in: directory)
        var visitor = RecordingVisitor()
        _ = DumpReader(sources: [.file(path)]).read(into: &visitor)
        #expect(visitor.malformed.map(\.line) == truth.ruleLines["json.malformed"]?.sorted())
    }

    @Test("a clean dump has no fault of any kind")
    func clean() throws {
        let directory = try TemporaryDirectory()
        let (_, truth) = try generate(users: 60, seed: 6, faults: 0, in: directory)
        #expect(truth.ruleLines.isEmpty)
        #expect(truth.faultLines.isEmpty && truth.unlinedFaults.isEmpty)
        #expect(
            truth.impressions.duplicates == 0 && truth.impressions.clicksWithoutExposure == 0
                && truth.impressions.indexGaps == 0)
        #expect(truth.invalidChains == 0 && truth.mismatches.values.allSatisfy { $0 == 0 })
        #expect(truth.conversions > 0 && truth.conversionsWithoutPath == 0)
        #expect(truth.impressions.exposures > 0 && truth.withChain > 0)
    }

    @Test("lines arrive roughly in time order, with a few late arrivals")
    func arrivalOrder() throws {
        let directory = try TemporaryDirectory()
        let (path, _) = try generate(users: 60, seed: 7, faults: 0, in: directory)
        var times: [Int64] = []
        struct Times: DumpVisitor {
            var times: [Int64] = []
            mutating func visit(_ event: Event) { if let t = event.timeMilliseconds { times.append(t) } }
            mutating func visitMalformed(_ line: MalformedLine) {}
        }
        var visitor = Times()
        _ = DumpReader(sources: [.file(path)]).read(into: &visitor)
        times = visitor.times
        let inversions = zip(times, times.dropFirst()).filter { $0 > $1 }.count
        #expect(inversions > 0)
        #expect(Double(inversions) < Double(times.count) * 0.2)
    }
}

@Suite("The generator's UI model follows the identifier rules")
struct UINodeTests {
    @Test("collection cell on a screen inside a navigation controller")
    func collectionCell() {
        let shown = ShopApp.build(.home, stack: [.home], rows: 6, appVersion: "2.4.0", legacyTable: false)
        ShopApp.show(2..<6, of: shown.cells, rotation: 1)
        let cell = shown.cells[3]
        #expect(cell.elementPath == "UIView/UICollectionView[0]/ProductCell[0][-]")
        #expect(cell.elementPosition == "0:3")
        #expect(cell.screenName == "HomeViewController")
        #expect(
            cell.responderChain == [
                "ProductCell|cell|0|ProductCell,ProductCell,ProductCell,ProductCell|0:3",
                "UICollectionView|view|3|UIImageView,UIButton,UIButton,UICollectionView", "UIView|view",
                "HomeViewController|vc|0|HomeViewController",
                "UINavigationController|vc|0|UINavigationController,UINavigationController,UINavigationController",
                "UITabBarController|vc", "UIWindow|window", "UIApplication|app", "AppDelegate|delegate",
            ])
        #expect(shown.favourites[3].elementPath == "UIView/UICollectionView[0]/ProductCell[0][-]/UIButton[0]")
        #expect(shown.favourites[3].elementPosition == "0:3")
        #expect(shown.seeAll?.elementPath == "UIView/UIButton[1]")
    }

    @Test("nested cells, a custom container, a segmented control, a legacy table wrapper")
    func otherScreens() {
        let discover = ShopApp.build(.discover, stack: [.discover], rows: 4, appVersion: "2.4.0", legacyTable: false)
        let product = discover.articleProducts[2][1]
        #expect(product.elementPath == "UIView/UITableView[0]/ArticleCell[0][2]/UICollectionView[0]/ProductCell[0][-]")
        #expect(product.elementPosition == "0:1")
        #expect(product.screenName == "DiscoverViewController")
        let detail = ShopApp.build(
            .productDetail, stack: [.home, .productDetail], rows: 0, appVersion: "2.3.0", legacyTable: false)
        #expect(detail.segments[2].elementPath == "UIView/UIScrollView[0]/UISegmentedControl[0]/UISegment[-]")
        #expect(detail.segments[2].elementPosition == "2")
        #expect(detail.addToCart?.elementPath == "UIView/UIView[0]/UIButton[0]")
        let newer = ShopApp.build(
            .productDetail, stack: [.home, .productDetail], rows: 0, appVersion: "2.4.0", legacyTable: false)
        #expect(newer.buyNow?.elementPath == "UIView/UIView[0]/UIStackView[0]/UIButton[1]")
        let list = ShopApp.build(
            .productList, stack: [.home, .productList], rows: 5, appVersion: "2.4.0", legacyTable: true)
        ShopApp.show(0..<5, of: list.cells, rotation: 0)
        #expect(list.cells[4].elementPath == "UIView/UITableView[0]/ProductTableCell[0][-]")
        #expect(list.cells[4].responderChain[1].hasPrefix("UITableViewWrapperView|view|0|UITableViewWrapperView"))
    }
}
