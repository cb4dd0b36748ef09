import Testing

@testable import ATKCore

@Suite("Elements that moved between versions")
struct ElementDriftFinderTests {
    /// A bar button in the hierarchy of iOS 10 or of later iOS (seed 004 §3.3.2: iOS 11 put
    /// bar buttons in a `_UIButtonBarStackView`).
    private func barButton(
        user: String = "u1", app: String, os: String, modern: Bool, type: String? = "UIButton", content: String = "分享"
    ) -> String {
        let chain =
            modern
            ? #"["UIButton|view|0|UIButton","_UIButtonBarStackView|view|0|_UIButtonBarStackView","UINavigationBar|view|1|UIView,UINavigationBar","UILayoutContainerView|view","UINavigationController|vc","UIWindow|window","UIApplication|app","AppDelegate|delegate"]"#
            : #"["UIButton|view|0|UIButton","UINavigationBar|view|1|UIView,UINavigationBar","UILayoutContainerView|view","UINavigationController|vc","UIWindow|window","UIApplication|app","AppDelegate|delegate"]"#
        let typeMember = type.map { #","$element_type":"\#($0)""# } ?? ""
        return ElementLines.event(
            #""$element_content":"\#(content)""# + typeMember, user: user, chain: chain, app: app, os: os)
    }

    private let oldPath = "UILayoutContainerView/UINavigationBar[0]/UIButton[0]"
    private let newPath = "UILayoutContainerView/UINavigationBar[0]/_UIButtonBarStackView[0]/UIButton[0]"

    private func find(_ lines: [String]) throws -> ElementDriftFinder {
        var finder = ElementDriftFinder()
        _ = try ElementLines.read(lines, into: &finder)
        return finder
    }

    @Test func reportsAnOSUpgradeWithinOneAppVersionOnceWhenLaterVersionsKeepIt() throws {
        let found = try find([
            barButton(app: "2.4.0", os: "16.7.2", modern: true), barButton(app: "2.4.0", os: "10.3.1", modern: false),
            barButton(app: "2.4.0", os: "11.0", modern: true),
        ]).drifts
        #expect(found.count == 1)
        let drift = try #require(found.first)
        #expect(
            drift.dimension == .osVersion && drift.appVersion == "2.4.0" && drift.screenName == "UINavigationController"
        )
        #expect(drift.elementContent == "分享" && drift.elementType == "UIButton")
        #expect(drift.paths.map(\.version) == ["10.3.1", "11.0", "16.7.2"])
        #expect(drift.paths.map(\.paths) == [[oldPath], [newPath], [newPath]])
        #expect(drift.changes == [.init(fromVersion: "10.3.1", toVersion: "11.0", oldPath: oldPath, newPath: newPath)])
    }

    @Test func attributesAMoveToTheAppReleaseNotToTheOSOfItsUsers() throws {
        // Old app on iOS 10 only, new app on iOS 17 only: the app moved the button.
        let found = try find([
            barButton(app: "2.3.0", os: "10.3.1", modern: false), barButton(app: "2.10.0", os: "17.5", modern: true),
        ]).drifts
        #expect(found.map(\.dimension) == [.appVersion])
        #expect(
            found.first?.changes == [
                .init(fromVersion: "2.3.0", toVersion: "2.10.0", oldPath: oldPath, newPath: newPath)
            ])
    }

    @Test func ignoresElementsWithAPathSharedByConsecutiveVersions() throws {
        // Two buttons with the same content, both clicked in both versions: no move.
        let finder = try find([
            barButton(app: "2.3.0", os: "17.5", modern: false), barButton(app: "2.3.0", os: "17.5", modern: true),
            barButton(app: "2.4.0", os: "17.5", modern: true), barButton(app: "2.4.0", os: "17.5", modern: false),
            barButton(app: "2.4.0", os: "17.5", modern: false, content: "收藏"),
        ])
        #expect(finder.drifts.isEmpty)
        #expect(finder.clicks == 5 && finder.skippedClicks == 0)
    }

    @Test func ordersVersionsNumericallyAndComparesOnlyNeighbours() throws {
        let found = try find([
            barButton(app: "2.9.0", os: "17.5", modern: false), barButton(app: "2.10.0", os: "17.5", modern: true),
            barButton(app: "2.11.0", os: "17.5", modern: false),
        ]).drifts
        #expect(found.first?.changes.map { "\($0.fromVersion)>\($0.toVersion)" } == ["2.9.0>2.10.0", "2.10.0>2.11.0"])
    }

    @Test func skipsClicksWithoutAnElementType() throws {
        let finder = try find([
            barButton(app: "2.3.0", os: "17.5", modern: false, type: nil),
            barButton(app: "2.4.0", os: "17.5", modern: true, type: nil),
            ElementLines.event(#""$element_type":"UIButton""#, name: "$AppExposure", chain: ElementLines.buttonChain),
        ])
        #expect(finder.drifts.isEmpty && finder.clicks == 2 && finder.skippedClicks == 2)
    }
}

@Suite("elements drift merges exactly")
struct ElementDriftFinderMergeTests {
    private func summary(_ finder: ElementDriftFinder) -> ExactText {
        ExactText(
            "\(finder.events) \(finder.clicks) \(finder.skippedClicks) \(finder.malformedLines) "
                + "\(finder.drifts) \(finder.malformedExamples)")
    }

    @Test("the hand-made lines, split over 1, 2, 3 and 7 partials")
    func handMade() {
        for recorded in [false, true] {
            expectMergesExactly(
                ElementMergeLines.inputs, prototype: ElementDriftFinder(useRecordedIdentifiers: recorded), summary)
        }
    }

    @Test("generated dumps over several inputs")
    func generated() throws {
        expectMergesExactly(try generatedInputs(files: 3), prototype: ElementDriftFinder(), summary)
    }

    @Test("partials written to bytes and read back merge exactly (atk dist)")
    func throughState() throws {
        for recorded in [false, true] {
            try expectDistributesExactly(
                ElementMergeLines.inputs, prototype: ElementDriftFinder(useRecordedIdentifiers: recorded), summary)
        }
        try expectDistributesExactly(try generatedInputs(files: 3), prototype: ElementDriftFinder(), summary)
    }

    @Test("a truncated state throws instead of trapping")
    func truncatedState() throws {
        let finder = LineFeed.feed(ElementMergeLines.inputs, partitions: 3, prototype: ElementDriftFinder())
        try expectTruncatedStatesThrow(finder)
    }
}
