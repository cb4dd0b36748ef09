import ATKCore
import Testing

/// The comparison: the first kind that applies, on whole NODE#entity strings.
@Suite struct PathOutcomeTests {
    private let rebuilt = ["DL_HOME#P1", "DL_ARTICLE", "DL_PDP#P2"]

    @Test("an empty stack is unrebuildable whatever was recorded; a missing path is missing")
    func unrebuildableFirst() {
        #expect(PathOutcome(recorded: .nodes(["DL_HOME"]), rebuilt: nil) == .unrebuildable)
        #expect(PathOutcome(recorded: .missing, rebuilt: nil) == .unrebuildable)
        #expect(PathOutcome(recorded: .missing, rebuilt: rebuilt) == .missing)
        #expect(PathOutcome(recorded: .unreadable, rebuilt: rebuilt) == .mismatch(.unreadable))
    }

    @Test("match, entities, prefix, suffix, nodes")
    func kinds() {
        #expect(PathOutcome(recorded: .nodes(rebuilt), rebuilt: rebuilt) == .match)
        #expect(
            PathOutcome(recorded: .nodes(["DL_HOME#P9", "DL_ARTICLE", "DL_PDP"]), rebuilt: rebuilt)
                == .mismatch(.entities))
        #expect(PathOutcome(recorded: .nodes(["DL_HOME#P1", "DL_ARTICLE"]), rebuilt: rebuilt) == .mismatch(.prefix))
        #expect(PathOutcome(recorded: .nodes(["DL_ARTICLE", "DL_PDP#P2"]), rebuilt: rebuilt) == .mismatch(.suffix))
        // A shorter path that is neither prefix nor suffix, whole strings compared.
        #expect(PathOutcome(recorded: .nodes(["DL_HOME", "DL_ARTICLE"]), rebuilt: rebuilt) == .mismatch(.nodes))
        #expect(PathOutcome(recorded: .nodes(["DL_ARTICLE", "DL_PDP"]), rebuilt: rebuilt) == .mismatch(.nodes))
        #expect(PathOutcome(recorded: .nodes(rebuilt + ["DL_PDP"]), rebuilt: rebuilt) == .mismatch(.nodes))
        #expect(PathOutcome(recorded: .nodes(["DL_HOME"]), rebuilt: []) == .mismatch(.nodes))
    }
}
