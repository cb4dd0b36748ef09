import Testing

@testable import ATKCore

@Suite("Verifying recorded identifiers against rebuilt ones")
struct ElementVerifierTests {
    private let cellFields =
        #""$screen_name":"HomeViewController","$element_path":"UIView/UICollectionView[0]/ProductCell[0][-]","$element_position":"0:3""#

    @Test func countsMismatchesAndMissingFieldsPerField() throws {
        let lines = [
            ElementLines.event(cellFields, chain: ElementLines.cellChain),
            ElementLines.event(
                #""$screen_name":"HomeViewController","$element_path":"UILayoutContainerView/UIView","$element_position":"0:4""#,
                chain: ElementLines.cellChain),
            ElementLines.event(
                #""$screen_name":"HomeViewController","$element_position":"0:3""#, chain: ElementLines.cellChain),
            ElementLines.event(
                #""$screen_name":"CartViewController","$element_path":"UIView/UIButton[0]""#,
                chain: ElementLines.buttonChain),
            ElementLines.event(#""$screen_name":"HomeViewController""#, name: "$AppViewScreen"),
        ]
        var verifier = ElementVerifier()
        _ = try ElementLines.read(lines, into: &verifier)
        #expect(verifier.events == 5 && verifier.withChain == 4 && verifier.invalidChains == 0)
        #expect(verifier.mismatches == [1, 1, 0])
        #expect(verifier.missing == [1, 0, 0])
        #expect(verifier.eventsWithDifferences == 2)
        #expect(verifier.hasFindings)
        #expect(verifier.differenceExamples.map(\.location.line) == [2, 2, 3])
        #expect(
            verifier.differenceExamples.first
                == .init(
                    location: LineLocation(fileIndex: 0, line: 2), field: .elementPath, comparison: .mismatch,
                    recorded: "UILayoutContainerView/UIView", rebuilt: ElementLines.cellPath))
    }

    @Test func acceptsTheCustomContainerAsTheScreenAndFlagsItsChild() throws {
        let fields = #""$element_path":"UIView/UITableView[0]/ArticleCell[0][-]","$element_position":"0:0""#
        let lines = [
            ElementLines.event(
                #""$screen_name":"DiscoverViewController","# + fields, chain: ElementLines.containerChain),
            ElementLines.event(
                #""$screen_name":"ArticleViewController","# + fields, chain: ElementLines.containerChain),
        ]
        var verifier = ElementVerifier()
        _ = try ElementLines.read(lines, into: &verifier)
        #expect(verifier.mismatches == [0, 0, 1])
        #expect(
            verifier.commonPairs(.screenName, limit: 5)
                == [
                    .init(
                        field: .screenName, recorded: "ArticleViewController", rebuilt: "DiscoverViewController",
                        events: 1)
                ])
    }

    @Test func reportsInvalidChainsWithTheirLineAndGoesOn() throws {
        let lines = [
            ElementLines.event(cellFields, chain: #"["ProductCell|cell|2|ProductCell,ProductCell|0:3","UIView|view"]"#),
            ElementLines.event(cellFields, chain: #"["UIButton|view|0|UILabel","UIView|view"]"#),
            ElementLines.event(cellFields, chain: #"["UIButton|widget","UIView|view"]"#),
            ElementLines.event(cellFields, chain: #"[1,2]"#),
            ElementLines.event(cellFields, chain: #""UIButton|view""#),
            #"{"event":"$AppClick","properties":{"$responder_chain":["#,
            ElementLines.event(cellFields, chain: ElementLines.cellChain),
        ]
        var verifier = ElementVerifier()
        _ = try ElementLines.read(lines, into: &verifier)
        #expect(verifier.withChain == 6 && verifier.invalidChains == 5 && verifier.malformedLines == 1)
        #expect(verifier.invalidChainExamples.map(\.location.line) == [1, 2, 3, 4, 5])
        #expect(verifier.invalidChainExamples.map(\.reason).allSatisfy { !$0.isEmpty })
        #expect(verifier.invalidChainExamples[3].reason == "$responder_chain entry 0 is a number, not a string")
        #expect(verifier.malformedExamples.map(\.location.line) == [6])
        #expect(verifier.mismatches == [0, 0, 0] && verifier.missing == [0, 0, 0])
        #expect(verifier.hasFindings)
    }

    @Test func ranksPairsAndBreaksDownByVersion() throws {
        let wrong =
            #""$screen_name":"HomeViewController","$element_path":"UIView/UICollectionView[0]/ProductCell[0][-]","$element_position":"#
        let lines = [
            ElementLines.event(wrong + #""0:4""#, chain: ElementLines.cellChain, app: "2.10.0"),
            ElementLines.event(wrong + #""0:4""#, chain: ElementLines.cellChain, app: "2.9.0"),
            ElementLines.event(wrong + #""0:5""#, chain: ElementLines.cellChain, app: "2.9.0", lib: "4.8.0"),
            ElementLines.event(wrong + #""0:3""#, chain: ElementLines.cellChain, app: "2.9.0"),
            #"{"distinct_id":"u","event":"$AppClick","properties":{"$responder_chain":\#(ElementLines.buttonChain)}}"#,
        ]
        var verifier = ElementVerifier(maxExamples: 1)
        _ = try ElementLines.read(lines, into: &verifier)
        #expect(
            verifier.commonPairs(.elementPosition, limit: 5).map { [$0.recorded, $0.rebuilt, "\($0.events)"] }
                == [["0:4", "0:3", "2"], ["0:5", "0:3", "1"]])
        #expect(verifier.commonPairs(.elementPosition, limit: 1).count == 1)
        #expect(verifier.commonPairs(.elementPath, limit: 5).map(\.recorded) == [nil])
        #expect(verifier.differenceExamples.count == 1)
        #expect(verifier.appVersionRows.map(\.version) == ["2.9.0", "2.10.0", nil])
        #expect(verifier.appVersionRows.map(\.withChain) == [3, 1, 1])
        #expect(verifier.appVersionRows.map(\.eventsWithDifferences) == [2, 1, 1])
        #expect(verifier.libVersionRows.map(\.version) == ["4.8.0", "4.9.1", nil])
        #expect(verifier.libVersionRows.map { $0.mismatches[ElementField.elementPosition.rawValue] } == [1, 2, 0])
        #expect(verifier.libVersionRows.map { $0.missing.reduce(0, +) } == [0, 0, 2])
    }

    @Test func findsNothingWhenEveryIdentifierAgrees() throws {
        var verifier = ElementVerifier()
        _ = try ElementLines.read([ElementLines.event(cellFields, chain: ElementLines.cellChain)], into: &verifier)
        #expect(verifier.withChain == 1 && !verifier.hasFindings)
    }
}

@Suite("elements verify merges exactly")
struct ElementVerifierMergeTests {
    private func summary(_ v: ElementVerifier) -> ExactText {
        let pairs = ElementField.allCases.map { v.commonPairs($0, limit: 100) }
        return ExactText(
            "\(v.events) \(v.withChain) \(v.invalidChains) \(v.eventsWithDifferences) \(v.malformedLines) "
                + "\(v.mismatches) \(v.missing) \(v.hasFindings) \(pairs) \(v.libVersionRows) \(v.appVersionRows) "
                + "\(v.invalidChainExamples) \(v.differenceExamples) \(v.malformedExamples)")
    }

    @Test("the hand-made lines, examples capped, split over 1, 2, 3 and 7 partials")
    func handMade() {
        for maxExamples in [0, 3, 1000] {
            expectMergesExactly(ElementMergeLines.inputs, prototype: ElementVerifier(maxExamples: maxExamples), summary)
        }
    }

    @Test("generated dumps over several inputs")
    func generated() throws {
        expectMergesExactly(try generatedInputs(files: 3), prototype: ElementVerifier(maxExamples: 4), summary)
    }

    @Test("partials written to bytes and read back merge exactly (atk dist)")
    func throughState() throws {
        for maxExamples in [0, 3, 1000] {
            try expectDistributesExactly(
                ElementMergeLines.inputs, prototype: ElementVerifier(maxExamples: maxExamples), summary)
        }
        try expectDistributesExactly(try generatedInputs(files: 3), prototype: ElementVerifier(maxExamples: 4), summary)
    }

    @Test("a resolver that empties its chain cache, renumbering the chains, changes nothing")
    func renumberedChains() throws {
        for inputs in [ElementMergeLines.inputs, try generatedInputs(files: 3)] {
            let expected = summary(LineFeed.feed(inputs, partitions: 1, prototype: ElementVerifier(maxExamples: 1000)))
            for limit in [1, 2, 7] {
                var prototype = ElementVerifier(maxExamples: 1000)
                prototype.chainCacheLimit = limit
                #expect(prototype.makePartial().chainCacheLimit == limit)
                let verifier = LineFeed.feed(inputs, partitions: 1, prototype: prototype)
                // Compared apart: a summary is long.
                let same = summary(verifier) == expected
                #expect(same, "chain cache limit \(limit)")
            }
        }
    }

    @Test("a truncated state throws instead of trapping")
    func truncatedState() throws {
        let prototype = ElementVerifier(maxExamples: 3)
        let verifier = LineFeed.feed(ElementMergeLines.inputs, partitions: 3, prototype: prototype)
        try expectTruncatedStatesThrow(verifier)
    }
}
