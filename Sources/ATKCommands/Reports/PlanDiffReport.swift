import ATKCore
import ATKSchema

/// `atk plan diff`'s report: every change between two plans, classed breaking or compatible.
struct PlanDiffReport: TextOrJSONReport {
    let old: String
    let new: String
    let changes: [PlanChange]

    var breaking: Int { changes.filter(\.kind.isBreaking).count }

    /// A summary line, then one row per change: class, kind, event (`(common)` for `common`),
    /// property, and the keyword's old → new value.
    var text: String {
        var out = "Plan diff: \(old) → \(new)\n"
        guard !changes.isEmpty else { return out + "no changes" }
        out += "\(changes.count) changes: \(breaking) breaking, \(changes.count - breaking) compatible\n\n"
        let rows = changes.map { change in
            [
                change.kind.isBreaking ? "breaking" : "compatible", change.kind.rawValue, change.event ?? "(common)",
                change.property ?? "", Self.values(change),
            ]
        }
        return out
            + Terminal.table(
                ["class", "change", "event", "property", "old → new (enum: values added, removed)"], rows,
                leftColumns: 5)
    }

    /// The envelope, `old`, `new`, a `summary` and `changes` in the report's order.
    var json: JSONOutput {
        .envelope(
            command: "plan diff",
            [
                ("old", .string(old)), ("new", .string(new)),
                (
                    "summary",
                    .object([
                        ("changes", .int(changes.count)), ("breaking", .int(breaking)),
                        ("compatible", .int(changes.count - breaking)),
                    ])
                ),
                (
                    "changes",
                    .array(
                        changes.map { change in
                            .object([
                                ("class", .string(change.kind.isBreaking ? "breaking" : "compatible")),
                                ("change", .string(change.kind.rawValue)), ("event", .string(change.event)),
                                ("property", .string(change.property)),
                                ("old", change.old.map(JSONOutput.init) ?? .null),
                                ("new", change.new.map(JSONOutput.init) ?? .null),
                            ])
                        })
                ),
            ])
    }

    /// `old → new` for a keyword change (`-` for a side without it), and for two enums the values
    /// added (`+`) and removed (`-`); empty otherwise.
    private static func values(_ change: PlanChange) -> String {
        let text = { (value: JSONValue) in JSONOutput(value).serialized() }
        if let old = change.old?.arrayValue, let new = change.new?.arrayValue, change.kind.rawValue.hasPrefix("enum") {
            let added = new.filter { !old.contains($0) }.map { "+" + text($0) }
            let removed = old.filter { !new.contains($0) }.map { "-" + text($0) }
            return (added + removed).joined(separator: " ")
        }
        guard change.old != nil || change.new != nil else { return "" }
        return "\(change.old.map(text) ?? "-") → \(change.new.map(text) ?? "-")"
    }
}
