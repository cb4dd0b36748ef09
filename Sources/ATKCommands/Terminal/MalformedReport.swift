import ATKCore

/// How every reading command reports malformed lines: each example with file and line.
enum MalformedReport {
    /// `[{"file": ..., "line": N, "message": ...}]`.
    static func json(_ examples: [MalformedExamples.Example], _ reports: [FileReport]) -> JSONOutput {
        .array(
            examples.map { example in
                .object([
                    ("file", .string(reports[example.location.fileIndex].source.displayName)),
                    ("line", .int(example.location.line)), ("message", .string(example.reason)),
                ])
            })
    }

    /// `report` with its `malformed_examples` member added, for reports built without one.
    static func adding(_ examples: [MalformedExamples.Example], to report: JSONOutput, _ reports: [FileReport])
        -> JSONOutput
    {
        report.appending(("malformed_examples", json(examples, reports)))
    }

    /// `malformed lines (first 10 of 25):` and one `file:line: reason` line each; empty when none.
    static func text(_ examples: [MalformedExamples.Example], _ reports: [FileReport]) -> String {
        guard !examples.isEmpty else { return "" }
        let malformed = reports.totalMalformedLines
        var out =
            "\nmalformed lines"
            + (malformed > examples.count ? " (first \(examples.count) of \(Terminal.grouped(malformed)))" : "") + ":\n"
        for example in examples {
            out +=
                "  \(reports[example.location.fileIndex].source.displayName):\(example.location.line): \(Terminal.safe(example.reason))\n"
        }
        return out
    }
}
