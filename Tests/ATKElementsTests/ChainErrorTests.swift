import ATKElements
import Testing

@Suite struct ChainErrorTests {}

/// Parses `chain`, expecting exactly `expected`.
private func expectRejection(
    _ chain: [String], _ expected: ChainError, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(throws: expected, sourceLocation: sourceLocation) {
        try ResponderChain(parsing: chain)
    }
}

extension ChainErrorTests {
    @Test func rejectsAnEmptyChain() {
        expectRejection([], ChainError(entryIndex: nil, reason: .emptyChain))
        #expect(
            ChainError(entryIndex: nil, reason: .emptyChain).description
                == "responder chain: the chain is empty")
    }

    @Test func rejectsAnEntryWithoutKind() {
        expectRejection(["UIView"], ChainError(entryIndex: 0, reason: .missingKind))
        expectRejection([""], ChainError(entryIndex: 0, reason: .emptyClassName))
    }

    @Test func rejectsBadClassNames() {
        expectRejection(["|view"], ChainError(entryIndex: 0, reason: .emptyClassName))
        expectRejection(
            ["My View|view"], ChainError(entryIndex: 0, reason: .invalidClassName("My View")))
        expectRejection(
            ["UIView\t|view"], ChainError(entryIndex: 0, reason: .invalidClassName("UIView\t")))
    }

    @Test func rejectsAnUnknownKind() {
        let error = ChainError(entryIndex: 0, reason: .unknownKind("button"))
        expectRejection(["UIButton|button"], error)
        expectRejection(
            ["UIButton|VIEW"], ChainError(entryIndex: 0, reason: .unknownKind("VIEW")))
        expectRejection(["UIButton|"], ChainError(entryIndex: 0, reason: .unknownKind("")))
        #expect(
            error.description
                == "responder chain entry 0: unknown kind 'button' (expected view, cell, vc, window, app or delegate)"
        )
    }

    @Test func rejectsExtraFields() {
        expectRejection(
            ["ProductCell|cell|0|ProductCell|0:1|extra"],
            ChainError(entryIndex: 0, reason: .tooManyFields(count: 6)))
        expectRejection(
            ["UIView|view|||||"], ChainError(entryIndex: 0, reason: .tooManyFields(count: 7)))
    }

    @Test(arguments: ["x", "-1", "+1", " 1", "1.0", "0x1", "1234567890123456789"])
    func rejectsAnUnparsableIndex(index: String) {
        expectRejection(
            ["UIButton|view|\(index)|UIButton"],
            ChainError(entryIndex: 0, reason: .invalidIndex(index)))
    }

    @Test func rejectsAnIndexWithoutSiblingsAndTheReverse() {
        expectRejection(
            ["UIButton|view|0", "UIView|view"],
            ChainError(entryIndex: 0, reason: .indexWithoutSiblings))
        expectRejection(
            ["UIButton|view||UIButton", "UIView|view"],
            ChainError(entryIndex: 0, reason: .siblingsWithoutIndex))
    }

    @Test func rejectsAnEmptySiblingName() {
        expectRejection(
            ["UIButton|view|0|UIButton,,UILabel"],
            ChainError(entryIndex: 0, reason: .emptySiblingName(position: 1)))
        expectRejection(
            ["UIButton|view|0|UIButton,"],
            ChainError(entryIndex: 0, reason: .emptySiblingName(position: 1)))
    }

    @Test func rejectsAnIndexOutsideTheSiblings() {
        let error = ChainError(entryIndex: 0, reason: .indexOutOfRange(index: 3, siblingCount: 2))
        expectRejection(["UIButton|view|3|UIButton,UILabel", "UIView|view"], error)
        expectRejection(
            ["UIButton|view|2|UIButton,UILabel", "UIView|view"],
            ChainError(entryIndex: 0, reason: .indexOutOfRange(index: 2, siblingCount: 2)))
        #expect(error.description == "responder chain entry 0: index 3 is outside the 2 siblings")
    }

    @Test func rejectsAnIndexPointingAtAnotherClass() {
        let error = ChainError(
            entryIndex: 1,
            reason: .siblingClassMismatch(expected: "UICollectionView", found: "UIImageView"))
        expectRejection(
            [
                "ProductCell|cell|0|ProductCell|0:0",
                "UICollectionView|view|0|UIImageView,UICollectionView",
                "UIView|view",
            ], error)
        #expect(
            error.description
                == "responder chain entry 1: the sibling at the index is 'UIImageView', not 'UICollectionView'"
        )
        expectRejection(
            ["UIButtonX|view|0|UIButton"],
            ChainError(
                entryIndex: 0, reason: .siblingClassMismatch(expected: "UIButtonX", found: "UIButton")))
    }

    @Test(arguments: ["0-3", "0:3:1", "a:1", ":3", "3:", "0: 3", "-1:0"])
    func rejectsAMalformedIndexPath(indexPath: String) {
        expectRejection(
            ["ProductCell|cell|0|ProductCell|\(indexPath)"],
            ChainError(entryIndex: 0, reason: .invalidIndexPath(indexPath)))
    }

    @Test func rejectsAnIndexPathOutsideCells() {
        expectRejection(
            ["UIButton|view|0|UIButton|0:1"],
            ChainError(entryIndex: 0, reason: .indexPathOnNonCell(.view)))
        expectRejection(
            ["UIButton|view|0|UIButton", "UIView|view", "HomeViewController|vc|||0:1"],
            ChainError(entryIndex: 2, reason: .indexPathOnNonCell(.viewController)))
    }

    @Test func rejectsACellWithoutIndexPath() {
        let error = ChainError(entryIndex: 0, reason: .missingIndexPath)
        expectRejection(
            ["ProductCell|cell|0|ProductCell", "UICollectionView|view|0|UICollectionView"], error)
        #expect(error.description == "responder chain entry 0: a cell needs its section:row index path")
    }

    @Test func rejectsIndexFieldsOnTheTail() {
        let start = ["UIButton|view|0|UIButton", "UIView|view", "HomeViewController|vc"]
        expectRejection(
            start + ["UIWindow|window|0|UIWindow"],
            ChainError(entryIndex: 3, reason: .fieldsOnTail(.window)))
        expectRejection(
            start + ["UIWindow|window", "UIApplication|app|||0:0"],
            ChainError(entryIndex: 4, reason: .fieldsOnTail(.application)))
        expectRejection(
            start + ["UIWindow|window", "UIApplication|app", "AppDelegate|delegate|0|AppDelegate"],
            ChainError(entryIndex: 5, reason: .fieldsOnTail(.applicationDelegate)))
    }

    @Test func rejectsATouchedResponderThatIsNotAView() {
        expectRejection(
            ["HomeViewController|vc", "UINavigationController|vc"] + appTail,
            ChainError(entryIndex: 0, reason: .touchedResponderNotView(.viewController)))
        expectRejection(
            appTail, ChainError(entryIndex: 0, reason: .touchedResponderNotView(.window)))
    }

    @Test func rejectsANestedViewWithoutIndex() {
        let error = ChainError(entryIndex: 0, reason: .missingIndex)
        expectRejection(["UIButton|view", "UIView|view", "HomeViewController|vc"], error)
        expectRejection(
            [
                "UILabel|view|0|UILabel", "UIView|view|0|UIView", "ProductCell|cell|||0:1",
                "UICollectionView|view",
            ],
            ChainError(entryIndex: 2, reason: .missingIndex))
        #expect(
            error.description
                == "responder chain entry 0: a view inside another view needs its index and siblings")
    }

    @Test func rejectsResponderOrderBeyondTheFirstController() {
        let start = ["UIButton|view|0|UIButton", "UIView|view", "HomeViewController|vc"]
        expectRejection(
            start + ["UIWindow|window", "UINavigationController|vc"],
            ChainError(entryIndex: 4, reason: .misplacedResponder(.viewController, after: .window)))
        expectRejection(
            start + ["UIApplication|app", "UIWindow|window"],
            ChainError(entryIndex: 4, reason: .misplacedResponder(.window, after: .application)))
        expectRejection(
            start + ["UIWindow|window", "UIWindow|window"],
            ChainError(entryIndex: 4, reason: .misplacedResponder(.window, after: .window)))
        expectRejection(
            start + ["AppDelegate|delegate", "UIApplication|app"],
            ChainError(
                entryIndex: 4, reason: .misplacedResponder(.application, after: .applicationDelegate)))
        let error = ChainError(entryIndex: 4, reason: .misplacedResponder(.view, after: .window))
        expectRejection(start + ["UIWindow|window", "UIView|view"], error)
        #expect(error.description == "responder chain entry 4: a view cannot follow a window")
    }

    @Test func reportsTheFirstBadEntryOfALongChain() {
        var chain = homeProductCellChain
        chain[4] = "UINavigationController|controller"
        chain[6] = "UIApplication|app|0|UIApplication"
        expectRejection(chain, ChainError(entryIndex: 4, reason: .unknownKind("controller")))
    }

    @Test func typedThrowsExposeTheEntryIndex() {
        do throws(ChainError) {
            _ = try ElementIdentity(parsing: ["UIButton|view|5|UIButton"])
            Issue.record("expected a ChainError")
        } catch {
            #expect(error.entryIndex == 0)
            #expect(error.reason == .indexOutOfRange(index: 5, siblingCount: 1))
        }
    }

    @Test func neverCrashesOnGarbage() {
        let pieces = [
            "|", ",", ":", "view", "cell", "vc", "window", "UIView", "0", "1", "9", "", "é", "\u{301}",
            "-",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            var chain: [String] = []
            for _ in 0..<(Int(state % 4) + 1) {
                var entry = ""
                for _ in 0..<(Int(state >> 7 % 9) + 1) {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    entry += pieces[Int(state >> 33) % pieces.count]
                }
                chain.append(entry)
            }
            if let identity = try? ElementIdentity(parsing: chain) {
                #expect(identity.responderPath.hasSuffix(identity.elementPath))
            }
        }
    }

    @Test func rejectsOrRebuildsEveryOneCharacterDeletion() {
        var rebuilt = 0
        var rejected = 0
        for entry in homeProductCellChain.indices {
            let text = homeProductCellChain[entry]
            for offset in 0..<text.count {
                var chain = homeProductCellChain
                var mutated = text
                mutated.remove(at: mutated.index(mutated.startIndex, offsetBy: offset))
                chain[entry] = mutated
                do throws(ChainError) {
                    let element = try ElementIdentity(parsing: chain)
                    #expect(element.responderPath.hasSuffix(element.elementPath))
                    rebuilt += 1
                } catch {
                    #expect(error.entryIndex == entry || error.entryIndex == entry - 1)
                    rejected += 1
                }
            }
        }
        #expect(rebuilt > 0)
        #expect(rejected > 0)
    }
}
