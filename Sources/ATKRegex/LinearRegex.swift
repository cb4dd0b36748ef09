/// An ECMA-262 regular expression that matches in time linear in the text.
///
/// The pattern is compiled into a Thompson NFA and searched with a Pike VM (`PikeVM`): every
/// possible match is followed at once, one code point at a time, so no input can make the search
/// backtrack. A search of n bytes costs O(n·m) for a program of m instructions (m is bounded by
/// `maxInstructions`), and allocates nothing for programs of up to 64 instructions.
///
/// Semantics are ECMA-262's, as JSON Schema specifies for `pattern`, evaluated with the `u` flag:
/// - the search is unanchored; `^` matches only at the start of the text and `$` only at its end
///   (no multiline flag: not before a final newline);
/// - the text is matched by code point (UTF-8 decoded as it is read; invalid bytes read as U+FFFD);
/// - `\d`, `\w` and `\b` are ASCII-only; `\s` is ECMA's WhiteSpace and LineTerminator (U+FEFF and
///   the Space_Separator code points included); `.` is any code point but `\n`, `\r`, U+2028, U+2029;
/// - classes with ranges and negation; escapes `\t \n \v \f \r \0 \cX \xHH \uHHHH \u{H…}`, surrogate
///   pairs written as two `\u` escapes; `\p{…}` / `\P{…}` for General_Category values and binary
///   properties;
/// - groups `(…)`, `(?:…)`, `(?<name>…)`, alternation, and the quantifiers `* + ? {n} {n,} {n,m}`
///   with their lazy forms (laziness cannot change whether a search matches).
///
/// Refused with a `RegexError`: backreferences and lookaround (`.needsBacktracking`), Script
/// properties (`.unsupported`), and programs beyond `maxInstructions` (`.tooLarge`).
public struct LinearRegex: Sendable {
    /// The most instructions a compiled pattern may have.
    ///
    /// Counted repetition is expanded into copies, so this bounds `a{100000}` (and nestings such as
    /// `(a{1000}){100}`) and with it the memory of the program and of each search (16 bytes per
    /// instruction) and the time per byte.
    public static let maxInstructions = 100_000

    /// The pattern as written.
    public let source: String
    private let program: RegexProgram

    /// Compiles `pattern`.
    /// - Throws: `RegexError` for invalid syntax, a construct that needs backtracking, an unsupported
    ///   construct, or a program of more than `maxInstructions` instructions.
    public init(_ pattern: String) throws(RegexError) {
        var parser = RegexParser(pattern)
        let node = try parser.parse()
        // One more for the final `match`.
        guard node.instructionCount < LinearRegex.maxInstructions else { throw RegexError(.tooLarge, at: 0) }
        source = pattern
        program = RegexProgram(node)
    }

    /// Whether the pattern matches somewhere in the UTF-8 text `utf8`.
    ///
    /// Safe to call from several threads at once: the scratch space is per call, on the stack for
    /// programs of up to 64 instructions.
    ///
    /// - Complexity: O(n·m) for n bytes and m instructions.
    public func matches(_ utf8: UnsafeRawBufferPointer) -> Bool {
        let program = program
        let scratchCount = PikeVM.scratchCount(instructions: program.instructions.count)
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: scratchCount) { scratch in
            // Never taken: every program ends with `match`, so the scratch is never empty.
            guard let scratch = scratch.baseAddress else { return false }
            return program.instructions.withUnsafeBufferPointer { code in
                program.classes.withUnsafeBufferPointer { classes in
                    program.ranges.withUnsafeBufferPointer { ranges in
                        program.properties.withUnsafeBufferPointer { properties in
                            var machine = PikeVM(
                                code: code, classes: classes, ranges: ranges, properties: properties,
                                scratch: scratch)
                            return machine.search(
                                utf8, anchored: program.isAnchoredAtStart,
                                skipping: program.startsWithCodePoint ? program.firstBytes : nil)
                        }
                    }
                }
            }
        }
    }

    /// Whether the pattern matches somewhere in `text`.
    ///
    /// - Complexity: O(n·m) for n UTF-8 bytes and m instructions.
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches(UnsafeRawBufferPointer($0)) }
    }
}
