import ATKCore

/// `atk identities` as text or JSON: raw ids, persons, links by kind, conflicts, largest persons.
struct IdentitiesReport: TextOrJSONReport {
    /// The stitched identities.
    let graph: IdentityGraph
    /// The largest persons, largest first.
    let largest: [IdentityPerson]
    /// The first malformed lines.
    let malformed: [MalformedExamples.Example]
    /// One report per input, in order.
    let reports: [FileReport]

    /// The JSON report (Docs/identities.md).
    var json: JSONOutput {
        let counts = graph.counts
        return .envelope(
            command: "identities",
            [
                (
                    "summary",
                    .object([
                        ("files", .int(reports.count)), ("lines", .int(reports.totalLines)),
                        ("malformed_lines", .int(reports.totalMalformedLines)), ("raw_ids", .int(graph.rawIds)),
                        ("persons", .int(graph.persons)), ("conflicts", .int(graph.conflicts)),
                        (
                            "links",
                            .object([
                                ("signup", .int(counts.signup)), ("bind", .int(counts.bind)),
                                ("identities", .int(counts.identities)), ("unbind", .int(counts.unbind)),
                            ])
                        ),
                    ])
                ),
                (
                    "largest_persons",
                    .array(
                        largest.map { person in
                            .object([
                                ("person", .string(person.key)), ("identities", .int(person.identities)),
                                ("raw_ids", .int(person.rawIds)),
                                ("members", .array(person.members.map { .string($0) })),
                            ])
                        })
                ),
                (
                    "conflict_examples",
                    .array(
                        graph.conflictExamples.map { conflict in
                            .object([
                                ("file", .string(path(conflict.location))), ("line", .int(conflict.location.line)),
                                ("identities", .array(conflict.members.map { .string($0) })),
                                ("login_ids", .array(conflict.loginIds.map { .string($0) })),
                            ])
                        })
                ),
                ("malformed_examples", MalformedReport.json(malformed, reports)),
            ])
    }

    /// The text report: a summary, the links, the largest persons, the conflicts.
    var text: String {
        let g = Terminal.grouped
        let counts = graph.counts
        var out =
            "\(g(graph.rawIds)) raw ids, \(g(graph.persons)) persons, \(g(graph.conflicts)) "
            + (graph.conflicts == 1 ? "conflict\n" : "conflicts\n")
            + "links     signup \(g(counts.signup)), bind \(g(counts.bind)), identities \(g(counts.identities)), "
            + "unbind \(g(counts.unbind)) (not applied)\n"
        if !largest.isEmpty {
            out +=
                "\nlargest persons\n"
                + Terminal.table(
                    ["person", "members", "identities", "raw ids"],
                    largest.map { [$0.key, $0.members.joined(separator: " "), g($0.identities), g($0.rawIds)] },
                    leftColumns: 2) + "\n"
        }
        if !graph.conflictExamples.isEmpty {
            let shown = graph.conflictExamples.count
            out +=
                "\nconflicts" + (graph.conflicts > shown ? " (first \(shown) of \(g(graph.conflicts)))" : "")
                + ": links not applied, they would join two login ids\n"
            for conflict in graph.conflictExamples {
                out +=
                    "  \(path(conflict.location)):\(conflict.location.line): "
                    + Terminal.safe(
                        conflict.members.joined(separator: " ") + " (login ids "
                            + conflict.loginIds.joined(separator: ", ") + ")") + "\n"
            }
        }
        return out + Terminal.fileTable(reports) + MalformedReport.text(malformed, reports)
    }

    private func path(_ location: LineLocation) -> String { reports[location.fileIndex].source.displayName }
}
