/// A link line that was not applied: it would have put two different login ids in one person.
public struct IdentityConflict: Sendable, Equatable {
    /// The line.
    public var location: LineLocation
    /// The identities the line names, sorted by their bytes.
    public var members: [String]
    /// The distinct login ids the link would have joined, sorted by their bytes.
    public var loginIds: [String]
}
