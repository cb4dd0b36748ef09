import ATKCore

/// The named metrics of `atk report` (Docs/report.md#metrics): read from the sections' JSON, so
/// a metric is always the number its section prints.
enum ReportMetrics {
    /// One metric of a kind of section: its name after the section's, and how to read it.
    struct Definition {
        /// The name after the section's key (`error_line_rate`).
        var name: String
        /// The value, from the section's JSON; nil when it has none (a rate of nothing).
        var read: (JSONOutput) -> Double?
    }

    /// The metrics of each kind of section, in the order `metrics` lists them.
    static func definitions(kind: String) -> [Definition] {
        switch kind {
        case "stats":
            [
                count("lines"), count("events"), count("users"), count("malformed_lines"),
                ratio("malformed_line_rate", "malformed_lines", of: "lines"),
            ]
        case "validate":
            [
                count("error_lines"), count("warning_lines"), count("errors"), count("warnings"),
                Definition(name: "error_line_rate") { $0.value(at: "summary", "error_rate")?.number },
                ratio("warning_line_rate", "warning_lines", of: "lines"),
            ]
        case "funnels":
            [
                Definition(name: "entered") { counted($0, step: "0") },
                Definition(name: "completed") { counted($0, step: "-1") },
                Definition(name: "conversion") { $0.value(at: "steps", "-1", "conversion_from_first")?.number },
                Definition(name: "median_ms") { $0.value(at: "steps", "-1", "median_ms_from_previous")?.number },
            ]
        case "path_funnels":
            [
                count("conversions"), count("with_path"), count("without_path"), count("invalid_path"),
                count("distinct_paths"), ratio("without_path_rate", "without_path", of: "conversions"),
            ]
        case "impressions":
            [
                count("exposures"), count("duplicates"), count("clicks_without_exposure"), count("index_gaps"),
                Definition(name: "duplicate_rate") { $0.value(at: "summary", "duplicate_rate")?.number },
                Definition(name: "missing_rate") { $0.value(at: "summary", "missing_rate")?.number },
            ]
        case "elements.verify":
            [
                count("with_chain"), count("invalid_chains"), count("events_with_differences"),
                ratio("difference_rate", "events_with_differences", of: "with_chain"),
            ]
        case "elements.match":
            [count("clicks"), count("matched_clicks"), ratio("match_rate", "matched_clicks", of: "clicks")]
        case "paths":
            [
                count("conversions"), count("match"), count("mismatch"), count("missing"), count("unrebuildable"),
                ratio("mismatch_rate", "mismatch", of: "conversions"),
                ratio("missing_rate", "missing", of: "conversions"),
            ]
        default: []
        }
    }

    /// The kind of a section key: `funnels.pdp` is a `funnels` section.
    static func kind(ofSection key: String) -> String {
        if key.hasPrefix("funnels.") { return "funnels" }
        if key.hasPrefix("path_funnels.") { return "path_funnels" }
        return key
    }

    /// Every metric name of the sections `configuration` runs, in `metrics` order.
    static func names(for configuration: ReportConfiguration) -> [String] {
        configuration.sectionKeys.flatMap { key in definitions(kind: kind(ofSection: key)).map { "\(key).\($0.name)" } }
    }

    /// Every metric of `sections` (key, JSON document), in order.
    static func values(_ sections: [(String, JSONOutput)]) -> [(name: String, value: Double?)] {
        sections.flatMap { key, json in
            definitions(kind: kind(ofSection: key)).map { ("\(key).\($0.name)", $0.read(json)) }
        }
    }

    private static func count(_ member: String) -> Definition {
        Definition(name: member) { $0.value(at: "summary", member)?.number }
    }

    private static func ratio(_ name: String, _ part: String, of whole: String) -> Definition {
        Definition(name: name) { json in
            guard let part = json.value(at: "summary", part)?.number,
                let whole = json.value(at: "summary", whole)?.number,
                whole > 0
            else { return nil }
            return part / whole
        }
    }

    /// A funnel step's count: conversions when the funnel counts them, else users.
    private static func counted(_ json: JSONOutput, step: String) -> Double? {
        json.value(at: "steps", step, "conversions")?.number ?? json.value(at: "steps", step, "users")?.number
    }
}
