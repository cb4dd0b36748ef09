/// A tracking plan that cannot be loaded, with the file and location of the problem.
public struct TrackingPlanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The file or directory cannot be read.
        case unreadable(String)
        /// The file is not valid JSON.
        case invalidJSON(JSONParseError)
        /// The JSON is not a tracking plan (for example `events` missing, unknown top-level member).
        case invalidPlan(String)
        /// An event or common schema does not compile.
        case schema(SchemaError)
    }

    /// What went wrong.
    public let kind: Kind
    /// The plan file (for directory plans, the event's file).
    public let file: String
    /// The schema path of the problem when known, for example `#/events/AddToCart/properties/price/minimumm`.
    public var location: String? {
        switch kind {
        case .schema(let error): error.location
        case .invalidPlan, .unreadable, .invalidJSON: nil
        }
    }

    /// Creates an error.
    public init(_ kind: Kind, file: String) {
        self.kind = kind
        self.file = file
    }

    /// The file and the problem, for messages.
    public var description: String {
        switch kind {
        case .unreadable(let reason): "\(file): cannot read: \(reason)"
        case .invalidJSON(let error): "\(file): \(error)"
        case .invalidPlan(let reason): "\(file): not a tracking plan: \(reason)"
        case .schema(let error): "\(file): \(error)"
        }
    }
}
