/// One simulated user of the generated dump.
struct UserProfile {
    let id: String
    let anonymousId: String
    let appVersion: String
    let osVersion: String
    let model: String
    let networkType: String
    /// Session start times, ascending, at least three hours apart.
    let sessions: [Int64]
    /// With journeys: the session in which an anonymous user logs in (before it the user's
    /// `distinct_id` is ``anonymousId``), and how the SDK links the two ids; nil for a user who
    /// never changes id.
    var login: (session: Int, link: LoginLink)?

    /// How a login is written.
    enum LoginLink {
        /// A `track_signup` line (`$SignUp`): `distinct_id` the login id, `original_id` the anonymous one.
        case signup
        /// A `track_id_bind` line (`$BindID`) whose `identities` hold both ids.
        case bind
    }
}
