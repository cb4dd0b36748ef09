import ATKElements

/// The window, application and delegate entries that end a full chain.
let appTail = ["UIWindow|window", "UIApplication|app", "AppDelegate|delegate"]

/// The spec's example: a collection cell on the home screen inside a navigation controller.
let homeProductCellChain = [
    "ProductCell|cell|2|ProductCell,ProductCell,ProductCell,ProductCell|0:3",
    "UICollectionView|view|1|UIImageView,UICollectionView", "UIView|view",
    "HomeViewController|vc", "UINavigationController|vc", "UIWindow|window",
    "UIApplication|app", "AppDelegate|delegate",
]

/// Parses `chain` and rebuilds its identity.
func identity(
    _ chain: [String],
    containerControllers: [String] = ElementIdentity.uiKitContainerControllers
) throws -> ElementIdentity {
    try ElementIdentity(parsing: chain, containerControllers: containerControllers)
}
