/// The identifiers Sensors visualized autotrack uses for a clicked or exposed element.
///
/// Build one from a `$responder_chain` with `init(chain:containerControllers:)`
/// or `init(parsing:containerControllers:)`; the rules are in
/// `ElementIdentity+Rebuild.swift` and the package README.
public struct ElementIdentity: Sendable, Hashable {
    /// The `$element_path`: the view path from the controller's root view down
    /// to the element, such as `UIView/UICollectionView[0]/ProductCell[0][-]`.
    public var elementPath: String
    /// The `$element_position`: a cell's `section:row` or a segment's index,
    /// or `nil` when the element is in no cell and is no segment.
    public var elementPosition: String?
    /// The `$screen_name`: the class of the controller that owns the page, or
    /// `nil` when the chain has no controller.
    public var screenName: String?
    /// The full responder path of seed 004 §3.2: controllers and views,
    /// outermost first, such as
    /// `UINavigationController/HomeViewController/UIView/UICollectionView[0]/ProductCell[0][-]`.
    public var responderPath: String

    /// Creates an identity from already-known values.
    public init(
        elementPath: String, elementPosition: String?, screenName: String?, responderPath: String
    ) {
        self.elementPath = elementPath
        self.elementPosition = elementPosition
        self.screenName = screenName
        self.responderPath = responderPath
    }
}
