import ATKCore
import Testing

/// Every rule of the navigation model, worked by hand.
@Suite struct NavigationAnalysisTests {
    @Test("views push, clicks set the top frame's action, the path runs bottom to top")
    func push() {
        let paths = rebuiltPaths([
            viewScreen("u", 1, "Home"), tap("u", 2, "Home", "P1"), viewScreen("u", 3, "Article"),
            tap("u", 4, "Article", "A7"), viewScreen("u", 5, "PDP"), addToCart("u", 6),
        ])
        #expect(paths == [["DL_HOME#P1", "DL_ARTICLE#A7", "DL_PDP"]])
    }

    @Test("a root replaces the whole stack; a root without a node leaves an empty path")
    func rootReset() {
        let paths = rebuiltPaths([
            viewScreen("u", 1, "Home"), viewScreen("u", 2, "Article"), viewScreen("u", 3, "PDP"),
            viewScreen("u", 4, "Cart"), addToCart("u", 5), viewScreen("u", 6, "Home"), addToCart("u", 7),
        ])
        #expect(paths == [[], ["DL_HOME"]])
    }

    @Test("a screen already on the stack pops what is above it; its frame keeps its last action")
    func popToEarlier() {
        let paths = rebuiltPaths([
            viewScreen("u", 1, "Home"), tap("u", 2, "Home", "P1"), viewScreen("u", 3, "Article"),
            tap("u", 4, "Article", "A1"), viewScreen("u", 5, "PDP"), tap("u", 6, "PDP", "P2"),
            viewScreen("u", 7, "Article"), addToCart("u", 8),
        ])
        #expect(paths == [["DL_HOME#P1", "DL_ARTICLE#A1"]])
    }

    @Test("the top screen viewed again pops nothing and keeps its action")
    func sameScreenTwice() {
        let paths = rebuiltPaths([
            viewScreen("u", 1, "Home"), viewScreen("u", 2, "Article"), tap("u", 3, "Article", "A1"),
            viewScreen("u", 4, "Article"), addToCart("u", 5),
        ])
        #expect(paths == [["DL_HOME", "DL_ARTICLE#A1"]])
    }

    @Test("clicks with an empty stack or on another screen than the top change nothing and are counted")
    func offStackClicks() {
        let replay = replayNavigation([
            tap("u", 1, "Home", "P0"), viewScreen("u", 2, "Home"), tap("u", 3, "Home", "P1"),
            viewScreen("u", 4, "Article"), tap("u", 5, "Home", "P9"), tap("u", 6, "Search", "S1"),
            tap("u", 7, "Article"), viewScreen("u", 8, "Home"), addToCart("u", 9),
        ])
        #expect(replay.offStackClicks == 3)
        #expect(replay.conversions.map(\.rebuilt) == [["DL_HOME"]])
    }

    @Test("a click without an entity, or with an empty one, clears the frame's action")
    func clickWithoutEntity() {
        let paths = rebuiltPaths([
            viewScreen("u", 1, "Home"), tap("u", 2, "Home", "P1"), tap("u", 3, "Home"), addToCart("u", 4),
            tap("u", 5, "Home", "P2"), tap("u", 6, "Home", ""), addToCart("u", 7), tap("u", 8, "Home", "P3"),
            addToCart("u", 9),
        ])
        #expect(paths == [["DL_HOME"], ["DL_HOME"], ["DL_HOME#P3"]])
    }

    @Test("$AppStart in the middle empties the stack: the next conversion is unrebuildable")
    func appStartInTheMiddle() {
        let paths = rebuiltPaths([
            viewScreen("u", 1, "Home"), viewScreen("u", 2, "Article"), track("u", 3, "$AppStart"),
            addToCart("u", 4), viewScreen("u", 5, "Search"), addToCart("u", 6),
        ])
        #expect(paths == [nil, ["DL_SEARCH"]])
    }

    @Test("events take effect in time order; equal times keep input order")
    func timeOrderAndTies() {
        let paths = rebuiltPaths([
            viewScreen("u", 30, "PDP"), viewScreen("u", 10, "Home"), addToCart("u", 40),
            // Same time: the click before the conversion in input order counts, the one after does not.
            tap("u", 50, "PDP", "P1"), addToCart("u", 50), tap("u", 50, "PDP", "P2"),
        ])
        #expect(paths == [["DL_HOME", "DL_PDP"], ["DL_HOME", "DL_PDP#P1"]])
    }

    @Test("screens without a node stay on the stack but are left out of the path")
    func screensWithoutNode() {
        let paths = rebuiltPaths([
            viewScreen("u", 1, "Home"), viewScreen("u", 2, "Settings"), tap("u", 3, "Settings", "X1"),
            viewScreen("u", 4, "PDP"), addToCart("u", 5), viewScreen("u", 6, "Settings"), addToCart("u", 7),
        ])
        #expect(paths == [["DL_HOME", "DL_PDP"], ["DL_HOME"]])
    }

    @Test("users have stacks of their own; conversions are listed in input order")
    func usersApart() {
        let paths = rebuiltPaths([
            viewScreen("u", 1, "Home"), viewScreen("v", 1, "Search"), viewScreen("u", 2, "PDP"),
            addToCart("v", 3), addToCart("u", 3),
        ])
        #expect(paths == [["DL_SEARCH"], ["DL_HOME", "DL_PDP"]])
    }

    @Test("a conversion without a user key or integer time cannot be placed: unrebuildable")
    func unplacedConversion() {
        let replay = replayNavigation([
            viewScreen("u", 1, "Home"),
            #"{"type":"track","time":2,"event":"AddToCart","properties":{"user_action_path":["DL_HOME"]}}"#,
            #"{"type":"track","distinct_id":"u","time":"x","event":"AddToCart","properties":{}}"#,
            #"{"type":"track","distinct_id":"u","event":"$AppViewScreen","properties":{"$screen_name":"PDP"}}"#,
            track("u", 3, "$AppViewScreen"), addToCart("u", 4),
        ])
        #expect(replay.conversions.map(\.rebuilt) == [nil, nil, ["DL_HOME"]])
        #expect(replay.conversions.map(\.recorded) == [.nodes(["DL_HOME"]), .missing, .missing])
        #expect(replay.unplacedEvents == 2)
    }

    @Test("recorded paths are read in both forms as NODE#entity strings")
    func recordedForms() {
        let replay = replayNavigation([
            addToCart("u", 1, #"["DL_HOME#P1","DL_PDP"]"#),
            addToCart("u", 2, #"{"nodesV2":["DL_HOME","DL_PDP"],"entityIndexes":[1],"entityIds":["P2"]}"#),
            addToCart("u", 3, #""DL_HOME""#), addToCart("u", 4, "[]"),
        ])
        #expect(
            replay.conversions.map(\.recorded) == [
                .nodes(["DL_HOME#P1", "DL_PDP"]), .nodes(["DL_HOME", "DL_PDP#P2"]), .unreadable, .missing,
            ])
    }

    @Test("only track-type events count; a view of a screen named by the config only")
    func trackTypeOnly() {
        let paths = rebuiltPaths([
            viewScreen("u", 1, "Home"),
            #"{"type":"profile_set","distinct_id":"u","time":2,"event":"$AppViewScreen","properties":{"$screen_name":"PDP"}}"#,
            addToCart("u", 3),
        ])
        #expect(paths == [["DL_HOME"]])
    }

    @Test("the worked example of Docs/paths.md, line by line")
    func docsWorkedExample() {
        let replay = replayNavigation([
            track("u", 1, "$AppStart"), viewScreen("u", 2, "Home"), tap("u", 3, "Home", "P1"),
            viewScreen("u", 4, "Article"), tap("u", 5, "Article", "A7"), viewScreen("u", 6, "PDP"),
            tap("u", 7, "Home", "P9"), addToCart("u", 8), viewScreen("u", 9, "Article"), viewScreen("u", 9, "Settings"),
            addToCart("u", 10), viewScreen("u", 11, "Cart"), addToCart("u", 12), track("u", 13, "$AppStart"),
            addToCart("u", 14),
        ])
        #expect(
            replay.conversions.map(\.rebuilt) == [
                ["DL_HOME#P1", "DL_ARTICLE#A7", "DL_PDP"], ["DL_HOME#P1", "DL_ARTICLE#A7"], [], nil,
            ])
        #expect(replay.offStackClicks == 1)
    }
}
