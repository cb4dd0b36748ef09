import ATKCore

extension Terminal {
    /// The per-input table of a text report (`file  lines  malformed  status`), between blank
    /// lines; empty for a single input read to its end, where the summary line says it all.
    static func fileTable(_ reports: [FileReport]) -> String {
        guard reports.count > 1 || reports.contains(where: { $0.error != nil }) else { return "" }
        let g = grouped
        return "\n"
            + table(
                ["file", "lines", "malformed", "status"],
                reports.map {
                    [$0.source.displayName, g($0.lines), g($0.malformedLines), $0.error == nil ? "ok" : "error"]
                }) + "\n"
    }
}
