/// A regular expression made only of ASCII character sets with quantifiers, optionally
/// anchored by a leading `^` and a trailing `$` (for example `^[A-Z]{3}-[0-9]+$`), matched directly on
/// UTF-8 bytes without allocating, in time linear in the bytes.
///
/// Because every set holds only ASCII characters, a byte-level match is exactly the
/// ECMA-262 code-point match: bytes of multi-byte UTF-8 sequences never match a set.
///
/// A group made optional by `?` (`^[0-9]+(:[0-9]+)?$`, also `(?:...)?`) holding no group or
/// `|` of its own is allowed too: the pattern matches somewhere exactly when the pattern
/// without the group or the pattern with the group's text inlined does, so each such
/// pattern is kept as those alternatives (up to `maxBranches`). Anything else (other
/// groups, alternation, `.`, `\s`, negated classes, non-ASCII characters, lookarounds, ...)
/// is not a simple pattern and is left to `LinearRegex`.
///
/// Every branch must also be decided by one greedy pass from each start (see `Branch.isGreedy`):
/// its atoms' lengths are forced. An anchored branch has one start; an unanchored one is tried
/// from every offset, so it must reach at most `maxUnanchoredReach` bytes from each. Matching
/// the rest here meant retrying lengths (`^a*a*a*a*b` backtracks through every split of a run of
/// `a`s: polynomial of the pattern's degree) or rescanning (`a?[0-9]+x` scans a run of digits
/// from each of its bytes: quadratic), so those go to `LinearRegex`, which is linear for them.
struct SimplePattern: Sendable {
    /// One character set with its repetition bounds.
    struct Atom: Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var min = 1
        var max = 1

        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
        }

        mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }

        mutating func insert(_ range: ClosedRange<UInt8>) {
            for byte in range { insert(byte) }
        }
    }

    /// One alternative: a range of atoms between optional anchors.
    ///
    /// Plain data, so a compiled program can keep every pattern's branches and atoms in flat tables
    /// and match them without copying (and retaining) a pattern per match.
    struct Branch: Sendable {
        var atoms: Range<Int>
        let anchoredStart: Bool
        let anchoredEnd: Bool

        /// Whether taking as many bytes as possible for each atom decides the match, with no
        /// backtracking: each atom of variable length shares no byte with the atoms that could
        /// consume the byte after it, which are the atoms up to and including the next one that
        /// needs a byte (all the rest when none does).
        ///
        /// In any match such an atom takes its whole run (up to its maximum): the byte after a
        /// shorter take would be one of its own, which no later atom could consume
        /// (`^[0-9]+\.[0-9]+$`, `^a?b*c{2,}$`).
        static func isGreedy(_ atoms: [Atom]) -> Bool {
            atoms.indices.allSatisfy { index in
                let atom = atoms[index]
                guard atom.min != atom.max else { return true }
                for next in atoms[(index + 1)...] {
                    guard atom.low & next.low == 0, atom.high & next.high == 0 else { return false }
                    if next.min >= 1 { break }
                }
                return true
            }
        }
    }

    /// Most alternatives optional groups may expand to (2 per group).
    static let maxBranches = 8
    /// Most bytes an unanchored branch may read from one start (the sum of its atoms' maxima), which
    /// bounds a search to that many byte checks per byte of text.
    static let maxUnanchoredReach = 100

    /// The atoms of every branch, branch after branch.
    let atoms: [Atom]
    let branches: [Branch]

    /// Parses `pattern`, or returns `nil` when it is not a simple pattern.
    init?(_ pattern: String) {
        guard let expansions = SimplePattern.expandingOptionalGroups(Array(pattern.unicodeScalars)) else { return nil }
        var atoms: [Atom] = []
        var branches: [Branch] = []
        for scalars in expansions {
            var parser = Parser(scalars: scalars)
            guard let parsed = parser.parse() else { return nil }
            // Capped, so that an unbounded atom (`max` is `Int.max`) cannot overflow the sum.
            let cap = Self.maxUnanchoredReach + 1
            let reach = parsed.atoms.reduce(0) { min($0 + min($1.max, cap), cap) }
            guard Branch.isGreedy(parsed.atoms), parsed.anchoredStart || reach <= Self.maxUnanchoredReach else {
                return nil
            }
            let start = atoms.count
            atoms.append(contentsOf: parsed.atoms)
            branches.append(
                Branch(
                    atoms: start..<atoms.count, anchoredStart: parsed.anchoredStart,
                    anchoredEnd: parsed.anchoredEnd))
        }
        self.atoms = atoms
        self.branches = branches
    }

    /// Whether the pattern matches somewhere in `utf8`.
    ///
    /// - Complexity: O(n) for n bytes, per branch (times its reach when unanchored).
    func matches(_ utf8: UnsafeRawBufferPointer) -> Bool {
        atoms.withUnsafeBufferPointer { atoms in
            branches.withUnsafeBufferPointer { SimplePattern.matches($0, atoms, utf8) }
        }
    }

    /// Whether one of `branches` (whose ranges index `atoms`) matches somewhere in `utf8`.
    ///
    /// - Complexity: O(n) for n bytes, per branch: each atom takes its run and none is retried; an
    ///   unanchored branch is tried from each offset, reading at most `maxUnanchoredReach` bytes.
    static func matches(
        _ branches: UnsafeBufferPointer<Branch>, _ atoms: UnsafeBufferPointer<Atom>,
        _ utf8: UnsafeRawBufferPointer
    ) -> Bool {
        for branch in branches {
            let sets = UnsafeBufferPointer(rebasing: atoms[branch.atoms])
            let starts = branch.anchoredStart ? 0...0 : 0...utf8.count
            for start in starts where matchGreedily(sets, branch.anchoredEnd, start, utf8) {
                return true
            }
        }
        return false
    }

    /// Whether a branch's atoms match from `start`, each taking as many bytes as it can.
    private static func matchGreedily(
        _ atoms: UnsafeBufferPointer<Atom>, _ anchoredEnd: Bool, _ start: Int,
        _ utf8: UnsafeRawBufferPointer
    ) -> Bool {
        var position = start
        for atom in atoms {
            var taken = 0
            while taken < atom.max, position + taken < utf8.count, atom.contains(utf8[position + taken]) {
                taken += 1
            }
            guard taken >= atom.min else { return false }
            position += taken
        }
        return !anchoredEnd || position == utf8.count
    }

    /// `pattern` with each optional group either dropped or inlined, or `nil` when a group is
    /// not an optional group of the simple kind, or there would be more than `maxBranches`.
    private static func expandingOptionalGroups(_ pattern: [Unicode.Scalar]) -> [[Unicode.Scalar]]? {
        guard let index = firstGroupSyntax(in: pattern, from: 0) else { return [pattern] }
        guard pattern[index] == "(", let group = optionalGroup(pattern, at: index) else { return nil }
        let prefix = Array(pattern[..<index])
        let suffix = Array(pattern[group.end...])
        guard let rest = expandingOptionalGroups(suffix), 2 * rest.count <= maxBranches else { return nil }
        return rest.map { prefix + $0 } + rest.map { prefix + group.body + $0 }
    }

    /// The index of the first `(`, `)` or `|` at or after `start` that is neither escaped nor
    /// inside a character class, or `nil` when there is none.
    private static func firstGroupSyntax(in pattern: [Unicode.Scalar], from start: Int) -> Int? {
        var inClass = false
        var index = start
        while index < pattern.count {
            let scalar = pattern[index]
            if scalar == "\\" {
                index += 2
                continue
            }
            if inClass {
                if scalar == "]" { inClass = false }
            } else if scalar == "[" {
                inClass = true
            } else if scalar == "(" || scalar == ")" || scalar == "|" {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The text of the optional group opening at `open` (`(...)?` or `(?:...)?`) and the index
    /// just past its `?`, or `nil` when it is anything else.
    private static func optionalGroup(_ pattern: [Unicode.Scalar], at open: Int)
        -> (body: [Unicode.Scalar], end: Int)?
    {
        var start = open + 1
        if start < pattern.count, pattern[start] == "?" {
            // Only the non-capturing `(?:`; lookarounds are left to `LinearRegex` (which refuses them).
            guard start + 1 < pattern.count, pattern[start + 1] == ":" else { return nil }
            start += 2
        }
        // The group ends at its first `)`; a nested group or an alternative is not the simple kind.
        guard let close = firstGroupSyntax(in: pattern, from: start), pattern[close] == ")" else { return nil }
        guard close + 1 < pattern.count, pattern[close + 1] == "?" else { return nil }
        // Quantifying the group otherwise (`)??`, `)?+`, `)?{2}`) is not the simple kind, and
        // a body opening with a quantifier would quantify the set before the group once inlined.
        let after = close + 2
        let quantifiers = "*+?{".unicodeScalars
        guard after >= pattern.count || !quantifiers.contains(pattern[after]) else { return nil }
        let body = Array(pattern[start..<close])
        guard body.first.map({ !quantifiers.contains($0) }) ?? true else { return nil }
        return (body, after)
    }

    /// Recursive-descent reader of the simple-pattern subset.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        mutating func parse() -> (atoms: [Atom], anchoredStart: Bool, anchoredEnd: Bool)? {
            var atoms: [Atom] = []
            let anchoredStart = scalars.first == "^"
            if anchoredStart { index = 1 }
            var anchoredEnd = false
            while index < scalars.count {
                if scalars[index] == "$", index == scalars.count - 1 {
                    anchoredEnd = true
                    break
                }
                guard var atom = parseSet(), parseQuantifier(into: &atom) else { return nil }
                atoms.append(atom)
            }
            return (atoms, anchoredStart, anchoredEnd)
        }

        private func ascii(_ scalar: Unicode.Scalar) -> UInt8? {
            scalar.isASCII ? UInt8(scalar.value) : nil
        }

        /// Reads one literal, escape or bracket class.
        private mutating func parseSet() -> Atom? {
            var atom = Atom()
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "[":
                return parseClass()
            case "\\":
                guard parseEscape(into: &atom) else { return nil }
            case "(", ")", "|", ".", "*", "+", "?", "{", "}", "]", "$", "^":
                return nil
            default:
                guard let byte = ascii(scalar) else { return nil }
                atom.insert(byte)
            }
            return atom
        }

        /// Reads an escape after `\`, adding what it denotes to `atom`.
        private mutating func parseEscape(into atom: inout Atom) -> Bool {
            guard index < scalars.count, let byte = ascii(scalars[index]) else { return false }
            index += 1
            switch byte {
            case UInt8(ascii: "d"):
                atom.insert(UInt8(ascii: "0")...UInt8(ascii: "9"))
            case UInt8(ascii: "w"):
                atom.insert(UInt8(ascii: "0")...UInt8(ascii: "9"))
                atom.insert(UInt8(ascii: "a")...UInt8(ascii: "z"))
                atom.insert(UInt8(ascii: "A")...UInt8(ascii: "Z"))
                atom.insert(UInt8(ascii: "_"))
            case UInt8(ascii: "n"): atom.insert(0x0A)
            case UInt8(ascii: "t"): atom.insert(0x09)
            case UInt8(ascii: "r"): atom.insert(0x0D)
            default:
                let isPunctuation =
                    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte)
                    || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
                guard isPunctuation else { return false }
                atom.insert(byte)
            }
            return true
        }

        /// Reads a non-negated bracket class after `[`.
        private mutating func parseClass() -> Atom? {
            var atom = Atom()
            guard index < scalars.count, scalars[index] != "^", scalars[index] != "]" else { return nil }
            while index < scalars.count, scalars[index] != "]" {
                let scalar = scalars[index]
                index += 1
                if scalar == "\\" {
                    var escaped = Atom()
                    guard parseEscape(into: &escaped) else { return nil }
                    atom.low |= escaped.low
                    atom.high |= escaped.high
                    continue
                }
                guard let first = ascii(scalar), scalar != "[" else { return nil }
                if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] != "]" {
                    guard scalars[index + 1] != "\\", let last = ascii(scalars[index + 1]), first <= last else {
                        return nil
                    }
                    atom.insert(first...last)
                    index += 2
                } else {
                    atom.insert(first)
                }
            }
            guard index < scalars.count else { return nil }
            index += 1
            return atom
        }

        /// Reads an optional quantifier (and a lazy `?`, irrelevant for a yes/no match).
        private mutating func parseQuantifier(into atom: inout Atom) -> Bool {
            guard index < scalars.count else { return true }
            switch scalars[index] {
            case "*":
                (atom.min, atom.max) = (0, Int.max)
                index += 1
            case "+":
                (atom.min, atom.max) = (1, Int.max)
                index += 1
            case "?":
                (atom.min, atom.max) = (0, 1)
                index += 1
            case "{":
                guard let bounds = parseBraces() else { return false }
                (atom.min, atom.max) = bounds
            default:
                return true
            }
            if index < scalars.count, scalars[index] == "?" { index += 1 }
            guard index >= scalars.count || !"*+?{".unicodeScalars.contains(scalars[index]) else { return false }
            return true
        }

        /// Reads `{n}`, `{n,}` or `{n,m}`, leaving `index` just after `}`.
        private mutating func parseBraces() -> (Int, Int)? {
            index += 1
            guard let min = parseNumber() else { return nil }
            var max = min
            if index < scalars.count, scalars[index] == "," {
                index += 1
                max = parseNumber() ?? Int.max
            }
            guard index < scalars.count, scalars[index] == "}", min <= max else { return nil }
            index += 1
            return (min, max)
        }

        private mutating func parseNumber() -> Int? {
            var value: Int?
            while index < scalars.count, let byte = ascii(scalars[index]), (0x30...0x39).contains(byte) {
                let (next, overflow) = (value ?? 0).multipliedReportingOverflow(by: 10)
                guard !overflow, next <= 100_000 else { return nil }
                value = next + Int(byte - 0x30)
                index += 1
            }
            return value
        }
    }
}
