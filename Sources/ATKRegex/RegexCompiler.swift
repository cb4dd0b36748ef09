/// Compiles a `RegexNode` into Thompson-NFA instructions for `PikeVM`.
///
/// Repetition is expanded: `e{2,4}` becomes `e e (e (e)?)?`, so the program grows with the counts;
/// `LinearRegex` checks `RegexNode.instructionCount` against its limit before compiling.
struct RegexCompiler {
    private(set) var instructions: [RegexInstruction] = []
    /// The distinct sets of the pattern, indexed by the `set` instructions.
    private(set) var sets: [CodePointSet] = []
    private var setIndex: [CodePointSet: Int32] = [:]

    /// Emits `node` followed by `match`.
    mutating func compile(_ node: RegexNode) {
        emit(node)
        instructions.append(RegexInstruction(.match))
    }

    private var next: Int32 {
        Int32(instructions.count)
    }

    private mutating func emit(_ node: RegexNode) {
        switch node {
        case .empty:
            break
        case .codePoint(let value):
            instructions.append(RegexInstruction(.codePoint, Int32(value)))
        case .set(let set):
            if let value = set.singleCodePoint {
                instructions.append(RegexInstruction(.codePoint, Int32(value)))
                return
            }
            let index = setIndex[set] ?? Int32(sets.count)
            if index == sets.count {
                sets.append(set)
                setIndex[set] = index
            }
            instructions.append(RegexInstruction(.set, index))
        case .assertion(let assertion):
            let opcode: RegexInstruction.Opcode =
                switch assertion {
                case .start: .assertStart
                case .end: .assertEnd
                case .wordBoundary: .wordBoundary
                case .notWordBoundary: .notWordBoundary
                }
            instructions.append(RegexInstruction(opcode))
        case .sequence(let nodes):
            for node in nodes { emit(node) }
        case .alternation(let nodes):
            emitAlternation(nodes)
        case .repetition(let node, let min, let max):
            emitRepetition(node, min: min, max: max)
        }
    }

    private mutating func emitAlternation(_ nodes: [RegexNode]) {
        var jumps: [Int] = []
        for node in nodes.dropLast() {
            let split = instructions.count
            instructions.append(RegexInstruction(.split, next + 1))
            emit(node)
            jumps.append(instructions.count)
            instructions.append(RegexInstruction(.jump))
            instructions[split].alternative = next
        }
        if let last = nodes.last { emit(last) }
        for jump in jumps { instructions[jump].operand = next }
    }

    private mutating func emitRepetition(_ node: RegexNode, min: Int, max: Int?) {
        // Nothing to repeat (`(?:){9}`): also keeps a huge count from looping here.
        guard node.instructionCount > 0 else { return }
        var lastCopy = next
        for _ in 0..<min {
            lastCopy = next
            emit(node)
        }
        guard let max else {
            if min > 0 {
                // e{n,} is n-1 copies of e then e+: loop back over the last copy.
                instructions.append(RegexInstruction(.split, lastCopy, next + 1))
            } else {
                let loop = next
                instructions.append(RegexInstruction(.split, loop + 1))
                emit(node)
                instructions.append(RegexInstruction(.jump, loop))
                instructions[Int(loop)].alternative = next
            }
            return
        }
        var splits: [Int] = []
        for _ in min..<max {
            splits.append(instructions.count)
            instructions.append(RegexInstruction(.split, next + 1))
            emit(node)
        }
        for split in splits { instructions[split].alternative = next }
    }
}
