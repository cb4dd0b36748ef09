/// The identifiers Sensors visualized autotrack uses for a clicked or exposed element.
///
/// Build one from a `$responder_chain` with `init(chain:containerControllers:)`
/// or `init(parsing:containerControllers:)`; the rules are in
/// `ElementIdentity+Rebuild.swift` and the package README.
///
/// The four texts share one immutable storage, so a copy (analyses hand an identity from a
/// chain cache to every event with that chain) costs one reference count.
public struct ElementIdentity: Sendable, Hashable {
    private final class Storage: Sendable {
        let elementPath: String
        let elementPosition: String?
        let screenName: String?
        let responderPath: String

        init(elementPath: String, elementPosition: String?, screenName: String?, responderPath: String) {
            self.elementPath = elementPath
            self.elementPosition = elementPosition
            self.screenName = screenName
            self.responderPath = responderPath
        }
    }

    private let storage: Storage

    /// The `$element_path`: the view path from the controller's root view down
    /// to the element, such as `UIView/UICollectionView[0]/ProductCell[0][-]`.
    public var elementPath: String { storage.elementPath }
    /// The `$element_position`: a cell's `section:row` or a segment's index,
    /// or `nil` when the element is in no cell and is no segment.
    public var elementPosition: String? { storage.elementPosition }
    /// The `$screen_name`: the class of the controller that owns the page, or
    /// `nil` when the chain has no controller.
    public var screenName: String? { storage.screenName }
    /// The full responder path of seed 004 §3.2: controllers and views,
    /// outermost first, such as
    /// `UINavigationController/HomeViewController/UIView/UICollectionView[0]/ProductCell[0][-]`.
    public var responderPath: String { storage.responderPath }

    /// Creates an identity from already-known values.
    public init(
        elementPath: String, elementPosition: String?, screenName: String?, responderPath: String
    ) {
        storage = Storage(
            elementPath: elementPath, elementPosition: elementPosition, screenName: screenName,
            responderPath: responderPath)
    }

    /// Equal when all four texts are.
    public static func == (lhs: ElementIdentity, rhs: ElementIdentity) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.elementPath == rhs.elementPath && lhs.elementPosition == rhs.elementPosition
                && lhs.screenName == rhs.screenName && lhs.responderPath == rhs.responderPath)
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(elementPath)
        hasher.combine(elementPosition)
        hasher.combine(screenName)
        hasher.combine(responderPath)
    }
}
