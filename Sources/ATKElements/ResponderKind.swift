/// The role a responder plays in a `$responder_chain` entry.
///
/// The raw value is the spelling used in the chain's second field.
public enum ResponderKind: String, Sendable, Hashable, CaseIterable {
    /// A `UIView` that is not a list cell.
    case view
    /// A `UITableViewCell` or `UICollectionViewCell`; it carries an index path.
    case cell
    /// A `UIViewController`.
    case viewController = "vc"
    /// The `UIWindow` that hosts the view hierarchy.
    case window
    /// The `UIApplication` instance.
    case application = "app"
    /// The application delegate.
    case applicationDelegate = "delegate"

    /// Whether the responder is part of a view hierarchy (a view or a cell).
    public var isView: Bool {
        self == .view || self == .cell
    }

    /// Whether the responder belongs to the fixed tail that ends every chain.
    ///
    /// Windows, the application and its delegate identify nothing, so they
    /// carry no index fields and never appear in a rebuilt path.
    public var isTail: Bool {
        self == .window || self == .application || self == .applicationDelegate
    }
}
