/// Events that break a promise made to `FunnelEventBuffer`.
public enum FunnelInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A `.timeOrdered` buffer received a time earlier than the previous one.
    case outOfOrder(previous: Int64, time: Int64)

    /// A one-line message for people.
    public var description: String {
        switch self {
        case .outOfOrder(let previous, let time):
            "event time \(time) is earlier than the previous event time \(previous)"
        }
    }
}
