import ATKCore

extension DumpGenerator {
    /// The navigation config of the simulated app (Docs/paths.md): every screen's node, the tab
    /// roots (Home, Discover, Cart), `item_id` as the entity, `AddToCart` and `user_action_path`.
    public static func navigationConfig() -> JSONOutput {
        .object([
            ("nodes", .object(ShopApp.Screen.allCases.map { ($0.rawValue, .string($0.node)) })),
            ("roots", .array([ShopApp.Screen.home, .discover, .cart].map { .string($0.rawValue) })),
            ("entity_property", .string("item_id")), ("conversion", .string("AddToCart")),
            ("path_property", .string("user_action_path")),
        ])
    }
}
