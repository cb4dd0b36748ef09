import ATKCore
import Foundation
import Testing

/// `paths rebuild`'s second pass: fill versus fix, splices, and lines copied byte for byte.
@Suite struct PathRewriterTests {
    private func rewrite(_ lines: [String], fix: Bool) throws -> (PathRewriter, [String]) {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.jsonl", lines.joined(separator: "\n") + "\n")
        var analysis = NavigationAnalysis(config: navigationConfig)
        _ = DumpReader(sources: [.file(input)]).read(into: &analysis)
        let output = directory.path("out.jsonl")
        let writer = try DumpWriter(path: output, gzip: false)
        var rewriter = PathRewriter(
            replay: analysis.replay(), pathProperty: "user_action_path", fix: fix, writer: writer)
        _ = DumpReader(sources: [.file(input)]).read(into: &rewriter)
        try writer.close()
        let text = try String(contentsOfFile: output, encoding: .utf8)
        return (rewriter, text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
    }

    private let lines = [
        // The conversion at line 5 comes first in the input but last in time: the history before
        // it (lines 2 to 4) is replayed before anything is written.
        addToCart("u", 9, #"["DL_HOME"]"#), viewScreen("u", 1, "Home"), tap("u", 2, "Home", "P1"),
        viewScreen("u", 3, "PDP"),
        #"{"type":"track","distinct_id":"u","time":4,"event":"AddToCart","properties":{"user_action_path":null, "k" : 1}}"#,
        #"{"type":"track","distinct_id":"u","time":5,"event":"AddToCart","properties":{}}"#, "{not json", "",
        addToCart("u", 6, #"["DL_HOME#P1","DL_PDP"]"#), track("w", 1, "AddToCart"),
    ]

    @Test("--fill writes missing paths only; every other line is copied byte for byte")
    func fill() throws {
        let (rewriter, written) = try rewrite(lines, fix: false)
        #expect(rewriter.filled == 2 && rewriter.fixed == 0)
        // The mismatch at line 1 and the unrebuildable conversion of w are left.
        #expect(rewriter.left == 2)
        #expect(rewriter.malformedLines == 1)
        #expect(
            written[4]
                == #"{"type":"track","distinct_id":"u","time":4,"event":"AddToCart","properties":{"user_action_path":["DL_HOME#P1","DL_PDP"], "k" : 1}}"#
        )
        #expect(
            written[5]
                == #"{"type":"track","distinct_id":"u","time":5,"event":"AddToCart","properties":{"user_action_path":["DL_HOME#P1","DL_PDP"]}}"#
        )
        let untouched = [0, 1, 2, 3, 6, 7, 8, 9]
        #expect(untouched.map { written[$0] } == untouched.map { lines[$0] })
        #expect(written.count == lines.count)
    }

    @Test("--fix also replaces a differing path")
    func fix() throws {
        let (rewriter, written) = try rewrite(lines, fix: true)
        #expect(rewriter.filled == 2 && rewriter.fixed == 1 && rewriter.left == 1)
        #expect(written[0] == addToCart("u", 9, #"["DL_HOME#P1","DL_PDP"]"#))
        #expect(written[8] == lines[8])
    }

    @Test("an empty rebuilt path is never written")
    func emptyPath() throws {
        let (rewriter, written) = try rewrite([viewScreen("u", 1, "Cart"), addToCart("u", 2)], fix: true)
        #expect(rewriter.filled == 0 && rewriter.left == 1)
        #expect(written[1] == addToCart("u", 2))
    }
}
