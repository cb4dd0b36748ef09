import ATKSchema

/// One difference between two tracking plans, classed by what it does to events that met the old
/// plan (`atk plan diff`; the classes are tabled in Docs/plan.md).
public struct PlanChange: Sendable, Equatable {
    /// What changed; each kind has one class.
    public enum Kind: String, Sendable, CaseIterable {
        case eventAdded = "event_added"
        case eventRemoved = "event_removed"
        case propertyAdded = "property_added"
        case requiredPropertyAdded = "required_property_added"
        case propertyRemoved = "property_removed"
        case requiredAdded = "required_added"
        case requiredRemoved = "required_removed"
        case typeWidened = "type_widened"
        case typeNarrowed = "type_narrowed"
        case typeChanged = "type_changed"
        case enumWidened = "enum_widened"
        case enumNarrowed = "enum_narrowed"
        case enumChanged = "enum_changed"
        case patternAdded = "pattern_added"
        case patternRemoved = "pattern_removed"
        case patternChanged = "pattern_changed"

        /// Whether events valid against the old plan may be invalid against the new one.
        public var isBreaking: Bool {
            switch self {
            case .eventAdded, .propertyAdded, .requiredRemoved, .typeWidened, .enumWidened, .patternRemoved: false
            case .eventRemoved, .requiredPropertyAdded, .propertyRemoved, .requiredAdded, .typeNarrowed,
                .typeChanged, .enumNarrowed, .enumChanged, .patternAdded, .patternChanged:
                true
            }
        }
    }

    /// The event the change is in; `nil`: the plan's `common`.
    public let event: String?
    /// The property the change is about; `nil`: the event itself.
    public let property: String?
    /// What changed.
    public let kind: Kind
    /// The keyword's value in the old plan (`type`, `enum` or `pattern`), when the change is about one
    /// and the old plan had it.
    public let old: JSONValue?
    /// The keyword's value in the new plan, likewise.
    public let new: JSONValue?

    /// A change; `old` and `new` only for keyword changes.
    public init(event: String?, property: String?, kind: Kind, old: JSONValue? = nil, new: JSONValue? = nil) {
        self.event = event
        self.property = property
        self.kind = kind
        self.old = old
        self.new = new
    }

    /// Equal when every field is (keyword values by JSON equality).
    public static func == (lhs: PlanChange, rhs: PlanChange) -> Bool {
        lhs.event == rhs.event && lhs.property == rhs.property && lhs.kind == rhs.kind && lhs.old == rhs.old
            && lhs.new == rhs.new
    }
}
