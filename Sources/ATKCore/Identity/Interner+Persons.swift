extension Interner {
    /// Interns the user of `distinctId`: its person key with stitched identities (`persons`), else
    /// its own bytes.
    ///
    /// - Complexity: O(length) expected: one lookup in `persons`, one here.
    mutating func internUser(_ distinctId: JSONNode, persons: IdentityGraph?) -> Int32 {
        distinctId.withUTF8 { bytes in
            guard let persons else { return intern(bytes) }
            return persons.withPersonKey(of: bytes) { intern($0) } ?? intern(bytes)
        }
    }
}
