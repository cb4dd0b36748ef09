/// A regular expression that `LinearRegex` refuses, with where in the pattern the problem is.
public struct RegexError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the pattern is refused.
    public enum Kind: Sendable, Equatable {
        /// The pattern is not ECMA-262 syntax, for example `(a` or `[z-a]`; the text says what is wrong.
        case syntax(String)
        /// A construct that only a backtracking engine can run (`\1`, `\k<name>`, `(?=`, `(?!`, `(?<=`,
        /// `(?<!`), named as written.
        case needsBacktracking(String)
        /// A construct of ECMA-262 that this engine does not implement, for example `\p{Script=Greek}`.
        case unsupported(String)
        /// The compiled program would have more than `LinearRegex.maxInstructions` instructions
        /// (bounded repetition such as `a{1000}` is expanded into copies).
        case tooLarge
    }

    /// Why the pattern is refused.
    public let kind: Kind
    /// 0-based offset, in Unicode scalars, of the problem in the pattern.
    public let offset: Int

    /// Creates an error for `kind` at `offset`.
    public init(_ kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// What is wrong and where, for a message that already names the pattern and its location.
    public var description: String {
        switch kind {
        case .syntax(let reason):
            "\(reason) at offset \(offset)"
        case .needsBacktracking(let construct):
            "\(construct) at offset \(offset) needs a backtracking engine; atk refuses it so that every "
                + "pattern matches in time linear in the text (backreferences and lookaround are not supported)"
        case .unsupported(let construct):
            "\(construct) at offset \(offset) is not supported"
        case .tooLarge:
            "the pattern compiles to more than \(LinearRegex.maxInstructions) instructions (counted repetition "
                + "such as a{1000} is expanded into copies); use a smaller count or *, +"
        }
    }
}
