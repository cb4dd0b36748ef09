/// How bad a finding is: errors make a line unusable (it goes to `--bad-rows`), warnings say
/// the data is suspicious.
public enum Severity: String, Sendable, CaseIterable {
    case error, warning
}

/// One validation rule: a stable id (`envelope.time`), its severity, and what it means.
public struct ValidationRule: Sendable, Equatable {
    /// The stable id reports, `--rule` and `--skip-rule` use: `envelope.time`.
    public var id: String
    /// Whether its findings are errors or warnings.
    public var severity: Severity
    /// One line: what the rule finds.
    public var summary: String

    /// A rule.
    public init(id: String, severity: Severity, summary: String) {
        self.id = id
        self.severity = severity
        self.summary = summary
    }
}

/// Every rule a validation run can report, in report order, each with a dense index that
/// counters are kept by.
///
/// The built-in rules come first, at the indices of ``BuiltInRule``; checks added later (a
/// tracking plan's `plan.*` rules) ``register(_:)`` theirs after them.
public struct RuleRegistry: Sendable {
    /// The rules, by index.
    public private(set) var rules: [ValidationRule]
    private var indexByID: [String: Int]

    /// The built-in rules only.
    public init() {
        rules = BuiltInRule.allCases.map(\.rule)
        indexByID = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
    }

    /// Adds a rule and returns its index; a rule already registered keeps its index and takes
    /// the new severity and summary.
    @discardableResult
    public mutating func register(_ rule: ValidationRule) -> Int {
        if let index = indexByID[rule.id] {
            rules[index] = rule
            return index
        }
        rules.append(rule)
        indexByID[rule.id] = rules.count - 1
        return rules.count - 1
    }

    /// The index of the rule with `id`, or nil when there is none.
    public func index(of id: String) -> Int? { indexByID[id] }

    /// How many rules there are.
    public var count: Int { rules.count }

    /// The rule at `index`.
    public subscript(index: Int) -> ValidationRule { rules[index] }
}
