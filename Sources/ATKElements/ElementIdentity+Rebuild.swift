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
        // The responders are read in place (a `Responder` holds two substrings: each copy out of
        // the array was two reference counts and their release, about thirty a chain).
        self = chain.responders.withUnsafeBufferPointer { Self(rebuilding: $0, containers: containerControllers) }
    }

    private init(rebuilding responders: UnsafeBufferPointer<Responder>, containers: [String]) {
        var tailStart = responders.count
        for position in responders.indices where responders[position].kind.isTail {
            tailStart = position
            break
        }
        var walkEnd = tailStart
        for position in 0..<tailStart where !responders[position].kind.isView {
            walkEnd = position
            break
        }
        var wildcard: Int?
        for position in 0..<walkEnd
        where !Self.isSkipped(position, in: responders)
            && (responders[position].kind == .cell
                || Self.isSegment(at: position, in: responders, end: responders.count))
        {
            wildcard = position
            break
        }

        // The paths are built as UTF-8 bytes (class names are valid UTF-8, the rest ASCII) and
        // made into strings once: appending to a `String` and interpolating each index cost
        // about 9,000 instructions a chain of nine entries.
        var path: [UInt8] = []
        path.reserveCapacity(walkEnd * 24)
        Self.appendSegments(of: responders, in: 0..<walkEnd, wildcard: wildcard, to: &path)
        var fullPath: [UInt8] = []
        fullPath.reserveCapacity(tailStart * 24 + path.count)
        Self.appendSegments(of: responders, in: walkEnd..<tailStart, wildcard: nil, to: &fullPath)
        if !path.isEmpty {
            if !fullPath.isEmpty { fullPath.append(UInt8(ascii: "/")) }
            fullPath.append(contentsOf: path)
        }

        self.init(
            elementPath: String(decoding: path, as: UTF8.self),
            elementPosition: Self.position(in: responders, end: tailStart),
            screenName: Self.screenName(in: responders, walkEnd..<tailStart, containers: containers),
            responderPath: String(decoding: fullPath, as: UTF8.self))
    }

    /// Appends the segments of `range`, outermost (highest index) first.
    private static func appendSegments(
        of responders: UnsafeBufferPointer<Responder>, in range: Range<Int>, wildcard: Int?, to path: inout [UInt8]
    ) {
        for position in range.reversed() where !isSkipped(position, in: responders) {
            if !path.isEmpty { path.append(UInt8(ascii: "/")) }
            let name = responders[position].className.utf8
            // Native strings lend their bytes at once (appending the view copies byte by byte).
            if name.withContiguousStorageIfAvailable({ path.append(contentsOf: $0) }) == nil {
                path.append(contentsOf: name)
            }
            switch responders[position].kind {
            case .cell:
                if let indexPath = responders[position].indexPath {
                    appendIndex(indexPath.section, to: &path)
                    if position == wildcard {
                        appendWildcard(to: &path)
                    } else {
                        appendIndex(indexPath.row, to: &path)
                    }
                }
            case .viewController:
                if responders[position].sameClassCount > 1, let index = responders[position].sameClassIndex {
                    appendIndex(index, to: &path)
                }
            case .view:
                if position == wildcard {
                    appendWildcard(to: &path)
                } else if position + 1 < responders.count, responders[position + 1].kind.isView,
                    let index = responders[position].sameClassIndex
                {
                    appendIndex(index, to: &path)
                }
            case .window, .application, .applicationDelegate:
                break
            }
        }
    }

    /// Appends `[-]`.
    private static func appendWildcard(to path: inout [UInt8]) {
        path.append(UInt8(ascii: "["))
        path.append(UInt8(ascii: "-"))
        path.append(UInt8(ascii: "]"))
    }

    /// Appends `[value]`, the value in decimal.
    private static func appendIndex(_ value: Int, to path: inout [UInt8]) {
        path.append(UInt8(ascii: "["))
        if value >= 0 {
            // The digits, last first, then turned around in place.
            let start = path.count
            var rest = value
            repeat {
                path.append(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            } while rest > 0
            path[start...].reverse()
        } else {
            path.append(contentsOf: String(value).utf8)
        }
        path.append(UInt8(ascii: "]"))
    }

    /// The position of the innermost cell or segment below the window (`end`).
    private static func position(in responders: UnsafeBufferPointer<Responder>, end: Int) -> String? {
        for position in 0..<end {
            if let indexPath = responders[position].indexPath { return indexPath.description }
            if isSegment(at: position, in: responders, end: end), let index = responders[position].sameClassIndex {
                return String(index)
            }
        }
        return nil
    }

    /// The class of the controller that owns the page, from the first controller in `range` up
    /// to the last one below a UIKit container.
    private static func screenName(
        in responders: UnsafeBufferPointer<Responder>, _ range: Range<Int>, containers: [String]
    ) -> String? {
        var page: Int?
        for position in range where responders[position].kind == .viewController {
            if let found = page,
                containers.contains(where: { responders[position].className.hasSameBytes(as: $0) })
            {
                return String(responders[found].className)
            }
            page = position
        }
        return page.map { String(responders[$0].className) }
    }

    /// Whether the responder at `position` is one of `skippedViewClasses`.
    private static func isSkipped(_ position: Int, in responders: UnsafeBufferPointer<Responder>) -> Bool {
        responders[position].kind == .view
            && skippedViewClasses.contains { responders[position].className.hasSameBytes(as: $0) }
    }

    /// Whether the responder at `position` is a `UISegment` whose parent (below `end`) is a
    /// `UISegmentedControl` view.
    private static func isSegment(at position: Int, in responders: UnsafeBufferPointer<Responder>, end: Int) -> Bool {
        let parent = position + 1
        guard parent < end else { return false }
        return responders[position].kind == .view
            && responders[position].className.hasSameBytes(as: "UISegment")
            && responders[parent].kind == .view
            && responders[parent].className.hasSameBytes(as: "UISegmentedControl")
    }
}
