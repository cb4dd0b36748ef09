/// A finished validation run: its findings, the files read, the tracking plan's tallies, and
/// whether it failed under its ``ValidationFailPolicy``.
///
/// Made by ``DumpValidator/finish(reading:)``. Reports format it; they decide nothing.
public struct ValidationResult {
    /// Per rule: lines reported, examples, breakdowns; the run's rules are `findings.registry`.
    public let findings: ValidationFindings
    /// Per input, as the reader reported it.
    public let reports: [FileReport]
    /// Lines that parsed as JSON objects.
    public let events: Int
    /// The plan as it stands after the run, with its per-event tallies; nil without a plan.
    public let plan: PlanChecker?
    /// The property findings were counted by, or nil.
    public let breakdownProperty: String?
    /// The first error of the bad-rows sink; rows after it were not written.
    public let badRowError: (any Error)?
    /// The policy the run was judged by.
    public let failPolicy: ValidationFailPolicy
    /// Non-blank lines read.
    public let lines: Int
    /// Lines that were not JSON objects.
    public let malformedLines: Int
    /// Findings of error rules.
    public let errors: Int
    /// Findings of warning rules.
    public let warnings: Int
    /// Lines with errors / lines (0 for an empty input).
    public let errorRate: Double
    /// Whether the errors count (see ``ValidationFailPolicy/errorsCount(errors:errorRate:)``).
    public let errorsCount: Bool
    /// Whether the run failed (exit 1).
    public let failed: Bool

    /// Judges a finished run.
    ///
    /// - Complexity: O(rules + files).
    init(
        findings: ValidationFindings, reports: [FileReport], events: Int, plan: PlanChecker?,
        breakdownProperty: String?, badRowError: (any Error)?, failPolicy: ValidationFailPolicy
    ) {
        self.findings = findings
        self.reports = reports
        self.events = events
        self.plan = plan
        self.breakdownProperty = breakdownProperty
        self.badRowError = badRowError
        self.failPolicy = failPolicy
        lines = reports.totalLines
        malformedLines = reports.totalMalformedLines
        let registry = findings.registry
        let total = { (severity: Severity) in
            registry.rules.indices.filter { registry[$0].severity == severity }.reduce(0) { $0 + findings.counts[$1] }
        }
        errors = total(.error)
        warnings = total(.warning)
        errorRate = Self.share(findings.errorLines, of: lines)
        errorsCount = failPolicy.errorsCount(errors: errors, errorRate: errorRate)
        failed = failPolicy.failed(errorsCount: errorsCount, warnings: warnings)
    }

    /// The run's rules, in report order.
    public var registry: RuleRegistry { findings.registry }

    /// `count` lines as a share of the lines read (0 for an empty input).
    public func share(_ count: Int) -> Double { Self.share(count, of: lines) }

    private static func share(_ count: Int, of lines: Int) -> Double {
        lines == 0 ? 0 : Double(count) / Double(lines)
    }

    /// Whether the findings of the rule at `index` are among those that fail the run.
    public func fails(_ index: Int) -> Bool {
        failPolicy.fails(registry[index].severity, findings: findings.counts[index], errorsCount: errorsCount)
    }
}
