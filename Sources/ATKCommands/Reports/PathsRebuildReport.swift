import ATKCore

/// `atk paths rebuild` as text or JSON: what the rewrite of the dump changed.
struct PathsRebuildReport: TextOrJSONReport {
    /// The rewrite's counts, after the second read.
    let rewriter: PathRewriter
    /// Conversions read.
    let conversions: Int
    /// Where the rewritten dump went, as given (`-`: standard output).
    let output: String
    /// Whether differing recorded paths were replaced (`--fix`).
    let fix: Bool
    /// One report per input, in order.
    let reports: [FileReport]

    /// The JSON report (Docs/paths.md).
    var json: JSONOutput {
        let r = rewriter
        return .envelope(
            command: "paths rebuild",
            [
                ("output", .string(output)), ("fix", .bool(fix)),
                (
                    "summary",
                    .object([
                        ("files", .int(reports.count)), ("lines", .int(r.lines)),
                        ("malformed_lines", .int(r.malformedLines)), ("conversions", .int(conversions)),
                        ("filled", .int(r.filled)), ("fixed", .int(r.fixed)), ("left", .int(r.left)),
                    ])
                ),
            ])
    }

    /// The text report: lines written, paths filled, fixed and left.
    var text: String {
        let r = rewriter
        let g = Terminal.grouped
        let changed = r.filled + r.fixed
        return "wrote \(g(r.lines)) lines to \(PathName.display(output)): \(g(changed)) changed, "
            + "\(g(r.lines - changed)) copied unchanged (\(g(r.malformedLines)) malformed)\n"
            + "\(g(conversions)) conversions: \(g(r.filled)) paths filled, \(g(r.fixed)) fixed, "
            + "\(g(r.left)) left as they were (unrebuildable, an empty rebuilt path"
            + (fix ? ")" : ", or different: use --fix)") + "\n"
    }
}
