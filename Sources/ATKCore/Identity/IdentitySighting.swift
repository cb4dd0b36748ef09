/// Where an identity was first seen: its line, and its place on that line (`distinct_id` 0,
/// `original_id` 1, the `identities` values from 2 in object order), so that two identities first
/// seen on one line are still ordered.
public struct IdentitySighting: Sendable, Hashable, Comparable {
    /// The line.
    public var location: LineLocation
    /// The place on the line.
    public var position: Int

    /// A sighting at `position` of the line at `location`.
    public init(location: LineLocation, position: Int) {
        self.location = location
        self.position = position
    }

    /// Input order, then the place on the line.
    public static func < (a: IdentitySighting, b: IdentitySighting) -> Bool {
        a.location != b.location ? a.location < b.location : a.position < b.position
    }
}
