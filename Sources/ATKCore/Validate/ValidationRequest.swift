/// Everything one validation run needs, already parsed and loaded: what to check and how
/// (``ValidationOptions``), the tracking plan, where bad rows go, and when the run fails.
///
/// A ``DumpValidator`` made from it builds the run's rules once and owns them with the plan
/// check; ``DumpValidator/finish(reading:)`` returns the ``ValidationResult``.
public struct ValidationRequest {
    /// Now, tolerances, rule selection, examples kept and breakdown property.
    public var options: ValidationOptions
    /// The tracking plan each track event is also checked against (`plan.*` rules), or nil.
    public var plan: PlanChecker?
    /// With a plan: an event the plan does not list is an error, not a warning.
    public var strictPlan: Bool
    /// Receives every line with an error, as read (`--bad-rows`), or nil.
    public var badRows: (any BadRowSink)?
    /// When the run fails.
    public var failPolicy: ValidationFailPolicy

    /// A request; without a plan, bad-rows sink or fail policy, any error fails the run.
    public init(
        options: ValidationOptions, plan: PlanChecker? = nil, strictPlan: Bool = false,
        badRows: (any BadRowSink)? = nil, failPolicy: ValidationFailPolicy = ValidationFailPolicy()
    ) {
        self.options = options
        self.plan = plan
        self.strictPlan = strictPlan
        self.badRows = badRows
        self.failPolicy = failPolicy
    }

    /// The rules a run can report: the built-in ones, then, with a plan, the plan's.
    ///
    /// Depends only on whether there is a plan, not on the plan itself, so argument checks can
    /// list the valid rule ids before the plan is loaded.
    /// - Parameters:
    ///   - withPlan: whether the run checks a tracking plan.
    ///   - strictPlan: `plan.unplanned_event` is an error rather than a warning.
    public static func registry(withPlan: Bool, strictPlan: Bool) -> RuleRegistry {
        var registry = RuleRegistry()
        if withPlan { PlanLineCheck.registerRules(in: &registry, strict: strictPlan) }
        return registry
    }
}
