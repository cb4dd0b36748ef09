import ATKSchema

/// Checks track events against a tracking plan and sorts each violation into a `plan.*` rule.
///
/// The plan is compiled once; checking a valid event allocates nothing.
public struct PlanChecker {
    /// The `plan.*` rule ids.
    public enum Rule: String, Sendable, CaseIterable {
        case unplannedEvent = "plan.unplanned_event"
        case required = "plan.required"
        case type = "plan.type"
        case enumeration = "plan.enum"
        case additionalProperty = "plan.additional_property"
        case constraint = "plan.constraint"

        /// The rule a schema keyword's violation belongs to.
        public init(keyword: String) {
            switch keyword {
            case "required": self = .required
            case "type": self = .type
            case "enum": self = .enumeration
            case "additionalProperties": self = .additionalProperty
            default: self = .constraint
            }
        }
    }

    /// One violation of one event.
    public struct Violation: Sendable, Hashable {
        /// The plan rule broken.
        public var rule: Rule
        /// JSON pointer into the event line: `/properties/product_id`.
        public var instancePath: String
        /// JSON pointer into the plan: `#/events/AddToCart/properties/product_id/pattern`.
        public var schemaPath: String
        /// What is wrong, for reports.
        public var message: String
    }

    /// Per planned event name: track events checked and those with at least one violation.
    public struct EventTally: Sendable, Equatable {
        /// Track events with this name checked against its schema.
        public var checked = 0
        /// Those with at least one violation.
        public var violating = 0
    }

    /// The plan events are checked against.
    public let plan: TrackingPlan
    /// Planned names and unplanned names seen, interned so counting allocates nothing.
    private var planned = Interner(capacity: 64)
    /// The schema of each planned name, by its id in `planned`.
    private let schemas: [CompiledSchema]
    var plannedTallies: [EventTally] = []
    var unplannedNames = Interner(capacity: 64)
    var unplannedCounts: [Int] = []
    /// Per unplanned name: the first line with it (a merge orders names by it).
    var unplannedFirst: [LineLocation] = []
    private var scratch: [SchemaViolation] = []
    /// Per planned name: `common` and its schema decided member by member, when their roots
    /// allow it (see ``MemberwiseSchema``); nil: always the full validation.
    private var memberwise: [MemberwiseSchema?]

    /// A checker for `plan` that has checked nothing yet.
    public init(plan: TrackingPlan) {
        self.plan = plan
        var schemas: [CompiledSchema] = []
        for (name, schema) in zip(plan.eventNames, plan.eventSchemas) where Int(planned.intern(name)) == schemas.count {
            schemas.append(schema)
        }
        self.schemas = schemas
        memberwise = schemas.map { MemberwiseSchema((plan.common.map { [$0] } ?? []) + [$0]) }
        plannedTallies = Array(repeating: EventTally(), count: planned.count)
    }

    /// Planned names whose events are decided member by member, in the plan's order.
    var memberwiseEvents: [String] {
        (0..<planned.count).filter { memberwise[$0] != nil }.map { planned.string(Int32($0)) }
    }

    /// Per planned event, in the plan's order (sorted by name): checked and violating events.
    public var tallies: [(event: String, tally: EventTally)] {
        (0..<planned.count).map { (planned.string(Int32($0)), plannedTallies[$0]) }
    }

    /// Track events whose name the plan does not list, per name, most frequent first.
    public var unplanned: [(event: String, count: Int)] {
        (0..<unplannedNames.count).map { (unplannedNames.string(Int32($0)), unplannedCounts[$0]) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.event < $1.event }
    }

    /// Loads and compiles a plan file or directory.
    public init(path: String, assertFormats: Bool = false) throws(TrackingPlanError) {
        var options = SchemaOptions()
        options.assertFormats = assertFormats
        self.init(plan: try TrackingPlan.load(path: path, options: options))
    }

    /// Checks one event; calls `report` for each violation.
    ///
    /// Non-track lines and lines without a string `event` are not checked (validate's envelope
    /// rules cover them), nor are events whose `properties` is missing or not an object
    /// (`envelope.properties` reports those once; a plan describes a properties object, so a
    /// `plan.type` on top would say the same thing twice).
    ///
    /// - Returns: whether the event was checked against a planned schema.
    @discardableResult
    public mutating func check(_ event: Event, report: (Violation) -> Void) -> Bool {
        var violations: [Violation] = []
        let checked = check(event, into: &violations)
        violations.forEach(report)
        return checked
    }

    /// Checks one event like ``check(_:report:)``, appending each violation to `violations`
    /// (no closure, so a caller's context is not captured, and copied, per event).
    ///
    /// - Returns: whether the event was checked against a planned schema.
    @discardableResult
    public mutating func check(_ event: Event, into violations: inout [Violation]) -> Bool {
        check(event, propertyKeyIds: UnsafeBufferPointer(start: nil, count: 0), into: &violations)
    }

    /// Checks one event like ``check(_:into:)``, faster for the ids of its property keys.
    ///
    /// - Parameter propertyKeyIds: an id per member of the event's `properties`, in order, equal
    ///   for equal decoded keys across all events (``PlanLineCheck/check(_:propertyKeyIds:findings:)``);
    ///   what a planned event's schemas need of each key is then worked out once per key, and a
    ///   valid event costs one table read per property plus the planned values' checks. Empty:
    ///   every event gets the full validation.
    /// - Returns: whether the event was checked against a planned schema.
    @discardableResult
    public mutating func check(
        _ event: Event, propertyKeyIds: UnsafeBufferPointer<Int32>,
        into violations: inout [Violation]
    ) -> Bool {
        guard event.isTrackType, let name = event.event, name.kind == .string else { return false }
        // One hash lookup finds the tally and the schema.
        guard let id = name.withUTF8({ planned.lookup($0) }) else {
            let id = Int(name.withUTF8 { unplannedNames.intern($0) })
            if id == unplannedCounts.count {
                unplannedCounts.append(0)
                unplannedFirst.append(event.location)
            }
            unplannedCounts[id] += 1
            violations.append(
                Violation(
                    rule: .unplannedEvent, instancePath: "/event", schemaPath: "#/events",
                    message: "event '\(unplannedNames.string(Int32(id)))' is not in the plan"))
            return false
        }
        guard let properties = event.properties, properties.kind == .object else { return false }
        let instance = SchemaInstance(properties)
        plannedTallies[Int(id)].checked += 1
        if !propertyKeyIds.isEmpty, memberwise[Int(id)]?.isValid(instance, memberIds: propertyKeyIds) == true {
            return true
        }
        // Invalid, or not decided member by member: the full validation says why.
        let schema = schemas[Int(id)]
        scratch.removeAll(keepingCapacity: true)
        // Common first, as the plan reads; one walk over the properties serves both.
        let valid =
            if let common = plan.common {
                common.validate(instance, thenAgainst: schema, into: &scratch)
            } else {
                schema.validate(instance, into: &scratch)
            }
        if !valid {
            plannedTallies[Int(id)].violating += 1
            for violation in scratch {
                violations.append(
                    Violation(
                        rule: Rule(keyword: violation.keyword),
                        instancePath: "/properties" + violation.instancePath,
                        schemaPath: violation.schemaPath, message: violation.message))
            }
        }
        return true
    }
}
