/// An invalid funnel configuration.
public enum FunnelConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The funnel needs 1…32 steps.
    case stepCountOutOfRange(Int)
    /// The window must be zero or positive.
    case negativeWindow(Int64)

    /// A one-line message for people.
    public var description: String {
        switch self {
        case .stepCountOutOfRange(let count): "a funnel needs 1 to 32 steps, got \(count)"
        case .negativeWindow(let window): "the window must not be negative, got \(window)"
        }
    }
}
