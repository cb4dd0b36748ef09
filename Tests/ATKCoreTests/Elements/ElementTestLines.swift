@testable import ATKCore

/// Event lines with responder chains, for the element analyses' tests.
enum ElementLines {
    /// A home screen product cell: `UIView/UICollectionView[0]/ProductCell[0][-]`, `0:3`, `HomeViewController`.
    static let cellChain =
        #"["ProductCell|cell|2|ProductCell,ProductCell,ProductCell,ProductCell|0:3","UICollectionView|view|1|UIImageView,UICollectionView","UIView|view","HomeViewController|vc","UINavigationController|vc","UIWindow|window","UIApplication|app","AppDelegate|delegate"]"#
    /// The cart's checkout button: `UIView/UIButton[0]`, no position, `CartViewController`.
    static let buttonChain =
        #"["UIButton|view|1|UITableView,UIButton","UIView|view","CartViewController|vc|0|CartViewController","UINavigationController|vc|2|UINavigationController,UINavigationController,UINavigationController","UITabBarController|vc","UIWindow|window","UIApplication|app","AppDelegate|delegate"]"#
    /// A cell of a child controller inside a custom container: the screen is the container,
    /// `DiscoverViewController`; path `UIView/UITableView[0]/ArticleCell[0][-]`, `0:0`.
    static let containerChain =
        #"["ArticleCell|cell|2|ArticleCell,ArticleCell,ArticleCell|0:0","UITableView|view|0|UITableView","UIView|view","ArticleViewController|vc|0|ArticleViewController","DiscoverViewController|vc|0|DiscoverViewController","UINavigationController|vc|1|UINavigationController,UINavigationController","UITabBarController|vc","UIWindow|window","UIApplication|app","AppDelegate|delegate"]"#

    static let cellPath = "UIView/UICollectionView[0]/ProductCell[0][-]"
    static let buttonPath = "UIView/UIButton[0]"
    static let containerPath = "UIView/UITableView[0]/ArticleCell[0][-]"

    /// An event line: `properties` are the given members (JSON text, in order) then the chain.
    static func event(
        _ members: String, name: String = "$AppClick", user: String = "u1", chain: String? = nil,
        app: String = "2.4.0", os: String = "17.5", lib: String = "4.9.1"
    ) -> String {
        let tail = chain.map { #","$responder_chain":\#($0)"# } ?? ""
        let head = #""$lib_version":"\#(lib)","$app_version":"\#(app)","$os_version":"\#(os)""#
        return
            #"{"distinct_id":"\#(user)","event":"\#(name)","properties":{\#(head)\#(members.isEmpty ? "" : ",")\#(members)\#(tail)}}"#
    }

    /// Reads `lines` (joined with LF) through a ``DumpReader`` into `visitor`.
    static func read<V: DumpVisitor>(_ lines: [String], into visitor: inout V) throws -> [FileReport] {
        let directory = try TemporaryDirectory()
        let path = try directory.write("dump.jsonl", lines.joined(separator: "\n") + "\n")
        return DumpReader(sources: [.file(path)]).read(into: &visitor)
    }
}
