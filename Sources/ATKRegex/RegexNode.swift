/// A parsed regular expression, before compilation.
///
/// Groups are gone: only matching matters, not captures.
indirect enum RegexNode: Sendable, Equatable {
    /// A zero-width condition on the position.
    enum Assertion: Sendable, Equatable {
        /// `^`: the start of the text.
        case start
        /// `$`: the end of the text (ECMA-262 without the multiline flag; not before a final newline).
        case end
        /// `\b`: between a word character (ASCII `\w`) and a non-word one, either way round.
        case wordBoundary
        /// `\B`: not at a word boundary.
        case notWordBoundary
    }

    /// Matches the empty string (an empty alternative or group).
    case empty
    /// One code point.
    case codePoint(UInt32)
    /// One code point of a set.
    case set(CodePointSet)
    /// The nodes one after the other.
    case sequence([RegexNode])
    /// Any one of the nodes.
    case alternation([RegexNode])
    /// `node` at least `min` times and at most `max` (`nil`: unbounded).
    case repetition(RegexNode, min: Int, max: Int?)
    /// A zero-width assertion.
    case assertion(Assertion)

    /// How many instructions `RegexCompiler` emits for the node, saturating at `Int.max`.
    var instructionCount: Int {
        switch self {
        case .empty:
            return 0
        case .codePoint, .set, .assertion:
            return 1
        case .sequence(let nodes):
            return nodes.reduce(0) { RegexNode.add($0, $1.instructionCount) }
        case .alternation(let nodes):
            // A split and a jump per alternative but the last.
            let body = nodes.reduce(0) { RegexNode.add($0, $1.instructionCount) }
            return RegexNode.add(body, RegexNode.multiply(2, nodes.count - 1))
        case .repetition(let node, let min, let max):
            let size = node.instructionCount
            guard size > 0 else { return 0 }
            guard let max else {
                // `e*` is split, e, jump; `e{n,}` is n copies of e followed by a split back to the last.
                return min == 0 ? RegexNode.add(size, 2) : RegexNode.add(RegexNode.multiply(min, size), 1)
            }
            // Each optional copy is a split and the copy.
            return RegexNode.add(RegexNode.multiply(min, size), RegexNode.multiply(max - min, RegexNode.add(size, 1)))
        }
    }

    /// Whether the node can match without consuming a code point (assertions aside).
    var isNullable: Bool {
        switch self {
        case .empty, .assertion: true
        case .codePoint, .set: false
        case .sequence(let nodes): nodes.allSatisfy(\.isNullable)
        case .alternation(let nodes): nodes.contains(where: \.isNullable)
        case .repetition(let node, let min, _): min == 0 || node.isNullable
        }
    }

    /// Whether every match must start at the start of the text (the node opens with `^` on every path).
    var isAnchoredAtStart: Bool {
        switch self {
        case .assertion(let assertion): assertion == .start
        case .empty, .codePoint, .set: false
        case .sequence(let nodes):
            nodes.first { !$0.isZeroWidthNonStart }?.isAnchoredAtStart ?? false
        case .alternation(let nodes): nodes.allSatisfy(\.isAnchoredAtStart)
        case .repetition(let node, let min, _): min > 0 && node.isAnchoredAtStart
        }
    }

    /// Whether the node is an assertion other than `^`, which a sequence may pass over to find its `^`.
    private var isZeroWidthNonStart: Bool {
        if case .assertion(let assertion) = self { return assertion != .start }
        return false
    }

    private static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    private static func multiply(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? .max : product
    }
}
