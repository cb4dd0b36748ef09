/// When a validation run fails (`validate` exits 1): which severities count, and how many lines
/// with errors a run may have before its errors count.
///
/// The policy is judged in the core, on the finished counts (``ValidationResult/failed``), so
/// every report (text verdict, JSON `failed`, JUnit failures) and the exit code agree.
public struct ValidationFailPolicy: Sendable, Equatable {
    /// The least severe findings that fail the run.
    public enum Threshold: String, Sendable, CaseIterable {
        /// Errors fail the run; warnings do not.
        case error
        /// Errors or warnings fail the run.
        case warning
        /// Nothing fails the run: the report only informs.
        case never
    }

    /// The least severe findings that fail the run (`--fail-on`).
    public var failOn: Threshold
    /// Errors fail the run only when lines with errors / lines exceeds this (`--max-error-rate`,
    /// 0 to 1); nil: any error does.
    public var maxErrorRate: Double?

    /// A policy; by default any error fails the run and warnings do not.
    public init(failOn: Threshold = .error, maxErrorRate: Double? = nil) {
        self.failOn = failOn
        self.maxErrorRate = maxErrorRate
    }

    /// Whether the run's errors count.
    ///
    /// They count when there are some and the error rate is over ``maxErrorRate``; true even with ``Threshold/never``, which decides separately whether
    /// counting errors fail the run.
    ///
    /// - Parameters:
    ///   - errors: findings of error rules.
    ///   - errorRate: lines with errors / lines.
    public func errorsCount(errors: Int, errorRate: Double) -> Bool {
        errors > 0 && (maxErrorRate.map { errorRate > $0 } ?? true)
    }

    /// Whether the run fails (exit 1).
    ///
    /// - Parameters:
    ///   - errorsCount: ``errorsCount(errors:errorRate:)`` for the run.
    ///   - warnings: findings of warning rules.
    public func failed(errorsCount: Bool, warnings: Int) -> Bool {
        switch failOn {
        case .error: errorsCount
        case .warning: errorsCount || warnings > 0
        case .never: false
        }
    }

    /// Whether a rule's findings are among those that fail the run.
    ///
    /// - Parameters:
    ///   - severity: the rule's severity.
    ///   - findings: the rule's findings (a rule without any fails nothing).
    ///   - errorsCount: ``errorsCount(errors:errorRate:)`` for the run.
    public func fails(_ severity: Severity, findings: Int, errorsCount: Bool) -> Bool {
        guard findings > 0 else { return false }
        switch (failOn, severity) {
        case (.never, _): return false
        case (_, .error): return errorsCount
        case (.warning, .warning): return true
        case (.error, .warning): return false
        }
    }
}
