import ATKCore

/// The config of the navigation tests: four screens with nodes, two tab roots (Cart has no node).
let navigationConfig = NavigationConfig(
    nodes: [
        "Home": "DL_HOME", "Article": "DL_ARTICLE", "PDP": "DL_PDP", "Search": "DL_SEARCH",
    ], roots: ["Home", "Cart"], entityProperty: "item_id")

/// A `$AppViewScreen` of `screen`.
func viewScreen(_ user: String, _ time: Int64, _ screen: String) -> String {
    track(user, time, "$AppViewScreen", #""$screen_name":"\#(screen)""#)
}

/// A `$AppClick` on `screen`, with `item_id` when `entity` is given.
func tap(_ user: String, _ time: Int64, _ screen: String, _ entity: String? = nil) -> String {
    track(user, time, "$AppClick", #""$screen_name":"\#(screen)""# + (entity.map { #","item_id":"\#($0)""# } ?? ""))
}

/// An `AddToCart` recording `path` (JSON text) when given.
func addToCart(_ user: String, _ time: Int64, _ path: String? = nil, version: String? = nil) -> String {
    let members = [path.map { #""user_action_path":\#($0)"# }, version.map { #""$app_version":"\#($0)""# }]
    return track(user, time, "AddToCart", members.compactMap { $0 }.joined(separator: ","))
}

/// Replays `lines` with ``navigationConfig``.
func replayNavigation(_ lines: [String], config: NavigationConfig = navigationConfig) -> NavigationReplay {
    var analysis = NavigationAnalysis(config: config)
    _ = LineFeed.feed(Array((lines.joined(separator: "\n") + "\n").utf8), into: &analysis)
    return analysis.replay()
}

/// The rebuilt path of every conversion in `lines`, in input order.
func rebuiltPaths(_ lines: [String]) -> [[String]?] {
    replayNavigation(lines).conversions.map(\.rebuilt)
}
