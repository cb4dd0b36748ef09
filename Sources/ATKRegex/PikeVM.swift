/// Thompson-NFA simulation (a Pike VM without captures) of a `RegexProgram` over UTF-8 text.
///
/// All threads advance together one code point at a time; a thread reaching an instruction that a
/// thread already reached at the same position is dropped, so each position costs at most one visit
/// per instruction and a search is O(n·m) for n bytes of text and m instructions, whatever the
/// pattern. The search is unanchored: a thread starts at every position until one reaches `match`.
/// Code points are decoded from the bytes as they are read; invalid UTF-8 reads as U+FFFD, one
/// maximal invalid subsequence at a time, as `String(decoding:as:)` does.
struct PikeVM {
    /// Where a thread's closure is computed: what the zero-width assertions look at.
    private struct Position {
        let atStart: Bool
        let atEnd: Bool
        let afterWord: Bool
        let beforeWord: Bool
    }

    private let code: UnsafeBufferPointer<RegexInstruction>
    private let classes: UnsafeBufferPointer<CodePointClass>
    private let ranges: UnsafeBufferPointer<ClosedRange<UInt32>>
    private let properties: UnsafeBufferPointer<CodePointSet.PropertyTest>
    /// Per instruction, the generation in which a thread last reached it.
    private let marks: UnsafeMutablePointer<Int32>
    private var current: UnsafeMutablePointer<Int32>
    private var next: UnsafeMutablePointer<Int32>
    private let stack: UnsafeMutablePointer<Int32>
    private var generation: Int32 = 0

    /// Scratch `Int32`s a match of a program of `count` instructions needs.
    static func scratchCount(instructions count: Int) -> Int {
        4 * count
    }

    /// A machine over a program's tables, with `scratch` pointing to `scratchCount` elements (contents ignored).
    init(
        code: UnsafeBufferPointer<RegexInstruction>, classes: UnsafeBufferPointer<CodePointClass>,
        ranges: UnsafeBufferPointer<ClosedRange<UInt32>>, properties: UnsafeBufferPointer<CodePointSet.PropertyTest>,
        scratch base: UnsafeMutablePointer<Int32>
    ) {
        self.code = code
        self.classes = classes
        self.ranges = ranges
        self.properties = properties
        let count = code.count
        marks = base
        current = base + count
        next = base + 2 * count
        stack = base + 3 * count
        marks.initialize(repeating: 0, count: count)
    }

    /// Whether the program matches somewhere in `utf8`.
    ///
    /// - Complexity: O(n·m) for n bytes and m instructions; while no thread is alive, a program whose
    ///   matches start with a code point skips bytes that cannot start one at a table lookup each.
    mutating func search(_ utf8: UnsafeRawBufferPointer, anchored: Bool, skipping firstBytes: [UInt64]?) -> Bool {
        let count = utf8.count
        var offset = 0
        var (codePoint, length) = count > 0 ? PikeVM.decode(utf8, 0) : (0, 0)
        var live = 0
        generation = 1
        let start = Position(
            atStart: true, atEnd: count == 0, afterWord: false,
            beforeWord: count > 0 && PikeVM.isWord(codePoint))
        if addThread(0, start, into: current, &live) { return true }
        while offset < count {
            if live == 0 {
                if anchored { return false }
                if let firstBytes {
                    // No thread is alive: jump to the next byte that can start a match.
                    var candidate = offset + length
                    while candidate < count, !PikeVM.contains(firstBytes, utf8[candidate]) { candidate += 1 }
                    guard candidate < count else { return false }
                    offset = candidate
                    (codePoint, length) = PikeVM.decode(utf8, offset)
                    advanceGeneration()
                    let position = Position(
                        atStart: false, atEnd: false,
                        afterWord: PikeVM.isWord(UInt32(utf8[offset - 1])),
                        beforeWord: PikeVM.isWord(codePoint))
                    if addThread(0, position, into: current, &live) { return true }
                    continue
                }
            }
            let nextOffset = offset + length
            let (nextCodePoint, nextLength) = nextOffset < count ? PikeVM.decode(utf8, nextOffset) : (0, 0)
            let position = Position(
                atStart: false, atEnd: nextOffset == count, afterWord: PikeVM.isWord(codePoint),
                beforeWord: nextOffset < count && PikeVM.isWord(nextCodePoint))
            advanceGeneration()
            var nextLive = 0
            for index in 0..<live {
                let pc = current[index]
                let instruction = code[Int(pc)]
                let consumed =
                    instruction.opcode == .codePoint
                    ? UInt32(instruction.operand) == codePoint
                    : classes[Int(instruction.operand)].contains(codePoint, ranges, properties)
                if consumed, addThread(pc + 1, position, into: next, &nextLive) { return true }
            }
            if !anchored, addThread(0, position, into: next, &nextLive) { return true }
            swap(&current, &next)
            live = nextLive
            offset = nextOffset
            codePoint = nextCodePoint
            length = nextLength
        }
        return false
    }

    /// Starts a generation (a position), clearing the marks when the counter would overflow.
    @inline(__always)
    private mutating func advanceGeneration() {
        if generation == .max {
            marks.update(repeating: 0, count: code.count)
            generation = 0
        }
        generation += 1
    }

    /// Adds the thread at `pc` and every thread it reaches without consuming to `list`: the
    /// consuming instructions, each once per generation.
    ///
    /// Returns whether one reached `match`.
    @inline(__always)
    private func addThread(
        _ pc: Int32, _ position: Position, into list: UnsafeMutablePointer<Int32>,
        _ listCount: inout Int
    ) -> Bool {
        guard marks[Int(pc)] != generation else { return false }
        marks[Int(pc)] = generation
        stack[0] = pc
        var top = 1
        // Marking on push keeps each instruction on the stack at most once, so `stack` never overflows.
        func push(_ target: Int32) {
            if marks[Int(target)] != generation {
                marks[Int(target)] = generation
                stack[top] = target
                top += 1
            }
        }
        while top > 0 {
            top -= 1
            let pc = stack[top]
            let instruction = code[Int(pc)]
            switch instruction.opcode {
            case .codePoint, .set:
                list[listCount] = pc
                listCount += 1
            case .match:
                return true
            case .jump:
                push(instruction.operand)
            case .split:
                push(instruction.alternative)
                push(instruction.operand)
            case .assertStart:
                if position.atStart { push(pc + 1) }
            case .assertEnd:
                if position.atEnd { push(pc + 1) }
            case .wordBoundary:
                if position.afterWord != position.beforeWord { push(pc + 1) }
            case .notWordBoundary:
                if position.afterWord == position.beforeWord { push(pc + 1) }
            }
        }
        return false
    }

    // MARK: - Text

    /// Whether `value` is an ECMA-262 word character: ASCII letters, digits and `_`.
    @inline(__always)
    private static func isWord(_ value: UInt32) -> Bool {
        switch value {
        case 0x30...0x39, 0x41...0x5A, 0x5F, 0x61...0x7A: true
        default: false
        }
    }

    @inline(__always)
    private static func contains(_ bits: [UInt64], _ byte: UInt8) -> Bool {
        bits[Int(byte >> 6)] & (1 << UInt64(byte & 63)) != 0
    }

    /// The code point at `offset` (which is below `utf8.count`) and its length in bytes.
    @inline(__always)
    static func decode(_ utf8: UnsafeRawBufferPointer, _ offset: Int) -> (UInt32, Int) {
        let lead = utf8[offset]
        return lead < 0x80 ? (UInt32(lead), 1) : decodeMultibyte(utf8, offset)
    }

    /// `decode` for a non-ASCII lead byte: a valid sequence, or U+FFFD for its longest invalid prefix.
    private static func decodeMultibyte(_ utf8: UnsafeRawBufferPointer, _ offset: Int) -> (UInt32, Int) {
        let lead = UInt32(utf8[offset])
        let length: Int
        var value: UInt32
        // The second byte's range depends on the lead byte (no overlong forms, surrogates or values above U+10FFFF).
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = lead & 0x1F
        case 0xE0...0xEF:
            length = 3
            value = lead & 0x0F
            if lead == 0xE0 { secondRange = 0xA0...0xBF } else if lead == 0xED { secondRange = 0x80...0x9F }
        case 0xF0...0xF4:
            length = 4
            value = lead & 0x07
            if lead == 0xF0 { secondRange = 0x90...0xBF } else if lead == 0xF4 { secondRange = 0x80...0x8F }
        default:
            return (0xFFFD, 1)
        }
        for index in 1..<length {
            guard offset + index < utf8.count else { return (0xFFFD, index) }
            let byte = utf8[offset + index]
            guard index == 1 ? secondRange.contains(byte) : (0x80...0xBF).contains(byte) else { return (0xFFFD, index) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (value, length)
    }
}
