import ATKCore

/// `atk elements rebuild` as text or JSON: what the rewrite of the dump changed.
struct ElementsRebuildReport: TextOrJSONReport {
    /// The rewrite's counts, after reading.
    let rebuilder: ElementRebuilder
    /// Where the rewritten dump went, as given (`-`: standard output).
    let output: String
    /// Whether wrong recorded identifiers were replaced (`--fix`).
    let fix: Bool
    /// One report per input, in order.
    let reports: [FileReport]

    /// The JSON report (Docs/output.md).
    var json: JSONOutput {
        let r = rebuilder
        return .envelope(
            command: "elements rebuild",
            [
                ("output", .string(output)), ("fix", .bool(fix)),
                (
                    "summary",
                    .object([
                        ("files", .int(reports.count)), ("lines", .int(r.lines)), ("events", .int(r.events)),
                        ("malformed_lines", .int(r.malformedLines)), ("with_chain", .int(r.withChain)),
                        ("invalid_chains", .int(r.invalidChains)), ("changed_lines", .int(r.changedLines)),
                        ("added", ElementsFormatting.fields(r.added)),
                        ("replaced", ElementsFormatting.fields(r.replaced)),
                        ("mismatches_left", ElementsFormatting.fields(r.mismatchesLeft)),
                    ])
                ),
            ])
    }

    /// The text report: lines written and changed, and the fields added or replaced.
    var text: String {
        let r = rebuilder
        let g = Terminal.grouped
        var out =
            "wrote \(g(r.lines)) lines to \(PathName.display(output)): \(g(r.changedLines)) changed, "
            + "\(g(r.lines - r.changedLines)) copied unchanged (\(g(r.malformedLines)) malformed)\n"
        out += "\(g(r.withChain)) events with a chain, \(g(r.invalidChains)) invalid (copied as they are)\n\n"
        var header = ["field", "added"]
        if fix { header.append("replaced") } else { header.append("wrong, left (use --fix)") }
        out +=
            Terminal.table(
                header,
                ElementField.allCases.map { field in
                    [
                        field.key, g(r.added[field.rawValue]),
                        g(fix ? r.replaced[field.rawValue] : r.mismatchesLeft[field.rawValue]),
                    ]
                }) + "\n"
        return out
    }
}
