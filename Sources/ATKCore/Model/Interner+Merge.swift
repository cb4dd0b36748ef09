extension Interner {
    /// Interns every string of `other`, in its id order, and returns the map from `other`'s ids
    /// to this interner's: how a merge of partials joins tables keyed by text (interned ids are
    /// local to a partial).
    ///
    /// - Complexity: O(total length of `other`'s strings) expected.
    mutating func intern(contentsOf other: Interner) -> [Int32] {
        (0..<other.count).map { id in other.withBytes(Int32(id)) { intern($0) } }
    }
}
