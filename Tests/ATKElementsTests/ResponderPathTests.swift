import ATKElements
import Testing

@Suite struct ResponderPathTests {}

extension ResponderPathTests {
    @Test func prefixesTheControllersToTheSpecExample() throws {
        #expect(
            try identity(homeProductCellChain).responderPath
                == "UINavigationController/HomeViewController/UIView/UICollectionView[0]/ProductCell[0][-]")
    }

    /// Seed 004 §3.2.1.4: a page in a navigation controller in a tab bar controller.
    @Test(arguments: [
        (0, "CustomButton[0]"), (1, "UILabel[0]"), (2, "CustomButton[1]"),
    ])
    func rebuildsTheSeedTabBarNavigationChain(index: Int, segment: String) throws {
        let subviews = ["CustomButton", "UILabel", "CustomButton"]
        let chain =
            [
                "\(subviews[index])|view|\(index)|\(subviews.joined(separator: ","))", "UIView|view",
                "AutoTrackViewController|vc",
                "UINavigationController|vc|0|UINavigationController,MineViewController",
                "UITabBarController|vc",
            ] + appTail
        let element = try identity(chain)
        #expect(
            element.responderPath
                == "UITabBarController/UINavigationController/AutoTrackViewController/UIView/\(segment)")
        #expect(element.elementPath == "UIView/\(segment)")
        #expect(element.screenName == "AutoTrackViewController")
    }

    @Test func indexesAControllerAmongSameClassChildren() throws {
        let chain =
            [
                "UITableViewCell|cell|0|UITableViewCell|0:2", "UITableView|view|0|UITableView",
                "UIView|view", "ElementViewController|vc",
                "UINavigationController|vc|1|UINavigationController,UINavigationController,SettingsViewController",
                "UITabBarController|vc",
            ] + appTail
        #expect(
            try identity(chain).responderPath
                == "UITabBarController/UINavigationController[1]/ElementViewController/UIView/UITableView[0]/UITableViewCell[0][-]"
        )
    }

    @Test func indexesARepeatedControllerInANavigationStack() throws {
        let chain =
            [
                "UIButton|view|0|UIButton", "UIView|view",
                "DetailViewController|vc|2|HomeViewController,DetailViewController,DetailViewController",
                "UINavigationController|vc",
            ] + appTail
        #expect(
            try identity(chain).responderPath
                == "UINavigationController/DetailViewController[1]/UIView/UIButton[0]")
    }

    @Test func indexesTwoChildrenOfACustomContainer() throws {
        let chain =
            [
                "UIButton|view|0|UIButton", "UIView|view",
                "ChildViewController|vc|2|MenuViewController,ChildViewController,ChildViewController",
                "ContainerViewController|vc", "UINavigationController|vc",
            ] + appTail
        let element = try identity(chain)
        #expect(
            element.responderPath
                == "UINavigationController/ContainerViewController/ChildViewController[1]/UIView/UIButton[0]"
        )
        #expect(element.screenName == "ContainerViewController")
    }

    @Test func keepsViewsBetweenControllers() throws {
        let chain =
            [
                "UIButton|view|0|UIButton", "UIView|view", "HomeViewController|vc",
                "UIViewControllerWrapperView|view|0|UIViewControllerWrapperView",
                "UINavigationTransitionView|view|0|UINavigationTransitionView,UINavigationBar",
                "UILayoutContainerView|view", "UINavigationController|vc",
            ] + appTail
        let element = try identity(chain)
        #expect(
            element.responderPath
                == "UINavigationController/UILayoutContainerView/UINavigationTransitionView[0]/UIViewControllerWrapperView[0]/HomeViewController/UIView/UIButton[0]"
        )
        #expect(element.elementPath == "UIView/UIButton[0]")
    }

    @Test func givesCellsAboveTheFirstControllerTheirRow() throws {
        let chain =
            [
                "UIButton|view|0|UIButton", "UIView|view", "BannerViewController|vc",
                "UITableViewCellContentView|view|0|UITableViewCellContentView",
                "BannerCell|cell|0|BannerCell|2:0", "UITableView|view|0|UITableView", "UIView|view",
                "HomeViewController|vc",
            ] + appTail
        #expect(
            try identity(chain).responderPath
                == "HomeViewController/UIView/UITableView[0]/BannerCell[2][0]/UITableViewCellContentView[0]/BannerViewController/UIView/UIButton[0]"
        )
    }
}
