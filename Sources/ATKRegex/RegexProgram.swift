/// A compiled pattern: immutable instructions and flat classes, shared by every copy of a `LinearRegex`
/// and safe to match from any number of threads at once (each match brings its own scratch).
final class RegexProgram: Sendable {
    let instructions: [RegexInstruction]
    let classes: [CodePointClass]
    /// The non-ASCII ranges of every class, class after class.
    let ranges: [ClosedRange<UInt32>]
    /// The properties of every class, class after class.
    let properties: [CodePointSet.PropertyTest]
    /// Whether every match starts at offset 0 (each path opens with `^`): no thread is started later.
    let isAnchoredAtStart: Bool
    /// Whether every match consumes a code point first, one whose first UTF-8 byte is in `firstBytes`;
    /// then positions whose byte is not can be skipped while no thread is alive.
    let startsWithCodePoint: Bool
    /// 256 bits: the bytes a match can start with (every byte of U+0080 and above counts as possible
    /// when a non-ASCII code point can start a match).
    let firstBytes: [UInt64]

    /// Compiles `node`, whose `instructionCount` the caller has checked.
    init(_ node: RegexNode) {
        var compiler = RegexCompiler()
        compiler.compile(node)
        instructions = compiler.instructions
        var classes: [CodePointClass] = []
        var ranges: [ClosedRange<UInt32>] = []
        var properties: [CodePointSet.PropertyTest] = []
        for set in compiler.sets {
            let rangeStart = ranges.count
            ranges += set.ranges
            let propertyStart = properties.count
            properties += set.properties
            classes.append(
                CodePointClass(
                    asciiLow: set.asciiLow, asciiHigh: set.asciiHigh,
                    ranges: rangeStart..<ranges.count,
                    properties: propertyStart..<properties.count, negated: set.negated))
        }
        self.classes = classes
        self.ranges = ranges
        self.properties = properties
        isAnchoredAtStart = node.isAnchoredAtStart
        startsWithCodePoint = !node.isNullable
        firstBytes = RegexProgram.firstBytes(compiler.instructions, compiler.sets)
    }

    /// The first bytes of what the instructions reached from the start without consuming can consume,
    /// taking every assertion as true (a superset is safe: it only skips less).
    private static func firstBytes(_ instructions: [RegexInstruction], _ sets: [CodePointSet]) -> [UInt64] {
        var bits: [UInt64] = [0, 0, 0, 0]
        var seen = Set<Int32>()
        var stack: [Int32] = [0]
        func markNonASCII() {
            bits[2] = ~0
            bits[3] = ~0
        }
        while let pc = stack.popLast() {
            guard seen.insert(pc).inserted else { continue }
            let instruction = instructions[Int(pc)]
            switch instruction.opcode {
            case .codePoint:
                let value = UInt32(instruction.operand)
                if value < 0x80 { bits[Int(value / 64)] |= 1 << UInt64(value % 64) } else { markNonASCII() }
            case .set:
                let set = sets[Int(instruction.operand)]
                bits[0] |= set.asciiLow
                bits[1] |= set.asciiHigh
                if set.mayContainNonASCII { markNonASCII() }
            case .split:
                stack += [instruction.operand, instruction.alternative]
            case .jump:
                stack.append(instruction.operand)
            case .assertStart, .assertEnd, .wordBoundary, .notWordBoundary:
                stack.append(pc + 1)
            case .match:
                break
            }
        }
        return bits
    }
}
