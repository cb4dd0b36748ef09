extension Interner {
    /// Interns the user of `distinctId`: its person key with stitched identities (`persons`), else
    /// its own bytes.
    ///
    /// - Complexity: O(length) expected: one lookup in `persons`, one here (none when it is the
    ///   previous call's user, ``internRepeating(_:)``).
    mutating func internUser(_ distinctId: JSONNode, persons: IdentityGraph?) -> Int32 {
        distinctId.withUserKey(persons: persons) { internRepeating($0) }
    }
}
