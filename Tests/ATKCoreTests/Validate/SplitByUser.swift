import ATKCore

/// Two partials of an analysis fed by hand: the events of the users named go to the second,
/// every other line to the first; ``merged()`` folds the first into the second, so the side
/// that met a name later holds it first.
struct SplitByUser<Analysis: MergeableAnalysis>: DumpVisitor {
    var first: Analysis
    var second: Analysis
    let users: Set<String>

    init(_ prototype: Analysis, users: Set<String>) {
        first = prototype.makePartial()
        second = prototype.makePartial()
        self.users = users
    }

    mutating func visit(_ event: Event) {
        if users.contains(event.distinctId?.stringValue ?? "") { second.visit(event) } else { first.visit(event) }
    }

    mutating func visitMalformed(_ line: MalformedLine) { first.visitMalformed(line) }

    /// `lines` fed through two partials, merged.
    static func merged(_ lines: [String], users: Set<String>, _ prototype: Analysis) -> Analysis {
        var split = SplitByUser(prototype, users: users)
        _ = LineFeed.feed(Array((lines.joined(separator: "\n") + "\n").utf8), into: &split)
        var result = split.second
        result.merge(split.first)
        return result
    }
}
