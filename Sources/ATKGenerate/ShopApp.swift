/// The synthetic shopping app the generator simulates: its screens, their view trees, and the
/// display-location nodes of the shopping trace (seed 000).
///
/// Tab bar of three navigation controllers: Home (a product collection, a banner, "see all"),
/// Discover (a custom container whose child shows articles, each with a nested product
/// collection), Cart. Product list and product detail screens are pushed on top.
enum ShopApp {
    enum Screen: String, CaseIterable {
        case home = "HomeViewController"
        case productList = "ProductListViewController"
        case productDetail = "ProductDetailViewController"
        case discover = "DiscoverViewController"
        case cart = "CartViewController"

        /// The `$title` of the screen.
        var title: String {
            switch self {
            case .home: "首页"
            case .productList: "商品列表"
            case .productDetail: "商品详情"
            case .discover: "发现"
            case .cart: "购物车"
            }
        }

        /// The shopping-trace display location.
        var node: String {
            switch self {
            case .home: "DL_HOME"
            case .productList: "DL_PLP"
            case .productDetail: "DL_PDP"
            case .discover: "DL_ARTICLE"
            case .cart: "DL_CART"
            }
        }

        /// Numeric code of the node in the seed's legacy `nodes` list.
        var legacyNode: Int {
            switch self {
            case .home: 1
            case .productList: 2
            case .productDetail: 3
            case .discover: 4
            case .cart: 5
            }
        }

        /// The tab the screen's navigation controller sits in (for root screens).
        var tab: Int {
            switch self {
            case .home, .productList, .productDetail: 0
            case .discover: 1
            case .cart: 2
            }
        }
    }

    /// Text of the product detail buttons and where they are.
    static let addToCartTitle = "加入购物车"
    static let buyNowTitle = "立即购买"
    static let bannerTitle = "限时特惠"
    static let seeAllTitle = "查看全部"
    static let checkoutTitle = "结算"
    static let favouriteTitle = "收藏"
    static let sizes = ["S", "M", "L"]
    static let productNames = ["帆布鞋", "羊毛围巾", "机械键盘", "保温杯", "双肩包", "蓝牙耳机", "台灯", "跑步鞋"]

    /// App versions: 2.4.0 wrapped the detail screen's bottom buttons in a UIStackView, which
    /// moves their `$element_path` (what `atk elements drift` must find).
    static let appVersions = ["2.3.0", "2.4.0"]
    static let osVersions = ["10.3.4", "16.7.2", "17.5.1", "18.1"]
    static let models = ["iPhone10,3", "iPhone13,2", "iPhone14,5", "iPhone15,2", "iPhone16,1"]

    /// A screen as shown: the view tree and the nodes events are recorded on.
    struct Shown {
        let screen: Screen
        /// The root controller, which keeps the whole tree alive (parents are weak).
        let root: UINode
        let controller: UINode
        /// List cells by row, for exposures and clicks (sections are all 0).
        var cells: [UINode] = []
        var banner: UINode?
        var seeAll: UINode?
        var addToCart: UINode?
        var buyNow: UINode?
        var segments: [UINode] = []
        var checkout: UINode?
        /// Favourite buttons inside the cells, by row.
        var favourites: [UINode] = []
        /// For Discover: the article cell and its product cells, by article row.
        var articleProducts: [[UINode]] = []
    }

    /// Builds the view tree of `screen` on top of the navigation stack `stack` (root first).
    ///
    /// - Parameters:
    ///   - rows: how many list rows exist (cells are made for all of them; `visible` are the
    ///     list's subviews when an event is recorded).
    ///   - appVersion: selects the detail screen's layout.
    ///   - legacyTable: iOS 10 puts a `UITableViewWrapperView` between a table and its cells.
    static func build(_ screen: Screen, stack: [Screen], rows: Int, appVersion: String, legacyTable: Bool) -> Shown {
        let tabBar = UINode("UITabBarController", .vc)
        var navigations: [UINode] = []
        for _ in 0..<3 { navigations.append(tabBar.add(UINode("UINavigationController", .vc))) }
        let navigation = navigations[stack.first?.tab ?? 0]
        var controller = UINode(screen.rawValue, .vc)
        for (k, entry) in stack.enumerated() {
            let node = navigation.add(UINode(entry.rawValue, .vc))
            if k == stack.count - 1 { controller = node }
        }
        var shown = Shown(screen: screen, root: tabBar, controller: controller)
        let root = controller.setRootView(UINode("UIView"))
        switch screen {
        case .home:
            root.add(UINode("UIImageView"))
            shown.banner = root.add(UINode("UIButton", content: bannerTitle))
            shown.seeAll = root.add(UINode("UIButton", content: seeAllTitle))
            let collection = root.add(UINode("UICollectionView"))
            (shown.cells, shown.favourites) = productCells(in: collection, rows: rows, cellClass: "ProductCell")
        case .productList:
            root.add(UINode("UISearchBar"))
            let table = root.add(UINode("UITableView"))
            let container = legacyTable ? table.add(UINode("UITableViewWrapperView")) : table
            (shown.cells, shown.favourites) = productCells(in: container, rows: rows, cellClass: "ProductTableCell")
        case .productDetail:
            let scroll = root.add(UINode("UIScrollView"))
            scroll.add(UINode("UIImageView"))
            scroll.add(UINode("UILabel"))
            let segmented = scroll.add(UINode("UISegmentedControl"))
            shown.segments = sizes.map { segmented.add(UINode("UISegment", content: $0)) }
            let bar = root.add(UINode("UIView"))
            let holder = appVersion == appVersions[0] ? bar : bar.add(UINode("UIStackView"))
            shown.addToCart = holder.add(UINode("UIButton", content: addToCartTitle))
            shown.buyNow = holder.add(UINode("UIButton", content: buyNowTitle))
        case .discover:
            // A custom container: the articles live in a child controller, so `$screen_name`
            // is the container's class.
            let child = controller.add(UINode("ArticleViewController", .vc))
            root.add(UINode("UIView"))
            let childRoot = child.setRootView(UINode("UIView"))
            let table = childRoot.add(UINode("UITableView"))
            for row in 0..<rows {
                let article = UINode("ArticleCell", .cell)
                article.indexPath = (0, row)
                article.add(UINode("UILabel", content: "文章 \(row + 1)"))
                let collection = article.add(UINode("UICollectionView"))
                let (products, _) = productCells(in: collection, rows: 3, cellClass: "ProductCell")
                shown.articleProducts.append(products)
                shown.cells.append(article)
            }
            table.setChildren(shown.cells)
        case .cart:
            let table = root.add(UINode("UITableView"))
            for row in 0..<rows {
                let cell = UINode("CartCell", .cell)
                cell.indexPath = (0, row)
                cell.add(UINode("UILabel", content: productNames[row % productNames.count]))
                shown.cells.append(cell)
            }
            table.setChildren(shown.cells)
            shown.checkout = root.add(UINode("UIButton", content: checkoutTitle))
        }
        return shown
    }

    private static func productCells(in list: UINode, rows: Int, cellClass: String) -> (
        cells: [UINode], favourites: [UINode]
    ) {
        var cells: [UINode] = []
        var favourites: [UINode] = []
        for row in 0..<rows {
            let cell = UINode(cellClass, .cell)
            cell.indexPath = (0, row)
            cell.add(UINode("UIImageView"))
            cell.add(UINode("UILabel", content: productNames[row % productNames.count]))
            favourites.append(cell.add(UINode("UIButton", content: favouriteTitle)))
            cells.append(cell)
        }
        list.setChildren(cells)
        return (cells, favourites)
    }

    /// Makes the rows `visible` the list's only subviews, in the order a recycling list keeps
    /// them (rotated), as the SDK sees them when it records an event.
    static func show(_ visible: Range<Int>, of cells: [UINode], rotation: Int) {
        guard let list = cells.first?.parent, !visible.isEmpty else { return }
        var shown = Array(cells[visible])
        let r = rotation % shown.count
        shown = Array(shown[r...] + shown[..<r])
        list.setChildren(shown)
    }
}
