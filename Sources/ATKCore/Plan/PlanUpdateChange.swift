/// One change `atk plan infer --update` makes to a plan (``PlanInferrer/update(_:)``).
public enum PlanUpdateChange: Sendable, Equatable, CustomStringConvertible {
    /// An event the plan did not list, added with its inferred schema.
    case eventAdded(event: String)
    /// A property the event's `properties` (and `common`'s) did not list, added with its inferred schema.
    case propertyAdded(event: String, property: String)
    /// String values added at the end of a property's `enum`.
    case enumValuesAdded(event: String, property: String, values: [String])
    /// A property with an `enum` whose values in the dump were too many to collect (more than
    /// `--max-enum`): its `enum` is left as it was, and the dump may hold values outside it.
    case enumNotExtended(event: String, property: String)

    /// The change as a line for standard error.
    public var description: String {
        switch self {
        case .eventAdded(let event): "added event \(event)"
        case .propertyAdded(let event, let property): "added property \(event).\(property)"
        case .enumValuesAdded(let event, let property, let values):
            "added to the enum of \(event).\(property): "
                + values.map { JSONOutput.string($0).serialized() }.joined(separator: ", ")
        case .enumNotExtended(let event, let property):
            "\(event).\(property) has more distinct values than --max-enum: its enum was not extended"
        }
    }
}
