import Foundation
import Testing

/// `atk report`: sections equal the single commands' JSON, alerts at their thresholds, config
/// errors with their places, the files it writes.
@Suite("atk report, end to end")
struct ReportEndToEndTests {
    /// The issue's config, word for word (plan.json and visualized.json beside it).
    static let issueConfig = """
        title: Shop app, daily
        validate: {plan: plan.json}
        funnels:
          - name: pdp_to_cart
            steps: ["$AppStart", "$AppViewScreen[$screen_name=ProductDetailViewController]", "AddToCart"]
            window: 1h
        path_funnels:
          - {name: cart_paths, conversion: AddToCart}
        impressions: {policy: once-per-view}
        elements: {visualized: visualized.json}
        alerts:
          - {metric: validate.error_line_rate, above: 0.01}
          - {metric: funnels.pdp_to_cart.conversion, below: 0.05}
          - {metric: impressions.duplicate_rate, rises_by: 0.5}

        """

    /// More options in every section, and a funnel counted by a property (a read of its own).
    static let richConfig = """
        title: every option kind
        stats: {max_examples: 3}
        validate: {plan: plan.json, max_examples: 2, skip_rule: [duplicate.event], breakdown: $app_version}
        funnels:
          - {name: views, steps: "$AppViewScreen,$AppClick", window: 10m, count: conversions, mode: strict-order}
          - {name: by_device, steps: [$AppStart, AddToCart], by: $device_id, breakdown: $os, breakdown_limit: 2}
        path_funnels:
          - {name: home_pdp, pattern: "DL_HOME>DL_PDP", strict: true, entity: DL_HOME, top: 2}
          - {name: rebuilt, rebuilt: navigation.json, top: 3}
        impressions: {policy: window, window: 500ms, breakdown: $app_version, max_examples: 1}
        elements: {visualized: visualized.json, recorded_identifiers: true, top_pairs: 2, max_examples: 1}
        paths: {config: navigation.json, max_examples: 2}

        """

    /// A scratch folder with `config` as atk-report.yaml and the sample's plan and visualized config.
    private static func folder(config: String) throws -> Scratch {
        let scratch = try Scratch()
        try config.write(toFile: scratch.path("atk-report.yaml"), atomically: true, encoding: .utf8)
        for name in ["plan.json", "visualized.json", "navigation.json"] {
            try FileManager.default.copyItem(atPath: CLI.sample(name), toPath: scratch.path(name))
        }
        return scratch
    }

    /// Each section, as JSON text with sorted keys, and the single command's document without
    /// its envelope, for `arguments` of each section.
    private static func expectSectionsEqualSingleCommands(
        config: String, dump: String, singles: [String: [String]], jobs: String = "2",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let scratch = try folder(config: config)
        let result = try CLI.run(
            ["report", "--config", scratch.path("atk-report.yaml"), "--jobs", jobs, dump, "-o", scratch.path("out")])
        #expect([0, 1].contains(result.status), "\(result.stderr)", sourceLocation: sourceLocation)
        let report = try loadJSON(scratch.path("out/report.json"))
        let sections = report[object: "sections"]
        #expect(Set(sections.keys) == Set(singles.keys), sourceLocation: sourceLocation)
        for (key, arguments) in singles {
            let single = try CLI.run(
                arguments.map { $0.replacingOccurrences(of: "DIR/", with: scratch.url.path + "/") } + [
                    "--format", "json", "--jobs", "3", dump,
                ])
            var expected = single.json
            for member in ["tool", "command", "version", "schema_version"] { expected[member] = nil }
            #expect(!expected.isEmpty, "\(key)", sourceLocation: sourceLocation)
            #expect(
                canonical(sections[object: key]) == canonical(expected), "section \(key)",
                sourceLocation: sourceLocation)
        }
    }

    /// JSON text with sorted keys: equal documents, equal texts.
    static func canonical(_ object: [String: Any]) -> String {
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    @Test("every section of the issue's config equals the single command's JSON on the sample")
    func issueConfigOnSample() throws {
        try Self.expectSectionsEqualSingleCommands(
            config: Self.issueConfig, dump: CLI.sample("demo.jsonl.gz"),
            singles: [
                "stats": ["stats"], "validate": ["validate", "--plan", "DIR/plan.json"],
                "funnels.pdp_to_cart": [
                    "funnel", "--steps", "$AppStart,$AppViewScreen[$screen_name=ProductDetailViewController],AddToCart",
                    "--window", "1h",
                ],
                "path_funnels.cart_paths": ["funnel", "--path", "--conversion", "AddToCart"],
                "impressions": ["impressions", "--policy", "once-per-view"], "elements.verify": ["elements", "verify"],
                "elements.match": ["elements", "match", "--config", "DIR/visualized.json"],
            ])
    }

    /// The rich config's single commands.
    private static let richSingles: [String: [String]] = [
        "stats": ["stats", "--max-examples", "3"],
        "validate": [
            "validate", "--plan", "DIR/plan.json", "--max-examples", "2", "--skip-rule", "duplicate.event",
            "--breakdown",
            "$app_version",
        ],
        "funnels.views": [
            "funnel", "--steps", "$AppViewScreen,$AppClick", "--window", "10m", "--count", "conversions", "--mode",
            "strict-order",
        ],
        "funnels.by_device": [
            "funnel", "--step", "$AppStart", "--step", "AddToCart", "--by", "$device_id", "--breakdown", "$os",
            "--breakdown-limit", "2",
        ],
        "path_funnels.home_pdp": [
            "funnel", "--path", "--strict", "--entity", "DL_HOME", "--top", "2", "DL_HOME>DL_PDP",
        ],
        "impressions": [
            "impressions", "--policy", "window", "--window", "500ms", "--breakdown", "$app_version", "--max-examples",
            "1",
        ],
        "elements.verify": ["elements", "verify", "--top-pairs", "2", "--max-examples", "1"],
        "elements.match": ["elements", "match", "--config", "DIR/visualized.json", "--recorded-identifiers"],
        "path_funnels.rebuilt": ["funnel", "--path", "--rebuilt", "DIR/navigation.json", "--top", "3"],
        "paths": ["paths", "verify", "--config", "DIR/navigation.json", "--max-examples", "2"],
    ]

    @Test("options of every section, and a funnel by a property, equal the single commands on the sample")
    func richConfigOnSample() throws {
        try Self.expectSectionsEqualSingleCommands(
            config: Self.richConfig, dump: CLI.sample("demo.jsonl.gz"), singles: Self.richSingles, jobs: "3")
    }

    @Test("on a generated dump with faults, with one and with several workers")
    func generatedDump() throws {
        let scratch = try Scratch()
        let dump = scratch.path("gen.jsonl.gz")
        let generated = try CLI.run(["generate", "--users", "300", "--seed", "11", "--faults", "0.03", "-o", dump])
        #expect(generated.status == 0, "\(generated.stderr)")
        for jobs in ["1", "3"] {
            try Self.expectSectionsEqualSingleCommands(
                config: Self.richConfig, dump: dump, singles: Self.richSingles, jobs: jobs)
        }
    }

    /// Runs `config` (alerts only, on stats) over the sample; returns the exit status and the alerts.
    private static func alerts(_ alerts: String, baseline: String? = nil) throws -> (Int32, [[String: Any]], Scratch) {
        let scratch = try folder(config: "title: t\nalerts:\n" + alerts)
        var arguments = ["report", "--config", scratch.path("atk-report.yaml"), CLI.sample("demo.jsonl.gz")]
        if let baseline {
            try baseline.write(toFile: scratch.path("base.json"), atomically: true, encoding: .utf8)
            arguments += ["--baseline", scratch.path("base.json")]
        }
        let result = try CLI.run(arguments + ["-o", scratch.path("out"), "--format", "markdown"])
        return (result.status, try loadJSON(scratch.path("out/report.json"))[array: "alerts"], scratch)
    }

    @Test("above and below fire beyond the threshold, not at it (the sample has 6,657 events)")
    func thresholds() throws {
        for (rule, status) in [
            ("above: 6657", 0), ("above: 6656", 1), ("below: 6657", 0), ("below: 6658", 1), ("above: 6656.5", 1),
        ] {
            let (exit, alerts, _) = try Self.alerts("  - {metric: stats.events, \(rule)}\n")
            #expect(exit == Int32(status), "\(rule)")
            #expect(alerts.first?["status"] as? String == (status == 1 ? "fired" : "ok"), "\(rule)")
        }
    }

    @Test("rises_by and falls_by are relative changes from the baseline, strict; zero or missing: not evaluated")
    func baselines() throws {
        // 6,657 events now; a baseline of 4,438 is a rise of exactly 0.5 (6657 / 4438 = 1.5).
        let base = #"{"command": "report", "metrics": {"stats.events": 4438, "stats.users": 0}}"#
        for (rule, status, exit) in [
            ("{metric: stats.events, rises_by: 0.5}", "ok", 0), ("{metric: stats.events, rises_by: 0.49}", "fired", 1),
            ("{metric: stats.events, falls_by: 0}", "ok", 0),
            ("{metric: stats.users, rises_by: 0.1}", "not evaluated", 0),
            ("{metric: stats.lines, falls_by: 0.1}", "not evaluated", 0),
        ] {
            let (code, alerts, scratch) = try Self.alerts("  - \(rule)\n", baseline: base)
            #expect(code == Int32(exit), "\(rule)")
            #expect(alerts.first?["status"] as? String == status, "\(rule)")
            let junit = try String(contentsOfFile: scratch.path("out/junit.xml"), encoding: .utf8)
            let summary = try String(contentsOfFile: scratch.path("out/summary.md"), encoding: .utf8)
            let html = try String(contentsOfFile: scratch.path("out/report.html"), encoding: .utf8)
            if status == "not evaluated" {
                #expect(junit.contains("<skipped message=\"NOT EVALUATED"), "\(rule)")
                #expect(summary.contains("NOT EVALUATED"), "\(rule)")
                #expect(html.contains("not evaluated"), "\(rule)")
            }
        }
        let (code, alerts, _) = try Self.alerts("  - {metric: stats.events, falls_by: 0.1}\n")
        #expect(code == 0 && alerts.first?["status"] as? String == "not evaluated")
    }

    @Test("config errors exit 2 with file:line:column")
    func configErrors() throws {
        let cases: [(String, String)] = [
            ("title: t\nvalidat: {}\n", "atk-report.yaml:2:1: unknown key 'validat'"),
            ("validate:\n  plan: plan.json\n  max_exampels: 3\n", "atk-report.yaml:3:3:"),
            ("impressions: {policy: [a, {b: c}]}\n", "atk-report.yaml:1:"),
            ("funnels:\n  - {name: f, steps: [A, B], window: soon}\n", "atk-report.yaml:2:30:"),
            ("stats: {max_examples: lots}\n", "atk-report.yaml:1:9:"),
            ("alerts:\n  - {metric: validate.error_rate, above: 0.1}\n", "atk-report.yaml:2:14: unknown metric"),
            ("validate: {}\nalerts:\n  - {metric: validate.error_line_rate, above: high}\n", "atk-report.yaml:3:"),
            ("funnels: {name: f}\n", "atk-report.yaml:1:10:"),
            ("title: [a]\n", "atk-report.yaml:1:1:"),
            ("stats: {format: json}\n", "atk-report.yaml:1:9:"),
            ("path_funnels:\n  - {name: p, strict: maybe, pattern: A>B}\n", "atk-report.yaml:2:"),
            ("funnels:\n  - {name: a.b, steps: [A, B]}\n", "atk-report.yaml:2:12:"),
            ("title: t\ntitle: u\n", "atk-report.yaml:2:1:"),
            ("stats: {max_examples: 1\n", "atk-report.yaml"),
            ("paths: {max_examples: 1}\n", "atk-report.yaml:1:8:"),
            ("path_funnels:\n  - {name: p, rebuilt: navigation.json, steps: A}\n", "atk-report.yaml:2:"),
        ]
        for (config, expected) in cases {
            let scratch = try Self.folder(config: config)
            let result = try CLI.run([
                "report", "--config", scratch.path("atk-report.yaml"), CLI.sample("demo.jsonl.gz"), "-o",
                scratch.path("out"),
            ])
            #expect(result.status == 2, "\(config)")
            #expect(result.stderr.contains(expected), "\(config): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: scratch.path("out/report.json")), "\(config)")
        }
    }

    @Test("history is appended one line per run; the page charts it; outputs are never inputs")
    func history() throws {
        let scratch = try Self.folder(config: Self.issueConfig)
        let arguments = [
            "report", "--config", scratch.path("atk-report.yaml"), CLI.sample("demo.jsonl.gz"), "--history",
            scratch.path("history.jsonl"), "-o", scratch.path("out"),
        ]
        for run in 1...3 {
            let result = try CLI.run(arguments)
            #expect(result.status == 1, "\(result.stderr)")
            let lines = try String(contentsOfFile: scratch.path("history.jsonl"), encoding: .utf8)
                .split(separator: "\n")
            #expect(lines.count == run)
        }
        let html = try String(contentsOfFile: scratch.path("out/report.html"), encoding: .utf8)
        #expect(html.contains("<polyline"))
        #expect(html.contains("The last 3 runs"))
        let refused = try CLI.run([
            "report", "--config", scratch.path("atk-report.yaml"), CLI.sample("demo.jsonl.gz"),
            "--history", CLI.sample("demo.jsonl.gz"), "-o", scratch.path("out"),
        ])
        #expect(refused.status == 2, "\(refused.stderr)")
    }

    @Test("hostile strings from the data are escaped in the page")
    func escaping() throws {
        let scratch = try Self.folder(
            config: "title: \"<b>&'\\\"\"\nfunnels:\n  - {name: x, steps: [\"<script>alert(1)</script>\", B]}\n")
        let line =
            #"{"type":"track","distinct_id":"u1","time":1788248827115,"event":"<script>alert(1)</script>","properties":{}}"#
        try (line + "\n").write(toFile: scratch.path("d.jsonl"), atomically: true, encoding: .utf8)
        let result = try CLI.run([
            "report", "--config", scratch.path("atk-report.yaml"), scratch.path("d.jsonl"), "-o", scratch.path("out"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOfFile: scratch.path("out/report.html"), encoding: .utf8)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<b>&"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test("report init writes a config that runs")
    func initConfig() throws {
        let scratch = try Scratch()
        let written = try CLI.run([
            "report", "init", CLI.sample("demo.jsonl.gz"), "-o", scratch.path("atk-report.yaml"),
        ])
        #expect(written.status == 0, "\(written.stderr)")
        let config = try String(contentsOfFile: scratch.path("atk-report.yaml"), encoding: .utf8)
        #expect(config.contains("impressions:") && config.contains("funnels:") && config.contains("# "))
        let result = try CLI.run([
            "report", "--config", scratch.path("atk-report.yaml"), CLI.sample("demo.jsonl.gz"), "-o",
            scratch.path("out"),
        ])
        #expect([0, 1].contains(result.status), "\(result.stderr)")
        #expect(try loadJSON(scratch.path("out/report.json"))[object: "sections"].keys.contains("funnels.main"))
    }
}
