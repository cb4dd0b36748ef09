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
}
