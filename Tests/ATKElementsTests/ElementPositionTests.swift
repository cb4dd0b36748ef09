import ATKElements
import Testing

@Suite struct ElementPositionTests {}

extension ElementPositionTests {
    @Test func takesACellsSectionAndRow() throws {
        #expect(try identity(homeProductCellChain).elementPosition == "0:3")
    }

    @Test func letsViewsInsideACellInheritIt() throws {
        let chain = [
            "UIButton|view|1|UILabel,UIButton",
            "UITableViewCellContentView|view|0|UITableViewCellContentView",
            "OrderCell|cell|0|OrderCell|3:12", "UITableView|view|0|UITableView", "UIView|view",
            "OrdersViewController|vc",
        ]
        let element = try identity(chain)
        #expect(element.elementPosition == "3:12")
        #expect(
            element.elementPath
                == "UIView/UITableView[0]/OrderCell[3][-]/UITableViewCellContentView[0]/UIButton[0]")
    }

    @Test func isAbsentOutsideCellsAndSegments() throws {
        let chain = ["UIButton|view|0|UIButton", "UIView|view", "HomeViewController|vc"] + appTail
        #expect(try identity(chain).elementPosition == nil)
    }

    @Test func countsSegmentsAmongSegmentSiblingsOnly() throws {
        let chain = [
            "UISegment|view|3|_UISegmentedControlBackgroundView,UISegment,UIImageView,UISegment",
            "UISegmentedControl|view|0|UISegmentedControl", "UIView|view", "HomeViewController|vc",
        ]
        let element = try identity(chain)
        #expect(element.elementPosition == "1")
        #expect(element.elementPath == "UIView/UISegmentedControl[0]/UISegment[-]")
    }

    @Test func usesTheSegmentIndexForATouchedSegmentsLabel() throws {
        let chain = [
            "UISegmentLabel|view|0|UISegmentLabel", "UISegment|view|0|UISegment,UISegment",
            "UISegmentedControl|view|0|UISegmentedControl", "UIView|view", "HomeViewController|vc",
        ]
        let element = try identity(chain)
        #expect(element.elementPosition == "0")
        #expect(element.elementPath == "UIView/UISegmentedControl[0]/UISegment[-]/UISegmentLabel[0]")
    }

    @Test func inheritsTheCellPositionAcrossAChildControllerInACell() throws {
        let chain =
            [
                "UIButton|view|0|UIButton", "UIView|view", "BannerViewController|vc",
                "UITableViewCellContentView|view|0|UITableViewCellContentView",
                "BannerCell|cell|0|BannerCell|2:0", "UITableView|view|0|UITableView", "UIView|view",
                "HomeViewController|vc",
            ] + appTail
        let element = try identity(chain)
        #expect(element.elementPosition == "2:0")
        #expect(element.elementPath == "UIView/UIButton[0]")
    }
}
