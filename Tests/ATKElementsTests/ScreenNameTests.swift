import ATKElements
import Testing

@Suite struct ScreenNameTests {}

extension ScreenNameTests {
    @Test func usesTheControllerInsideANavigationController() throws {
        #expect(try identity(homeProductCellChain).screenName == "HomeViewController")
    }

    @Test func usesTheControllerInsideATabBarInsideANavigationController() throws {
        let chain =
            [
                "CustomButton|view|0|CustomButton,UILabel,CustomButton", "UIView|view",
                "AutoTrackViewController|vc", "UINavigationController|vc", "UITabBarController|vc",
            ] + appTail
        #expect(try identity(chain).screenName == "AutoTrackViewController")
    }

    @Test(arguments: [
        "UINavigationController", "UITabBarController", "UIPageViewController",
        "UISplitViewController",
    ])
    func stopsBelowEachUIKitContainer(container: String) throws {
        let chain =
            [
                "UIButton|view|0|UIButton", "UIView|view", "ContentViewController|vc", "\(container)|vc",
                "OuterViewController|vc",
            ] + appTail
        #expect(try identity(chain).screenName == "ContentViewController")
    }

    @Test func reportsTheCustomContainerForItsChild() throws {
        let chain =
            [
                "UIButton|view|0|UIButton", "UIView|view",
                "ChildViewController|vc|1|MenuViewController,ChildViewController",
                "ContainerViewController|vc", "UINavigationController|vc",
            ] + appTail
        #expect(try identity(chain).screenName == "ContainerViewController")
    }

    @Test func climbsNestedCustomContainersToTheTop() throws {
        let chain =
            [
                "UIButton|view|0|UIButton", "UIView|view", "ChildViewController|vc",
                "InnerContainerViewController|vc", "OuterContainerViewController|vc",
            ] + appTail
        #expect(try identity(chain).screenName == "OuterContainerViewController")
    }

    @Test func crossesContainerViewsBetweenControllers() throws {
        let chain =
            [
                "UIButton|view|0|UIButton", "UIView|view", "ChildViewController|vc",
                "UIView|view|0|UIView,UIView", "UIView|view", "ContainerViewController|vc",
                "UITabBarController|vc",
            ] + appTail
        #expect(try identity(chain).screenName == "ContainerViewController")
    }

    @Test func reportsTheNavigationControllerForItsOwnBar() throws {
        let chain =
            [
                "UINavigationButton|view|0|UINavigationButton",
                "UINavigationBar|view|0|UINavigationBar", "UILayoutContainerView|view",
                "UINavigationController|vc", "UITabBarController|vc",
            ] + appTail
        #expect(try identity(chain).screenName == "UINavigationController")
    }

    @Test func treatsSubclassesOfContainersAsCustomUnlessListed() throws {
        let chain =
            [
                "UIButton|view|0|UIButton", "UIView|view", "HomeViewController|vc",
                "BaseNavigationController|vc",
            ] + appTail
        #expect(try identity(chain).screenName == "BaseNavigationController")
        let containers = ElementIdentity.uiKitContainerControllers + ["BaseNavigationController"]
        #expect(
            try identity(chain, containerControllers: containers).screenName == "HomeViewController")
    }

    @Test func isAbsentWithoutAController() throws {
        #expect(try identity(["UIButton|view|0|UIButton", "UIView|view"] + appTail).screenName == nil)
    }
}
