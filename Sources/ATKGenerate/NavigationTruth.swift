import ATKCore

/// What `atk paths verify` must find in a `--navigation` dump: conversions by outcome and
/// mismatch kind.
struct NavigationTruth {
    /// Conversions per outcome (`match`, `missing`) or mismatch kind (`suffix`, `entities`).
    private var counts: [String: Int] = [:]

    /// Counts one conversion of `outcome`.
    mutating func add(_ outcome: String) {
        counts[outcome, default: 0] += 1
    }

    /// `{"conversions", "match", "mismatch", "missing", "unrebuildable", "kinds": {...}}`, keyed
    /// as `atk paths verify --format json` reports them.
    var json: JSONOutput {
        let kinds = ["entities", "prefix", "suffix", "nodes", "unreadable"]
        let count = { (key: String) in counts[key] ?? 0 }
        let mismatch = kinds.reduce(0) { $0 + count($1) }
        return .object([
            ("conversions", .int(count("match") + count("missing") + mismatch)), ("match", .int(count("match"))),
            ("mismatch", .int(mismatch)), ("missing", .int(count("missing"))), ("unrebuildable", .int(0)),
            ("kinds", .object(kinds.map { ($0, .int(count($0))) })),
        ])
    }
}
