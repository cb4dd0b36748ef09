/// Union-find over identity ids, each person's root holding its login id.
struct IdentityForest {
    /// Per identity: its parent (itself at a root).
    private var parent: [Int32]
    /// Per root: the person's login id, or -1.
    var login: [Int32]

    /// `count` identities, each its own person without a login id.
    init(count: Int) {
        parent = (0..<count).map { Int32($0) }
        login = [Int32](repeating: -1, count: count)
    }

    /// The root of `id`'s person, halving the path on the way.
    ///
    /// - Complexity: amortized O(α(N)).
    mutating func root(of id: Int32) -> Int32 {
        var node = Int(id)
        while parent[node] != Int32(node) {
            parent[node] = parent[Int(parent[node])]
            node = Int(parent[node])
        }
        return Int32(node)
    }

    /// Joins the persons of `a` and `b`; the joined person keeps whichever login id one held.
    mutating func union(_ a: Int32, _ b: Int32) {
        let ra = Int(root(of: a))
        let rb = Int(root(of: b))
        guard ra != rb else { return }
        let (keep, drop) = ra < rb ? (ra, rb) : (rb, ra)
        parent[drop] = Int32(keep)
        if login[keep] < 0 { login[keep] = login[drop] }
    }
}
