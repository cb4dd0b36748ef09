/// One instruction of a compiled `RegexProgram`: 12 bytes of plain data.
struct RegexInstruction: Sendable {
    /// What the instruction does.
    enum Opcode: UInt8, Sendable {
        /// Consume the code point `operand`.
        case codePoint
        /// Consume a code point of class `operand` (an index of `RegexProgram.classes`).
        case set
        /// Continue at both `operand` and `alternative`.
        case split
        /// Continue at `operand`.
        case jump
        /// Continue at the next instruction if at the start of the text (`^`).
        case assertStart
        /// Continue at the next instruction if at the end of the text (`$`).
        case assertEnd
        /// Continue at the next instruction if at a word boundary (`\b`).
        case wordBoundary
        /// Continue at the next instruction if not at a word boundary (`\B`).
        case notWordBoundary
        /// The pattern has matched.
        case match
    }

    let opcode: Opcode
    /// A code point, class index or target, per `opcode`.
    var operand: Int32
    /// The second target of a `split`.
    var alternative: Int32

    init(_ opcode: Opcode, _ operand: Int32 = 0, _ alternative: Int32 = 0) {
        self.opcode = opcode
        self.operand = operand
        self.alternative = alternative
    }
}
