/// Counts findings per rule, keeps the first examples of each, counts the lines with errors and
/// with warnings, and (with a breakdown property) counts findings per value of it.
///
/// Checks call ``report(_:event:value:message:)`` while a line is open (between
/// ``beginLine(_:breakdownValue:)`` and ``endLine()``); a rule counts each line once. Findings
/// made after the dump was read go through ``reportLater(_:at:breakdownValue:example:)``.
/// Strings for an example are only made while the rule still wants examples.
public struct ValidationFindings {
    /// The run's rules; counters are kept by their indices.
    public let registry: RuleRegistry
    /// Per rule index: lines reported.
    public internal(set) var counts: [Int]
    /// Per rule index: the first `maxExamples` findings, in the order they were made.
    public internal(set) var examples: [[ValidationExample]]
    /// Lines with at least one error.
    public internal(set) var errorLines = 0
    /// Lines with at least one warning.
    public internal(set) var warningLines = 0
    /// Per rule index: false for rules left out by `--rule`/`--skip-rule`.
    public let enabled: [Bool]
    /// Findings kept per rule.
    public let maxExamples: Int
    /// True when findings are also counted per breakdown value.
    public let hasBreakdown: Bool

    /// Breakdown values (index 0 is "no value").
    public internal(set) var breakdownValues: [String] = ["(none)"]
    /// Per breakdown value: the lines read.
    public internal(set) var breakdownLines: [Int] = [0]
    /// Per breakdown value: the first line read with it (a merge orders values by it).
    var breakdownFirst = [Self.unseen]
    /// (rule index << 32 | value index) → findings.
    var breakdownCounts: [UInt64: Int] = [:]
    var breakdownInterner = Interner(capacity: 64)

    private var location = LineLocation(fileIndex: 0, line: 0)
    private var breakdownValue: Int32 = 0
    /// Rules reported on the open line.
    public private(set) var lineRules: [Int] = []
    /// Whether the open line has an error so far.
    public private(set) var lineHasError = false
    private var lineHasWarning = false
    var errorSet = LineSet()
    var warningSet = LineSet()

    /// - Parameters:
    ///   - enabled: rule ids to check; nil for all. Rules not listed are never counted.
    ///   - maxExamples: findings kept per rule.
    ///   - breakdown: count findings per breakdown value too.
    public init(registry: RuleRegistry, enabled: Set<String>? = nil, maxExamples: Int, breakdown: Bool = false) {
        self.registry = registry
        hasBreakdown = breakdown
        self.enabled = registry.rules.map { enabled?.contains($0.id) ?? true }
        self.maxExamples = max(0, maxExamples)
        counts = Array(repeating: 0, count: registry.count)
        examples = Array(repeating: [], count: registry.count)
        lineRules.reserveCapacity(8)
    }

    /// True when `rule` is checked in this run.
    @inline(__always)
    public func isEnabled(_ rule: Int) -> Bool { enabled[rule] }

    /// Opens a line: findings reported until ``endLine()`` belong to it.
    /// - Parameter breakdownValue: the index of the line's breakdown value (``breakdownIndex(_:)``), 0 for none.
    public mutating func beginLine(_ location: LineLocation, breakdownValue: Int32 = 0) {
        self.location = location
        self.breakdownValue = breakdownValue
        lineRules.removeAll(keepingCapacity: true)
        lineHasError = false
        lineHasWarning = false
        if breakdownLines[Int(breakdownValue)] == 0 { breakdownFirst[Int(breakdownValue)] = location }
        breakdownLines[Int(breakdownValue)] += 1
    }

    /// Records that the open line breaks `rule` (once per line and rule).
    ///
    /// - Complexity: O(rules already reported on the line); the autoclosures run only while the
    ///   rule keeps examples.
    @inline(__always)
    public mutating func report(
        _ rule: Int, event: @autoclosure () -> String?, value: @autoclosure () -> String?,
        message: @autoclosure () -> String, details: @autoclosure () -> [(String, String)] = []
    ) {
        guard enabled[rule], !lineRules.contains(rule) else { return }
        lineRules.append(rule)
        count(rule, breakdownValue)
        if registry[rule].severity == .error { lineHasError = true } else { lineHasWarning = true }
        if examples[rule].count < maxExamples {
            examples[rule].append(
                ValidationExample(
                    location: location, event: event(), value: value(), message: message(), details: details()))
        }
    }

    /// Convenience for the built-in rules.
    @inline(__always)
    public mutating func report(
        _ rule: BuiltInRule, event: @autoclosure () -> String?, value: @autoclosure () -> String?,
        message: @autoclosure () -> String
    ) {
        report(rule.index, event: event(), value: value(), message: message())
    }

    /// Closes the open line and counts it among the lines with errors or warnings.
    /// - Returns: true when the line has at least one error.
    @discardableResult
    public mutating func endLine() -> Bool {
        if lineHasError && errorSet.insert(location) { errorLines += 1 }
        if lineHasWarning && warningSet.insert(location) { warningLines += 1 }
        return lineHasError
    }

    /// Records a finding made after the dump was read (it needed the whole dump).
    ///
    /// Each (line, rule) must be reported at most once. Examples are kept in the order given,
    /// so report in line order.
    public mutating func reportLater(
        _ rule: Int, at location: LineLocation, breakdownValue: Int32, example: () -> ValidationExample
    ) {
        guard enabled[rule] else { return }
        count(rule, breakdownValue)
        if registry[rule].severity == .error {
            if errorSet.insert(location) { errorLines += 1 }
        } else if warningSet.insert(location) {
            warningLines += 1
        }
        if examples[rule].count < maxExamples { examples[rule].append(example()) }
    }

    /// Counts findings made after reading whose lines are no longer known (a type that turned
    /// out to be the minority after its lines were dropped); they count as lines with warnings.
    public mutating func countLater(_ rule: Int, lines: Int, breakdownValue: Int32) {
        guard enabled[rule], lines > 0 else { return }
        counts[rule] += lines
        if hasBreakdown { breakdownCounts[UInt64(rule) << 32 | UInt64(UInt32(breakdownValue)), default: 0] += lines }
        if registry[rule].severity == .error { errorLines += lines } else { warningLines += lines }
    }

    private mutating func count(_ rule: Int, _ value: Int32) {
        counts[rule] += 1
        if hasBreakdown {
            breakdownCounts[UInt64(rule) << 32 | UInt64(UInt32(value)), default: 0] += 1
        }
    }

    /// The index of breakdown value `bytes` (its text as shown), adding it if new.
    public mutating func breakdownIndex(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        let index = breakdownInterner.intern(bytes) + 1
        if Int(index) == breakdownValues.count {
            breakdownValues.append(breakdownInterner.string(index - 1))
            breakdownLines.append(0)
            breakdownFirst.append(Self.unseen)
        }
        return index
    }

    /// Per breakdown value: findings of `rule`, most first, then by value.
    public func breakdown(of rule: Int) -> [(value: String, count: Int)] {
        breakdownValues.indices.compactMap { value -> (String, Int)? in
            guard let n = breakdownCounts[UInt64(rule) << 32 | UInt64(value)], n > 0 else { return nil }
            return (breakdownValues[value], n)
        }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
    }
}
