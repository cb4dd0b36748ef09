import ATKElements
import Testing

@Suite struct ElementPathTests {}

extension ElementPathTests {
    @Test func rebuildsTheSpecExample() throws {
        let element = try identity(homeProductCellChain)
        #expect(element.elementPath == "UIView/UICollectionView[0]/ProductCell[0][-]")
    }

    @Test func givesTheRootViewNoIndexEvenWhenTheEntryHasOne() throws {
        let chain = ["UIButton|view|0|UIButton", "UIView|view|0|UIView", "HomeViewController|vc"]
        #expect(try identity(chain).elementPath == "UIView/UIButton[0]")
    }

    /// Seed 004 §3.2.1.3-3.2.1.4: the page's subviews before and after
    /// `exchangeSubviewAtIndex:1 withSubviewAtIndex:2`.
    @Test(arguments: [
        (
            ["CustomButton", "CustomButton", "UILabel"],
            ["CustomButton[0]", "CustomButton[1]", "UILabel[0]"]
        ),
        (
            ["CustomButton", "UILabel", "CustomButton"],
            ["CustomButton[0]", "UILabel[0]", "CustomButton[1]"]
        ),
    ])
    func indexesSameClassSiblingsOnly(subviews: [String], segments: [String]) throws {
        for (position, className) in subviews.enumerated() {
            let chain =
                [
                    "\(className)|view|\(position)|\(subviews.joined(separator: ","))", "UIView|view",
                    "AutoTrackViewController|vc", "UINavigationController|vc",
                ] + appTail
            let element = try identity(chain)
            #expect(element.elementPath == "UIView/\(segments[position])")
            #expect(
                element.responderPath
                    == "UINavigationController/AutoTrackViewController/UIView/\(segments[position])")
        }
    }

    @Test func keepsTheSameSegmentsWhenOnlyOtherClassesMove() throws {
        let before = try identity(
            [
                "CustomButton|view|1|CustomButton,CustomButton,UILabel", "UIView|view",
                "AutoTrackViewController|vc",
            ])
        let after = try identity(
            [
                "CustomButton|view|2|CustomButton,UILabel,CustomButton", "UIView|view",
                "AutoTrackViewController|vc",
            ])
        #expect(before.elementPath == "UIView/CustomButton[1]")
        #expect(after.elementPath == before.elementPath)
    }

    @Test func nestsViewsInsideAScrollView() throws {
        let chain = [
            "UIButton|view|2|UIImageView,UILabel,UIButton", "UIScrollView|view|0|UIScrollView,UIView",
            "UIView|view", "ElementViewController|vc",
        ]
        #expect(try identity(chain).elementPath == "UIView/UIScrollView[0]/UIButton[0]")
    }

    /// Seed 004 §3.3.2: iOS 13 and iOS 10 build a bar button item differently.
    @Test func followsTheBarButtonHierarchyOfEachIOSVersion() throws {
        let iOS13 = try identity(
            [
                "_UIButtonBarButton|view|0|_UIButtonBarButton",
                "_UIButtonBarStackView|view|0|_UIButtonBarStackView,_UIButtonBarStackView",
                "_UINavigationBarContentView|view|1|_UIBarBackground,_UINavigationBarContentView",
                "UINavigationBar|view|1|UINavigationTransitionView,UINavigationBar",
                "UILayoutContainerView|view", "UINavigationController|vc",
            ] + appTail)
        #expect(
            iOS13.elementPath
                == "UILayoutContainerView/UINavigationBar[0]/_UINavigationBarContentView[0]/_UIButtonBarStackView[0]/_UIButtonBarButton[0]"
        )
        let iOS10 = try identity(
            [
                "UINavigationButton|view|2|_UIBarBackground,UINavigationItemView,UINavigationButton",
                "UINavigationBar|view|1|UINavigationTransitionView,UINavigationBar",
                "UILayoutContainerView|view", "UINavigationController|vc",
            ] + appTail)
        #expect(iOS10.elementPath == "UILayoutContainerView/UINavigationBar[0]/UINavigationButton[0]")
        #expect(iOS10.elementPath != iOS13.elementPath)
    }

    @Test func givesOnlyTheInnermostOfNestedCellsTheWildcard() throws {
        let chain =
            [
                "ItemCell|cell|1|ItemCell,ItemCell,ItemCell|0:4",
                "UICollectionView|view|0|UICollectionView",
                "UITableViewCellContentView|view|1|_UISystemBackgroundView,UITableViewCellContentView",
                "ShelfCell|cell|2|ShelfCell,ShelfCell,ShelfCell|1:2",
                "UITableView|view|0|UITableView", "UIView|view", "HomeViewController|vc",
            ] + appTail
        let element = try identity(chain)
        #expect(
            element.elementPath
                == "UIView/UITableView[0]/ShelfCell[1][2]/UITableViewCellContentView[0]/UICollectionView[0]/ItemCell[0][-]"
        )
        #expect(element.elementPosition == "0:4")
    }

    @Test func givesTheInnermostCellTheWildcardWhenAViewInsideItIsTouched() throws {
        let chain = [
            "UILabel|view|1|UIImageView,UILabel", "UIView|view|0|UIView",
            "ItemCell|cell|0|ItemCell|0:4",
            "UICollectionView|view|0|UICollectionView",
            "UITableViewCellContentView|view|0|UITableViewCellContentView",
            "ShelfCell|cell|0|ShelfCell|1:2",
            "UITableView|view|0|UITableView", "UIView|view", "HomeViewController|vc",
        ]
        let element = try identity(chain)
        #expect(
            element.elementPath
                == "UIView/UITableView[0]/ShelfCell[1][2]/UITableViewCellContentView[0]/UICollectionView[0]/ItemCell[0][-]/UIView[0]/UILabel[0]"
        )
        #expect(element.elementPosition == "0:4")
    }

    @Test func skipsTheTableViewWrapperView() throws {
        let chain = [
            "UITableViewCell|cell|1|UITableViewCell,UITableViewCell|0:1",
            "UITableViewWrapperView|view|0|UITableViewWrapperView,UIImageView",
            "UITableView|view|0|UITableView", "UIView|view", "ListViewController|vc",
        ]
        let element = try identity(chain)
        #expect(element.elementPath == "UIView/UITableView[0]/UITableViewCell[0][-]")
        #expect(
            element.responderPath == "ListViewController/UIView/UITableView[0]/UITableViewCell[0][-]")
    }

    @Test(arguments: ["UIFieldEditor", "_UISearchBarFieldEditor"])
    func skipsFieldEditors(editor: String) throws {
        let chain = [
            "\(editor)|view|1|_UITextFieldRoundedRectBackgroundViewNeue,\(editor)",
            "UITextField|view|0|UITextField", "UIView|view", "SearchViewController|vc",
        ]
        #expect(try identity(chain).elementPath == "UIView/UITextField[0]")
    }

    @Test func givesASegmentTheWildcard() throws {
        let chain = [
            "UISegment|view|3|UIImageView,UISegment,UISegment,UISegment",
            "UISegmentedControl|view|1|UILabel,UISegmentedControl",
            "UIScrollView|view|0|UIScrollView", "UIView|view", "SettingsViewController|vc",
        ]
        let element = try identity(chain)
        #expect(element.elementPath == "UIView/UIScrollView[0]/UISegmentedControl[0]/UISegment[-]")
        #expect(element.elementPosition == "2")
    }

    @Test func keepsASegmentInACellTheOnlyWildcard() throws {
        let chain = [
            "UISegment|view|1|UISegment,UISegment", "UISegmentedControl|view|0|UISegmentedControl",
            "UITableViewCellContentView|view|0|UITableViewCellContentView",
            "FilterCell|cell|0|FilterCell|0:5", "UITableView|view|0|UITableView", "UIView|view",
            "ListViewController|vc",
        ]
        let element = try identity(chain)
        #expect(
            element.elementPath
                == "UIView/UITableView[0]/FilterCell[0][5]/UITableViewCellContentView[0]/UISegmentedControl[0]/UISegment[-]"
        )
        #expect(element.elementPosition == "1")
    }

    @Test func treatsASegmentOutsideASegmentedControlAsAView() throws {
        let element = try identity([
            "UISegment|view|0|UISegment", "UIView|view", "HomeViewController|vc",
        ])
        #expect(element.elementPath == "UIView/UISegment[0]")
        #expect(element.elementPosition == nil)
    }

    @Test func stopsAtTheWindowWhenNoControllerOwnsTheView() throws {
        let chain =
            ["UIButton|view|0|UIButton", "FloatingView|view|1|UITransitionView,FloatingView"] + appTail
        let element = try identity(chain)
        #expect(element.elementPath == "FloatingView/UIButton[0]")
        #expect(element.responderPath == "FloatingView/UIButton[0]")
        #expect(element.screenName == nil)
    }

    @Test func stopsAtTheFirstControllerEvenInsideACell() throws {
        let chain = [
            "UIButton|view|0|UIButton", "UIView|view", "BannerViewController|vc",
            "UITableViewCellContentView|view|0|UITableViewCellContentView",
            "BannerCell|cell|0|BannerCell|2:0", "UITableView|view|0|UITableView", "UIView|view",
            "HomeViewController|vc",
        ]
        #expect(try identity(chain).elementPath == "UIView/UIButton[0]")
    }

    @Test func touchedRootViewIsABareSegment() throws {
        let element = try identity(["UIView|view", "HomeViewController|vc"] + appTail)
        #expect(element.elementPath == "UIView")
        #expect(element.responderPath == "HomeViewController/UIView")
    }
}
