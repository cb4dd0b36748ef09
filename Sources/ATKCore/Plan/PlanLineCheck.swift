import ATKSchema
import Foundation

/// A tracking plan as a validation check: each violation becomes a `plan.*` finding on the line
/// the built-in rules are checking (so its errors also reach `--bad-rows`), with the instance and
/// schema paths as example details.
///
/// A ``DumpValidator`` holds one when its request has a plan.
public struct PlanLineCheck {
    /// The plan, with its per-event tallies so far.
    public internal(set) var checker: PlanChecker
    /// Registry index of each rule, in `PlanChecker.Rule.allCases` order.
    private let ruleIndices: [Int]

    /// Adds the `plan.*` rules to `registry`; `plan.unplanned_event` is an error when `strict`.
    @discardableResult
    public static func registerRules(in registry: inout RuleRegistry, strict: Bool) -> [Int] {
        PlanChecker.Rule.allCases.map { rule in
            registry.register(
                ValidationRule(id: rule.rawValue, severity: rule.severity(strict: strict), summary: rule.summary))
        }
    }

    /// - Parameter registry: the run's rules; the plan's are added to it.
    public init(checker: PlanChecker, registry: inout RuleRegistry, strict: Bool) {
        self.checker = checker
        ruleIndices = Self.registerRules(in: &registry, strict: strict)
    }

    /// Checks one event; its violations go to the open line of `findings`.
    ///
    /// - Parameter propertyKeyIds: the ids the validator interned for the keys of the event's
    ///   `properties`, in member order (equal decoded keys have equal ids), so the plan can
    ///   remember what a key means instead of comparing it again; may hold more ids than members.
    ///   Empty when the event has no string name or its `properties` is not an object.
    public mutating func check(
        _ event: Event, propertyKeyIds: UnsafeBufferPointer<Int32>, findings: inout ValidationFindings
    ) {
        // Empty (no allocation) unless the event breaks the plan.
        var violations: [PlanChecker.Violation] = []
        checker.check(event, propertyKeyIds: propertyKeyIds, into: &violations)
        for violation in violations {
            let rule = ruleIndices[PlanChecker.Rule.allCases.firstIndex(of: violation.rule) ?? 0]
            findings.report(
                rule, event: event.event?.stringValue, value: Self.value(in: event, at: violation.instancePath),
                message: violation.message,
                details: [("instance_path", violation.instancePath), ("schema_path", violation.schemaPath)])
        }
    }

    /// The offending value as written, for a top-level property path (`/properties/price`).
    private static func value(in event: Event, at instancePath: String) -> String? {
        let parts = instancePath.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[1] == "properties" else { return nil }
        let name = parts[2].replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        guard let node = event.property(name) else { return nil }
        return ValidationExample.shortened(String(decoding: node.sourceBytes, as: UTF8.self))
    }
}

extension PlanChecker.Rule {
    /// The rule's severity: every violation is an error but an unplanned event, which is a
    /// warning unless the plan is strict.
    public func severity(strict: Bool) -> Severity {
        self == .unplannedEvent && !strict ? .warning : .error
    }

    /// One line: what the rule finds.
    public var summary: String {
        switch self {
        case .unplannedEvent: "a track event the plan does not list"
        case .required: "a property the plan requires is missing"
        case .type: "a property of a type the plan does not allow"
        case .enumeration: "a value not in the plan's enum"
        case .additionalProperty: "a property the plan does not allow (additionalProperties)"
        case .constraint: "a value breaking another plan keyword (pattern, minimum, const, ...)"
        }
    }
}

extension PlanLineCheck {
    /// Adds the tallies of `other`'s checker (``PlanChecker/merge(_:)``).
    public mutating func merge(_ other: PlanChecker) {
        checker.merge(other)
    }
}
