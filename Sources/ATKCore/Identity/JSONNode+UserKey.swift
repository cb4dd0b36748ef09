extension JSONNode {
    /// Calls `body` with the bytes of the user this string (a `distinct_id`) names: its person key
    /// with stitched identities (`persons`), else its own decoded bytes (also for an id the graph
    /// never saw).
    ///
    /// The one place a per-user analysis turns a `distinct_id` into its user, so stitched and raw
    /// runs differ only here.
    ///
    /// - Complexity: O(length) expected: one lookup in `persons`; allocates nothing.
    func withUserKey<R>(persons: IdentityGraph?, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUTF8 { bytes in
            guard let persons else { return body(bytes) }
            return persons.withPersonKey(of: bytes, body) ?? body(bytes)
        }
    }
}
