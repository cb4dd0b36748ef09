import ATKCore

/// What `validate --plan` reports besides its findings: per planned event the events checked
/// and those with a violation, and the events the plan does not list.
struct PlanSummary {
    let file: String
    let checker: PlanChecker

    var json: JSONOutput {
        let unplanned = checker.unplanned
        return .object([
            ("file", .string(file)),
            (
                "events",
                .array(
                    checker.tallies.map { row in
                        .object([
                            ("event", .string(row.event)), ("checked", .int(row.tally.checked)),
                            ("violating", .int(row.tally.violating)),
                        ])
                    })
            ),
            ("unplanned_events", .int(unplanned.reduce(0) { $0 + $1.count })),
            (
                "unplanned",
                .array(unplanned.map { .object([("event", .string($0.event)), ("count", .int($0.count))]) })
            ),
        ])
    }

    var text: String {
        let g = Terminal.grouped
        var out = "plan \(PathName.display(file))\n"
        out +=
            Terminal.table(
                ["event", "checked", "violating"],
                checker.tallies.map { [$0.event, g($0.tally.checked), g($0.tally.violating)] }) + "\n"
        let unplanned = checker.unplanned
        if !unplanned.isEmpty {
            out +=
                "not in the plan: "
                + unplanned.prefix(10).map { "\(Terminal.safe($0.event)) \(g($0.count))" }.joined(separator: ", ")
                + (unplanned.count > 10 ? ", … \(unplanned.count - 10) more" : "") + "\n"
        }
        return out
    }
}
