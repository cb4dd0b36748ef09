extension ElementIdentity {
    /// The UIKit containers whose children give `$screen_name` their own class.
    public static let uiKitContainerControllers: [String] = [
        "UINavigationController", "UITabBarController", "UIPageViewController",
        "UISplitViewController",
    ]

    /// Views the SDK leaves out of every path.
    static let skippedViewClasses: [String] = [
        "UITableViewWrapperView", "_UISearchBarFieldEditor", "UIFieldEditor",
    ]

    /// Parses a `$responder_chain` and rebuilds the element's identity.
    ///
    /// - Parameters:
    ///   - entries: The chain's strings, touched responder first.
    ///   - containerControllers: Controller classes that stop the upward
    ///     `$screen_name` walk; see `init(chain:containerControllers:)`.
    /// - Throws: `ChainError` when the chain is malformed.
    @_specialize(exported:true,where Entries == [String])
    public init<Entries: Sequence>(
        parsing entries: Entries, containerControllers: [String] = uiKitContainerControllers
    ) throws(ChainError)
    where Entries.Element: StringProtocol, Entries.Element.SubSequence == Substring {
        self.init(
            chain: try ResponderChain(parsing: entries), containerControllers: containerControllers)
    }

    /// Rebuilds `$element_path`, `$element_position`, `$screen_name` and the
    /// full responder path from a validated chain.
    ///
    /// - Element path: the views and cells from the touched responder up to
    ///   the first controller, outermost first. A view under a view or cell is
    ///   `Class[i]`, i counting same-class siblings only; a view under anything
    ///   else (a controller's root view) is a bare `Class`. The innermost cell
    ///   is `Class[section][-]`, outer cells `Class[section][row]`. A
    ///   `UISegment` in a `UISegmentedControl` is `UISegment[-]`. Only the
    ///   innermost wildcard (segment or cell) gets `[-]`. `UITableViewWrapperView`,
    ///   `_UISearchBarFieldEditor` and `UIFieldEditor` are skipped.
    /// - Element position: the `section:row` of the innermost cell, or the
    ///   same-class index of a `UISegment` in a `UISegmentedControl`, whichever
    ///   is nearer the touched responder. Controllers are passed over, as a
    ///   superview walk would.
    /// - Screen name: the first controller; while the next controller up is
    ///   not one of `containerControllers`, move up to it.
    /// - Responder path: every view, cell and controller below the window,
    ///   outermost first, with the element path's segment rules; a controller
    ///   is `Class[i]` only when its parent has more than one child of its class.
    ///
    /// - Parameters:
    ///   - chain: A validated responder chain.
    ///   - containerControllers: Class names compared byte for byte; the
    ///     chain has no class hierarchy, so subclasses must be listed.
    public init(chain: ResponderChain, containerControllers: [String] = uiKitContainerControllers) {
        let responders = chain.responders
        let tailStart = responders.firstIndex { $0.kind.isTail } ?? responders.count
        let walkEnd = responders[..<tailStart].firstIndex { !$0.kind.isView } ?? tailStart
        let wildcard = responders[..<walkEnd].indices.first { position in
            !Self.isSkipped(responders[position])
                && (responders[position].kind == .cell || Self.isSegment(at: position, in: responders[...]))
        }

        var path = ""
        path.reserveCapacity(walkEnd * 24)
        Self.appendSegments(of: responders, in: 0..<walkEnd, wildcard: wildcard, to: &path)
        var fullPath = ""
        fullPath.reserveCapacity(tailStart * 24)
        Self.appendSegments(of: responders, in: walkEnd..<tailStart, wildcard: nil, to: &fullPath)
        if !path.isEmpty {
            if !fullPath.isEmpty { fullPath.append("/") }
            fullPath.append(path)
        }

        self.init(
            elementPath: path,
            elementPosition: Self.position(in: responders[..<tailStart]),
            screenName: Self.screenName(
                in: responders[walkEnd..<tailStart], containers: containerControllers),
            responderPath: fullPath)
    }

    /// Appends the segments of `range`, outermost (highest index) first.
    private static func appendSegments(
        of responders: [Responder], in range: Range<Int>, wildcard: Int?, to path: inout String
    ) {
        for position in range.reversed() {
            let responder = responders[position]
            guard !isSkipped(responder) else { continue }
            if !path.isEmpty { path.append("/") }
            path.append(contentsOf: responder.className)
            switch responder.kind {
            case .cell:
                if let indexPath = responder.indexPath {
                    path.append("[\(indexPath.section)]")
                    path.append(position == wildcard ? "[-]" : "[\(indexPath.row)]")
                }
            case .viewController:
                if responder.sameClassCount > 1, let index = responder.sameClassIndex {
                    path.append("[\(index)]")
                }
            case .view:
                if position == wildcard {
                    path.append("[-]")
                } else if position + 1 < responders.count, responders[position + 1].kind.isView,
                    let index = responder.sameClassIndex
                {
                    path.append("[\(index)]")
                }
            case .window, .application, .applicationDelegate:
                break
            }
        }
    }

    /// The position of the innermost cell or segment below the window.
    private static func position(in responders: ArraySlice<Responder>) -> String? {
        for position in responders.indices {
            let responder = responders[position]
            if let indexPath = responder.indexPath { return indexPath.description }
            if isSegment(at: position, in: responders), let index = responder.sameClassIndex {
                return String(index)
            }
        }
        return nil
    }

    /// The class of the controller that owns the page, from the first
    /// controller in `responders` up to the last one below a UIKit container.
    private static func screenName(
        in responders: ArraySlice<Responder>, containers: [String]
    ) -> String? {
        var controllers = responders.lazy.filter { $0.kind == .viewController }.makeIterator()
        guard var page = controllers.next() else { return nil }
        while let parent = controllers.next(),
            !containers.contains(where: { parent.className.hasSameBytes(as: $0) })
        {
            page = parent
        }
        return String(page.className)
    }

    /// Whether the responder is one of `skippedViewClasses`.
    private static func isSkipped(_ responder: Responder) -> Bool {
        responder.kind == .view
            && skippedViewClasses.contains { responder.className.hasSameBytes(as: $0) }
    }

    /// Whether the responder at `position` is a `UISegment` whose parent is a
    /// `UISegmentedControl` view.
    private static func isSegment(at position: Int, in responders: ArraySlice<Responder>) -> Bool {
        let parent = position + 1
        guard parent < responders.endIndex else { return false }
        return responders[position].kind == .view
            && responders[position].className.hasSameBytes(as: "UISegment")
            && responders[parent].kind == .view
            && responders[parent].className.hasSameBytes(as: "UISegmentedControl")
    }
}
