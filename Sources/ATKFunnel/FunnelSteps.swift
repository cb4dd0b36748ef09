/// A funnel's step and exclusion specifications, turning an event into the
/// compact step mask that `FunnelEngine` consumes.
public struct FunnelSteps: Sendable {
    /// The steps, in funnel order; step `i + 1` is bit `i` of a mask.
    public let steps: [StepSpec]
    /// `--exclude` specifications; an event matching any of them is an
    /// exclusion event.
    public let exclusions: [StepSpec]

    /// Creates a funnel definition.
    /// - Throws: `FunnelConfigurationError.stepCountOutOfRange` unless there
    ///   are 1…32 steps.
    public init(steps: [StepSpec], exclusions: [StepSpec] = []) throws(FunnelConfigurationError) {
        guard (1...32).contains(steps.count) else {
            throw .stepCountOutOfRange(steps.count)
        }
        self.init(checked: steps, exclusions: exclusions)
    }

    private init(checked steps: [StepSpec], exclusions: [StepSpec]) {
        self.steps = steps
        self.exclusions = exclusions
    }

    /// These steps in storage of their own (``StepFilter/unshared()``): one per partial of a read.
    public func unshared() -> FunnelSteps {
        FunnelSteps(checked: steps.map { $0.unshared() }, exclusions: exclusions.map { $0.unshared() })
    }

    /// The steps this event matches, bit `i` for step `i + 1`; 0 for none.
    ///
    /// Complexity: O(s) name comparisons plus the filters of steps whose
    /// name matches.
    public func stepMask(eventNameUTF8 name: some Collection<UInt8>, properties: some FunnelPropertySource) -> UInt32 {
        var mask: UInt32 = 0
        for (index, step) in steps.enumerated()
        where step.matches(eventNameUTF8: name, properties: properties) {
            mask |= 1 << UInt32(index)
        }
        return mask
    }

    /// The steps an event named `name` matches; see `stepMask(eventNameUTF8:properties:)`.
    public func stepMask(eventName name: String, properties: some FunnelPropertySource) -> UInt32 {
        stepMask(eventNameUTF8: name.utf8, properties: properties)
    }

    /// Whether the event matches an exclusion specification.
    ///
    /// Complexity: O(e) like `stepMask`.
    public func isExclusion(eventNameUTF8 name: some Collection<UInt8>, properties: some FunnelPropertySource) -> Bool {
        exclusions.contains { $0.matches(eventNameUTF8: name, properties: properties) }
    }

    /// Whether an event named `name` matches an exclusion specification.
    public func isExclusion(eventName name: String, properties: some FunnelPropertySource) -> Bool {
        isExclusion(eventNameUTF8: name.utf8, properties: properties)
    }
}
