/// What a line's `type` is, for the envelope rules.
enum EnvelopeType: Equatable, CustomStringConvertible {
    case track, trackSignup, trackIdBind, trackIdUnbind
    /// A profile or item type: valid, but no `event` or `properties` object is required.
    case other(String)
    case unknown

    static let others: Set<String> = [
        "profile_set", "profile_set_once", "profile_unset", "profile_delete", "profile_append",
        "profile_increment", "item_set", "item_delete",
    ]

    init(_ name: String) {
        switch name {
        case "track": self = .track
        case "track_signup": self = .trackSignup
        case "track_id_bind": self = .trackIdBind
        case "track_id_unbind": self = .trackIdUnbind
        default: self = Self.others.contains(name) ? .other(name) : .unknown
        }
    }

    /// Types whose lines carry an event: they need `event` and a `properties` object.
    var isTrack: Bool {
        switch self {
        case .track, .trackSignup, .trackIdBind, .trackIdUnbind: true
        case .other, .unknown: false
        }
    }

    var description: String {
        switch self {
        case .track: "track"
        case .trackSignup: "track_signup"
        case .trackIdBind: "track_id_bind"
        case .trackIdUnbind: "track_id_unbind"
        case .other(let name): name
        case .unknown: "unknown"
        }
    }
}
