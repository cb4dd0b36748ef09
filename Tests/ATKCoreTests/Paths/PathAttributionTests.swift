import ATKCore
import Testing

/// First touch is the rebuilt path's first page, last touch the page before the conversion's.
@Suite struct PathAttributionTests {
    @Test("first and last touch by node and entity, users counted once, direct and unattributed conversions")
    func touches() {
        let replay = replayNavigation([
            viewScreen("u", 1, "Home"), tap("u", 2, "Home", "P1"), viewScreen("u", 3, "Article"),
            tap("u", 4, "Article", "A1"), viewScreen("u", 5, "PDP"), addToCart("u", 6), addToCart("u", 7),
            viewScreen("v", 1, "Home"), tap("v", 2, "Home", "P1"), viewScreen("v", 3, "PDP"), addToCart("v", 4),
            viewScreen("w", 1, "Search"), addToCart("w", 2), addToCart("x", 1), viewScreen("y", 1, "Cart"),
            addToCart("y", 2),
        ])
        let attribution = PathAttribution(replay: replay)
        #expect(attribution.conversions == 6)
        // x (empty stack) and y (only Cart, which has no node) are not attributed.
        #expect(attribution.attributed == 4)
        #expect(attribution.direct == 1)
        #expect(
            attribution.firstTouch == [
                .init(node: "DL_HOME", entity: "P1", conversions: 3, users: 2),
                .init(node: "DL_SEARCH", entity: nil, conversions: 1, users: 1),
            ])
        #expect(
            attribution.lastTouch == [
                .init(node: "DL_ARTICLE", entity: "A1", conversions: 2, users: 1),
                .init(node: "DL_HOME", entity: "P1", conversions: 1, users: 1),
            ])
    }

    @Test("merges exactly: partials give the serial attribution")
    func merges() throws {
        let config = NavigationConfig(
            nodes: [
                "HomeViewController": "DL_HOME", "ProductListViewController": "DL_PLP",
                "ProductDetailViewController": "DL_PDP",
            ], roots: ["HomeViewController"], entityProperty: "item_id")
        expectMergesExactly(try generatedInputs(files: 2, users: 40), prototype: NavigationAnalysis(config: config)) {
            PathAttribution(replay: $0.replay())
        }
    }
}
