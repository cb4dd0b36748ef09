import Testing

@testable import ATKElements

@Suite struct ResponderChainParsingTests {}

extension ResponderChainParsingTests {
    @Test func parsesEveryFieldOfACell() throws {
        let chain = try ResponderChain(parsing: homeProductCellChain)
        let cell = chain.responders[0]
        #expect(cell.className == "ProductCell")
        #expect(cell.kind == .cell)
        #expect(cell.index == 2)
        #expect(cell.siblingCount == 4)
        #expect(cell.sameClassIndex == 2)
        #expect(cell.sameClassCount == 4)
        #expect(cell.indexPath == CellIndexPath(section: 0, row: 3))
        #expect(cell.siblings == ["ProductCell", "ProductCell", "ProductCell", "ProductCell"])
    }

    @Test func countsOnlySameClassSiblings() throws {
        let chain = try ResponderChain(parsing: homeProductCellChain)
        let collection = chain.responders[1]
        #expect(collection.className == "UICollectionView")
        #expect(collection.index == 1)
        #expect(collection.siblingCount == 2)
        #expect(collection.sameClassIndex == 0)
        #expect(collection.sameClassCount == 1)
        #expect(collection.indexPath == nil)
        #expect(collection.siblings == ["UIImageView", "UICollectionView"])
    }

    @Test func readsEveryKind() throws {
        let chain = try ResponderChain(parsing: homeProductCellChain)
        #expect(
            chain.responders.map(\.kind) == [
                .cell, .view, .view, .viewController, .viewController, .window, .application,
                .applicationDelegate,
            ])
        #expect(
            ResponderKind.allCases.map(\.rawValue) == ["view", "cell", "vc", "window", "app", "delegate"])
    }

    @Test func leavesOutTrailingEmptyFields() throws {
        let chain = try ResponderChain(parsing: homeProductCellChain)
        for responder in chain.responders[2...] {
            #expect(responder.index == nil)
            #expect(responder.siblingCount == 0)
            #expect(responder.sameClassIndex == nil)
            #expect(responder.sameClassCount == 0)
            #expect(responder.indexPath == nil)
            #expect(responder.siblings.isEmpty)
        }
    }

    @Test func acceptsExplicitEmptyTrailingFields() throws {
        let short = try Responder(parsing: "UIView|view")
        #expect(try Responder(parsing: "UIView|view|") == short)
        #expect(try Responder(parsing: "UIView|view||") == short)
        #expect(try Responder(parsing: "UIView|view|||") == short)
        let cell = try Responder(parsing: "ProductCell|cell|||0:3")
        #expect(cell.index == nil)
        #expect(cell.indexPath == CellIndexPath(section: 0, row: 3))
    }

    @Test func parsesSubstringEntriesInPlace() throws {
        let joined = homeProductCellChain.joined(separator: "\n")
        let entries = joined.split(separator: "\n")
        let fromSubstrings = try ResponderChain(parsing: entries)
        #expect(fromSubstrings == (try ResponderChain(parsing: homeProductCellChain)))
    }

    @Test func keepsUnicodeAndModuleQualifiedClassNames() throws {
        let chain = try ResponderChain(parsing: [
            "MyApp.首页Cell|cell|1|MyApp.首页Cell,MyApp.首页Cell|2:7",
            "UITableView|view|0|UITableView", "UIView|view", "MyApp.首页ViewController|vc",
        ])
        #expect(chain.responders[0].className == "MyApp.首页Cell")
        #expect(chain.responders[0].sameClassIndex == 1)
        #expect(chain.responders[3].className == "MyApp.首页ViewController")
    }

    @Test func acceptsAChainWithoutTheApplicationTail() throws {
        let chain = try ResponderChain(parsing: [
            "UIButton|view|0|UIButton", "UIView|view", "HomeViewController|vc",
        ])
        #expect(chain.responders.count == 3)
    }

    @Test func describesIndexPathsAsSectionColonRow() {
        #expect(CellIndexPath(section: 12, row: 0).description == "12:0")
    }

    @Test func splitsFieldsKeepingEmptyOnes() {
        #expect(Array(FieldScanner("a||b|", separator: UInt8(ascii: "|"))) == ["a", "", "b", ""])
        #expect(Array(FieldScanner("", separator: UInt8(ascii: "|"))) == [""])
    }
}
