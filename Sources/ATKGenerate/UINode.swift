/// A responder in the generator's model of an iOS app: a view, a cell or a view controller.
///
/// The generator builds real trees of these and derives everything an SDK would record from
/// them: the raw `$responder_chain` and the expected `$element_path`, `$element_position` and
/// `$screen_name`, computed here independently of atk's elements engine so each checks the other.
final class UINode {
    enum Kind: String { case view, cell, vc }

    let className: String
    let kind: Kind
    private(set) weak var parent: UINode?
    private(set) var children: [UINode] = []
    /// A controller's root view.
    private(set) var rootView: UINode?
    /// For cells: (section, row).
    var indexPath: (section: Int, row: Int)?
    var content: String?

    init(_ className: String, _ kind: Kind = .view, content: String? = nil) {
        self.className = className
        self.kind = kind
        self.content = content
    }

    /// Adds a subview (for views) or a child controller (for controllers); returns it.
    @discardableResult
    func add(_ child: UINode) -> UINode {
        child.parent = self
        children.append(child)
        return child
    }

    /// Sets a controller's root view.
    @discardableResult
    func setRootView(_ view: UINode) -> UINode {
        view.parent = self
        rootView = view
        return view
    }

    /// Replaces the subviews (cells shown in a list change as it scrolls).
    func setChildren(_ nodes: [UINode]) {
        for node in nodes { node.parent = self }
        children = nodes
    }

    /// The next responder: superview, the controller of a root view, or the parent controller.
    private var nextResponder: UINode? { parent }

    /// The `$responder_chain` entries, touched responder first, ending at the app delegate.
    var responderChain: [String] {
        var chain: [String] = []
        var node: UINode? = self
        while let current = node {
            chain.append(current.chainEntry)
            node = current.nextResponder
        }
        chain += ["UIWindow|window", "UIApplication|app", "AppDelegate|delegate"]
        return chain
    }

    private var chainEntry: String {
        var fields = [className, kind.rawValue]
        if let parent, let position = parent.children.firstIndex(where: { $0 === self }) {
            fields.append(String(position))
            fields.append(parent.children.map(\.className).joined(separator: ","))
        }
        if kind == .cell, let indexPath {
            if fields.count == 2 { fields += ["", ""] }
            fields.append("\(indexPath.section):\(indexPath.row)")
        }
        return fields.joined(separator: "|")
    }

    /// Classes the SDK leaves out of `$element_path`.
    private static let skipped: Set<String> = ["UITableViewWrapperView", "_UISearchBarFieldEditor", "UIFieldEditor"]

    /// The expected `$element_path` (Sensors iOS 4.9.1 rules).
    var elementPath: String {
        var segments: [String] = []
        var sawList = false
        var node: UINode? = self
        while let current = node, current.kind != .vc {
            defer { node = current.parent }
            if Self.skipped.contains(current.className) { continue }
            if current.kind == .cell, let indexPath = current.indexPath {
                segments.append(
                    sawList
                        ? "\(current.className)[\(indexPath.section)][\(indexPath.row)]"
                        : "\(current.className)[\(indexPath.section)][-]")
                sawList = true
            } else if current.className == "UISegment" && current.parent?.className == "UISegmentedControl" && !sawList
            {
                segments.append("UISegment[-]")
                sawList = true
            } else if let parent = current.parent, parent.kind != .vc {
                let sameClassBefore = parent.children.prefix { $0 !== current }.filter {
                    $0.className == current.className
                }.count
                segments.append("\(current.className)[\(sameClassBefore)]")
            } else {
                segments.append(current.className)
            }
        }
        return segments.reversed().joined(separator: "/")
    }

    /// The expected `$element_position`: the innermost cell's `section:row`, or a segment's index.
    var elementPosition: String? {
        var node: UINode? = self
        while let current = node, current.kind != .vc {
            if current.kind == .cell, let indexPath = current.indexPath {
                return "\(indexPath.section):\(indexPath.row)"
            }
            if current.className == "UISegment", let parent = current.parent, parent.className == "UISegmentedControl",
                let index = parent.children.firstIndex(where: { $0 === current })
            {
                return String(index)
            }
            node = current.parent
        }
        return nil
    }

    private static let containers: Set<String> = [
        "UINavigationController", "UITabBarController", "UIPageViewController", "UISplitViewController",
    ]

    /// The expected `$screen_name`: the first controller above, moved up while its parent is not
    /// a navigation, tab, page or split controller.
    var screenName: String? {
        var node: UINode? = self
        while let current = node, current.kind != .vc { node = current.parent }
        guard var controller = node else { return nil }
        while let parent = controller.parent, parent.kind == .vc, !Self.containers.contains(parent.className) {
            controller = parent
        }
        return controller.className
    }
}
