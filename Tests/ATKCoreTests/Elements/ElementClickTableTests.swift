import Testing

@testable import ATKCore

@Suite("Clicks per element")
struct ElementClickTableTests {
    private func cell(_ user: String, row: Int, content: String, recordedPath: String = ElementLines.cellPath) -> String
    {
        let chain = ElementLines.cellChain.replacingOccurrences(of: "|0:3", with: "|0:\(row)")
        return ElementLines.event(
            #""$screen_name":"HomeViewController","$element_path":"\#(recordedPath)","$element_position":"0:\#(row)","$element_content":"\#(content)""#,
            user: user, chain: chain)
    }

    private var lines: [String] {
        [
            cell("u1", row: 0, content: "A"), cell("u1", row: 0, content: "A"), cell("u2", row: 1, content: "A"),
            cell("u3", row: 2, content: "B", recordedPath: "Wrong/Path"),
            ElementLines.event(
                #""$screen_name":"CartViewController","$element_path":"UIView/UIButton[0]","$element_content":"结算""#,
                user: "u1", chain: ElementLines.buttonChain),
            ElementLines.event(
                #""$screen_name":"CartViewController","$element_path":"UIView/UIButton[0]","$element_content":"结算""#,
                user: "u2", chain: ElementLines.buttonChain),
            ElementLines.event(
                #""$element_content":"A""#, name: "$AppExposure", user: "u9", chain: ElementLines.cellChain),
            #"{"event":"$AppClick","properties":{"$screen_name":"S","$element_path":"P"}}"#,
        ]
    }

    @Test func groupsClicksWithDistinctUsersInAStableOrder() throws {
        var table = ElementClickTable()
        _ = try ElementLines.read(lines, into: &table)
        #expect(table.clicks == 7 && table.rebuiltClicks == 6 && table.groupCount == 4)
        let rows = table.rows().map {
            [$0.screenName, $0.elementPath, $0.elementContent, $0.elementPosition, "\($0.clicks)", "\($0.users)"]
        }
        #expect(
            rows == [
                ["HomeViewController", ElementLines.cellPath, "A", nil, "3", "2"],
                ["CartViewController", ElementLines.buttonPath, "结算", nil, "2", "2"],
                ["HomeViewController", ElementLines.cellPath, "B", nil, "1", "1"],
                ["S", "P", nil, nil, "1", "0"],
            ])
        #expect(table.rows(limit: 2).count == 2)
    }

    @Test func splitsListRowsByPosition() throws {
        var table = ElementClickTable(byPosition: true)
        _ = try ElementLines.read(lines, into: &table)
        #expect(
            table.rows().prefix(3).map { [$0.elementContent, $0.elementPosition, "\($0.clicks)"] }
                == [["结算", nil, "2"], ["A", "0:0", "2"], ["A", "0:1", "1"]])
    }

    @Test func keysOnRecordedIdentifiersWhenAsked() throws {
        var table = ElementClickTable(useRecordedIdentifiers: true)
        _ = try ElementLines.read(lines, into: &table)
        #expect(table.rebuiltClicks == 0)
        #expect(table.rows().contains { $0.elementPath == "Wrong/Path" && $0.clicks == 1 })
    }
}

@Suite("elements top merges exactly")
struct ElementClickTableMergeTests {
    private func summary(_ table: ElementClickTable) -> ExactText {
        ExactText(
            "\(table.events) \(table.clicks) \(table.rebuiltClicks) \(table.malformedLines) \(table.groupCount) "
                + "\(table.rows()) \(table.rows(limit: 2)) \(table.malformedExamples)")
    }

    private let prototypes = [
        ElementClickTable(), ElementClickTable(byPosition: true),
        ElementClickTable(byPosition: true, useRecordedIdentifiers: true),
    ]

    @Test("the hand-made lines, split over 1, 2, 3 and 7 partials")
    func handMade() {
        for prototype in prototypes { expectMergesExactly(ElementMergeLines.inputs, prototype: prototype, summary) }
    }

    @Test("generated dumps over several inputs")
    func generated() throws {
        let inputs = try generatedInputs(files: 3)
        for prototype in prototypes { expectMergesExactly(inputs, prototype: prototype, summary) }
    }

    @Test("partials written to bytes and read back merge exactly (atk dist)")
    func throughState() throws {
        let inputs = try generatedInputs(files: 3)
        for prototype in prototypes {
            try expectDistributesExactly(ElementMergeLines.inputs, prototype: prototype, summary)
            try expectDistributesExactly(inputs, prototype: prototype, summary)
        }
    }

    @Test("a truncated state throws instead of trapping")
    func truncatedState() throws {
        for prototype in prototypes {
            try expectTruncatedStatesThrow(LineFeed.feed(ElementMergeLines.inputs, partitions: 3, prototype: prototype))
        }
    }
}
