import ATKCore

/// `atk paths verify` as text or JSON: recorded action paths against the rebuilt ones.
struct PathsVerifyReport: TextOrJSONReport {
    /// The judged conversions.
    let verification: PathVerification
    /// One report per input, in order.
    let reports: [FileReport]

    private static let kinds = PathOutcome.MismatchKind.allCases

    /// The JSON report (Docs/paths.md).
    var json: JSONOutput {
        let v = verification
        func kinds(_ tally: PathVerification.Tally) -> JSONOutput {
            .object(Self.kinds.indices.map { (Self.kinds[$0].rawValue, .int(tally.kinds[$0])) })
        }
        func counts(_ tally: PathVerification.Tally) -> [(String, JSONOutput)] {
            [
                ("conversions", .int(tally.conversions)), ("match", .int(tally.match)),
                ("mismatch", .int(tally.mismatch)), ("missing", .int(tally.missing)),
                ("unrebuildable", .int(tally.unrebuildable)),
            ]
        }
        func path(_ nodes: [String]?) -> JSONOutput {
            nodes.map { .array($0.map { .string($0) }) } ?? .null
        }
        return .envelope(
            command: "paths verify",
            [
                (
                    "summary",
                    .object(
                        counts(v.total) + [
                            ("files", .int(reports.count)), ("lines", .int(reports.totalLines)),
                            ("events", .int(v.replay.events)), ("malformed_lines", .int(reports.totalMalformedLines)),
                            ("users", .int(v.replay.users)), ("off_stack_clicks", .int(v.replay.offStackClicks)),
                            ("unplaced_events", .int(v.replay.unplacedEvents)),
                        ])
                ),
                ("mismatch_kinds", kinds(v.total)),
                (
                    "by_app_version",
                    .array(
                        v.versions.map { row in
                            .object(
                                [("app_version", .string(row.version))] + counts(row.tally) + [
                                    ("kinds", kinds(row.tally))
                                ])
                        })
                ),
                (
                    "examples",
                    .array(
                        v.examples.map { example in
                            let (outcome, kind) = Self.names(example.outcome)
                            return .object(
                                ElementsFormatting.placeMembers(example.conversion.location, reports) + [
                                    ("outcome", .string(outcome)), ("kind", .string(kind)),
                                    ("app_version", .string(example.conversion.appVersion)),
                                    ("recorded", path(Self.nodes(example.conversion.recorded))),
                                    ("rebuilt", path(example.conversion.rebuilt)),
                                ])
                        })
                ),
                ("malformed_examples", MalformedReport.json(v.replay.malformedExamples, reports)),
            ])
    }

    /// The text report: totals, kinds, versions and examples.
    var text: String {
        let v = verification
        let g = Terminal.grouped
        let t = v.total
        var out =
            "\(g(reports.totalLines)) lines, \(g(v.replay.events)) events, \(g(reports.totalMalformedLines)) malformed, "
            + "\(g(v.replay.users)) users\n"
        out +=
            "\(g(t.conversions)) conversions: \(g(t.match)) match, \(g(t.mismatch)) mismatch, \(g(t.missing)) missing, "
            + "\(g(t.unrebuildable)) unrebuildable\n"
        out += "\(g(v.replay.offStackClicks)) clicks off the stack, \(g(v.replay.unplacedEvents)) events not placed\n"
        if t.mismatch > 0 {
            out +=
                "\n"
                + Terminal.table(
                    ["mismatch kind", "conversions"],
                    Self.kinds.indices.map { [Self.kinds[$0].rawValue, g(t.kinds[$0])] }) + "\n"
        }
        if !v.versions.isEmpty {
            out +=
                "\n"
                + Terminal.table(
                    ["$app_version", "conversions", "match", "mismatch", "missing", "unrebuildable"]
                        + Self.kinds.map(\.rawValue),
                    v.versions.map { row in
                        let c = row.tally
                        return [
                            ElementsFormatting.text(row.version), g(c.conversions), g(c.match), g(c.mismatch),
                            g(c.missing), g(c.unrebuildable),
                        ] + c.kinds.map(g)
                    }) + "\n"
        }
        if !v.examples.isEmpty {
            out += "\nexamples" + ElementsFormatting.firstOf(v.examples.count, t.conversions - t.match) + ":\n"
            for example in v.examples {
                let (outcome, kind) = Self.names(example.outcome)
                let conversion = example.conversion
                out += "  \(ElementsFormatting.place(conversion.location, reports)): \(outcome)"
                out += (kind.map { " (\($0))" } ?? "") + "\n"
                let recorded: String
                switch conversion.recorded {
                case .missing: recorded = "(none)"
                case .unreadable: recorded = "(unreadable)"
                case .nodes(let nodes): recorded = Self.text(nodes)
                }
                out += "    recorded \(recorded)\n"
                out += "    rebuilt  \(conversion.rebuilt.map(Self.text) ?? "(empty stack)")\n"
            }
        }
        return out + MalformedReport.text(v.replay.malformedExamples, reports)
    }

    /// The outcome's name and mismatch kind.
    private static func names(_ outcome: PathOutcome) -> (String, String?) {
        switch outcome {
        case .match: ("match", nil)
        case .mismatch(let kind): ("mismatch", kind.rawValue)
        case .missing: ("missing", nil)
        case .unrebuildable: ("unrebuildable", nil)
        }
    }

    /// The recorded nodes; nil when missing or unreadable.
    private static func nodes(_ recorded: RecordedPath) -> [String]? {
        if case .nodes(let nodes) = recorded { return nodes }
        return nil
    }

    /// A path for people: nodes joined by ` > `, `(empty)` for none.
    private static func text(_ nodes: [String]) -> String {
        nodes.isEmpty ? "(empty)" : nodes.map(Terminal.safe).joined(separator: " > ")
    }
}
