import Testing

@testable import ATKGenerate

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
