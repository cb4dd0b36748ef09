/// `atk paths attribution`'s result: conversions and users by the first page of the rebuilt path
/// (first touch) and by the page before the conversion's page (last touch).
///
/// A conversion is attributed when its rebuilt path has at least one page. Its first touch is
/// the path's first element and its last touch the element before the last one (the last is the
/// page the conversion happened on); a one-page path has no last touch and is counted in
/// ``direct``. Elements are whole `NODE` / `NODE#entity` strings.
public struct PathAttribution: Sendable, Equatable {
    /// One touch point: its conversions and distinct users.
    public struct Row: Sendable, Equatable {
        /// The node.
        public var node: String
        /// The entity of the page's last click; nil for none.
        public var entity: String?
        /// Conversions attributed to it.
        public var conversions: Int
        /// Their distinct users (conversions without a user key are not counted).
        public var users: Int

        /// A row of `conversions` conversions by `users` users at `node` with `entity`.
        public init(node: String, entity: String?, conversions: Int, users: Int) {
            self.node = node
            self.entity = entity
            self.conversions = conversions
            self.users = users
        }
    }

    /// Every conversion.
    public var conversions = 0
    /// Conversions with a rebuilt path of at least one page.
    public var attributed = 0
    /// Attributed conversions whose path has one page: no page before the conversion's.
    public var direct = 0
    /// Per first page, by conversions (then node and entity).
    public var firstTouch: [Row] = []
    /// Per page before the conversion's, by conversions (then node and entity).
    public var lastTouch: [Row] = []
    /// The replay's counts (off-stack clicks, events, users, malformed examples).
    public var replay: NavigationReplay

    /// Attributes every conversion of `replay`.
    ///
    /// - Complexity: O(c + r log r) for c conversions and r distinct touch points.
    public init(replay: NavigationReplay) {
        var first: [String: (conversions: Int, users: Set<String>)] = [:]
        var last: [String: (conversions: Int, users: Set<String>)] = [:]
        for conversion in replay.conversions {
            conversions += 1
            guard let path = conversion.rebuilt, let entry = path.first else { continue }
            attributed += 1
            first[entry, default: (0, [])].conversions += 1
            if let user = conversion.user { first[entry, default: (0, [])].users.insert(user) }
            guard path.count >= 2 else {
                direct += 1
                continue
            }
            let before = path[path.count - 2]
            last[before, default: (0, [])].conversions += 1
            if let user = conversion.user { last[before, default: (0, [])].users.insert(user) }
        }
        func rows(_ table: [String: (conversions: Int, users: Set<String>)]) -> [Row] {
            table.map { key, value in
                let parts = key.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                return Row(
                    node: String(parts[0]), entity: parts.count > 1 ? String(parts[1]) : nil,
                    conversions: value.conversions, users: value.users.count)
            }.sorted { a, b in
                if a.conversions != b.conversions { return a.conversions > b.conversions }
                if a.node != b.node { return a.node < b.node }
                return (a.entity ?? "") < (b.entity ?? "")
            }
        }
        firstTouch = rows(first)
        lastTouch = rows(last)
        var stripped = replay
        stripped.conversions = []
        self.replay = stripped
    }
}
