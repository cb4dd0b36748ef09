import ATKCore

/// `atk elements verify` as text or JSON: rebuilt identifiers against the recorded ones.
struct ElementsVerifyReport: TextOrJSONReport {
    /// The comparison, after reading.
    let verifier: ElementVerifier
    /// How many recorded → rebuilt pairs to show per field.
    let topPairs: Int
    /// One report per input, in order.
    let reports: [FileReport]

    /// The JSON report (Docs/output.md).
    var json: JSONOutput {
        let v = verifier
        func versionRows(_ rows: [ElementVerifier.VersionRow]) -> JSONOutput {
            .array(
                rows.map { row in
                    .object([
                        ("version", .string(row.version)), ("with_chain", .int(row.withChain)),
                        ("invalid_chains", .int(row.invalidChains)),
                        ("events_with_differences", .int(row.eventsWithDifferences)),
                        ("mismatches", ElementsFormatting.fields(row.mismatches)),
                        ("missing", ElementsFormatting.fields(row.missing)),
                    ])
                })
        }
        return .envelope(
            command: "elements verify",
            [
                (
                    "summary",
                    .object([
                        ("files", .int(reports.count)), ("lines", .int(reports.totalLines)),
                        ("events", .int(v.events)), ("malformed_lines", .int(v.malformedLines)),
                        ("with_chain", .int(v.withChain)), ("invalid_chains", .int(v.invalidChains)),
                        ("events_with_differences", .int(v.eventsWithDifferences)),
                        ("mismatches", ElementsFormatting.fields(v.mismatches)),
                        ("missing", ElementsFormatting.fields(v.missing)),
                    ])
                ),
                (
                    "pairs",
                    .object(
                        ElementField.allCases.map { field in
                            (
                                field.key,
                                .array(
                                    v.commonPairs(field, limit: topPairs).map { pair in
                                        .object([
                                            ("recorded", .string(pair.recorded)), ("rebuilt", .string(pair.rebuilt)),
                                            ("events", .int(pair.events)),
                                        ])
                                    })
                            )
                        })
                ),
                ("by_lib_version", versionRows(v.libVersionRows)),
                ("by_app_version", versionRows(v.appVersionRows)),
                (
                    "invalid_chains",
                    .array(
                        v.invalidChainExamples.map { example in
                            .object(
                                ElementsFormatting.placeMembers(example.location, reports) + [
                                    ("reason", .string(example.reason))
                                ])
                        })
                ),
                (
                    "examples",
                    .array(
                        v.differenceExamples.map { example in
                            .object(
                                ElementsFormatting.placeMembers(example.location, reports) + [
                                    ("field", .string(example.field.key)),
                                    ("kind", .string(example.comparison == .missing ? "missing" : "mismatch")),
                                    ("recorded", .string(example.recorded)), ("rebuilt", .string(example.rebuilt)),
                                ])
                        })
                ),
                ("malformed_examples", MalformedReport.json(v.malformedExamples, reports)),
            ])
    }

    /// The text report: counts, common pairs, version tables and examples.
    var text: String {
        let v = verifier
        let g = Terminal.grouped
        var out =
            "\(g(reports.totalLines)) lines, \(g(v.events)) events, \(g(v.withChain)) with a chain, "
            + "\(g(v.invalidChains)) invalid chain\(v.invalidChains == 1 ? "" : "s"), \(g(v.malformedLines)) malformed\n"
        let valid = v.withChain - v.invalidChains
        out += "\(g(v.eventsWithDifferences)) of \(g(valid)) rebuilt events differ from what the SDK recorded\n\n"
        out +=
            Terminal.table(
                ["field", "mismatches", "missing"],
                ElementField.allCases.map {
                    [$0.key, g(v.mismatches[$0.rawValue]), g(v.missing[$0.rawValue])]
                }) + "\n"
        for field in ElementField.allCases {
            let pairs = v.commonPairs(field, limit: topPairs)
            guard !pairs.isEmpty else { continue }
            out += "\nmost common \(field.key) recorded → rebuilt:\n"
            for pair in pairs {
                out +=
                    "  \(g(pair.events).leftPadded(to: 6))  \(ElementsFormatting.quoted(pair.recorded)) → \"\(Terminal.safe(pair.rebuilt))\"\n"
            }
        }
        for (name, rows) in [("$lib_version", v.libVersionRows), ("$app_version", v.appVersionRows)] where !rows.isEmpty
        {
            out +=
                "\n"
                + Terminal.table(
                    [name, "with chain", "invalid", "differ"] + ElementField.allCases.map(\.key) + ["missing"],
                    rows.map { row in
                        [
                            ElementsFormatting.text(row.version), g(row.withChain), g(row.invalidChains),
                            g(row.eventsWithDifferences),
                        ]
                            + ElementField.allCases.map { g(row.mismatches[$0.rawValue]) } + [
                                g(row.missing.reduce(0, +))
                            ]
                    }) + "\n"
        }
        if !v.invalidChainExamples.isEmpty {
            out +=
                "\ninvalid chains" + ElementsFormatting.firstOf(v.invalidChainExamples.count, v.invalidChains) + ":\n"
            for example in v.invalidChainExamples {
                out +=
                    "  \(ElementsFormatting.place(example.location, reports)): \(Terminal.safe(example.reason.description))\n"
            }
        }
        if !v.differenceExamples.isEmpty {
            let total = v.mismatches.reduce(0, +) + v.missing.reduce(0, +)
            out += "\ndifferences" + ElementsFormatting.firstOf(v.differenceExamples.count, total) + ":\n"
            for example in v.differenceExamples {
                out +=
                    "  \(ElementsFormatting.place(example.location, reports)): \(example.field.key) "
                    + (example.comparison == .missing
                        ? "missing" : "recorded \(ElementsFormatting.quoted(example.recorded))")
                    + ", rebuilt \"\(Terminal.safe(example.rebuilt))\"\n"
            }
        }
        return out + MalformedReport.text(v.malformedExamples, reports)
    }
}
