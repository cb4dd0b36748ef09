import Foundation
import Testing

@Suite("Tracking plans, end to end")
struct PlanEndToEndTests {
    /// Lines of the truth's faults of `kinds`, sorted.
    private func faultLines(_ truth: [String: Any], _ kinds: String...) -> [Int] {
        kinds.flatMap { (truth[object: "faults"][object: $0]["lines"] as? [Int]) ?? [] }.sorted()
    }

    /// Lines reported under `rule` in a validate JSON report (all of them: --max-examples is large).
    private func ruleLines(_ report: [String: Any], _ rule: String) -> [Int] {
        report[array: "rules"].first { $0["id"] as? String == rule }.map { rule in
            (rule["examples"] as? [[String: Any]] ?? []).compactMap { $0[int: "line"] }
        } ?? []
    }

    @Test("validate --plan on the sample: plan.* findings are exactly the injected faults, with paths")
    func samplePlan() throws {
        let result = try CLI.run([
            "validate", "--format", "json", "--max-examples", "1000", "--plan", CLI.sample("plan.json"),
            CLI.sample("demo.jsonl.gz"),
        ])
        #expect(result.status == 1)
        let report = result.json
        let truth = try loadJSON(CLI.sample("demo.truth.json"))
        #expect(ruleLines(report, "plan.type") == faultLines(truth, "price_as_string"))
        #expect(ruleLines(report, "plan.required") == faultLines(truth, "click_without_element_type"))
        #expect(ruleLines(report, "plan.constraint") == faultLines(truth, "negative_duration", "duration_too_long"))
        #expect(ruleLines(report, "plan.unplanned_event") == faultLines(truth, "bad_event_name"))
        #expect(!ruleLines(report, "plan.type").isEmpty)
        let typeExample =
            report[array: "rules"].first { $0["id"] as? String == "plan.type" }?["examples"] as? [[String: Any]]
        #expect(typeExample?.first?["instance_path"] as? String == "/properties/price")
        #expect(typeExample?.first?["schema_path"] as? String == "#/events/AddToCart/properties/price/type")
        let plan = report[object: "plan"]
        #expect(plan["file"] as? String == CLI.sample("plan.json"))
        let addToCart = plan[array: "events"].first { $0["event"] as? String == "AddToCart" }
        let conversions = truth[object: "stats"][array: "events"].first { $0["event"] as? String == "AddToCart" }?[
            int: "count"]
        #expect(addToCart?[int: "checked"] == conversions)
        #expect(addToCart?[int: "violating"] == faultLines(truth, "price_as_string").count)
        #expect(plan[int: "unplanned_events"] == faultLines(truth, "bad_event_name").count)
        let severity =
            report[array: "rules"].first { $0["id"] as? String == "plan.unplanned_event" }?["severity"] as? String
        #expect(severity == "warning")
    }

    @Test("--strict-plan makes unplanned events errors; plan rules can be selected; bad rows get plan errors")
    func strictAndSelection() throws {
        let scratch = try Scratch()
        let bad = scratch.path("bad.jsonl")
        let strict = try CLI.run([
            "validate", "--format", "json", "--strict-plan", "--rule", "plan.unplanned_event", "--rule", "plan.type",
            "--bad-rows", bad, "--plan", CLI.sample("plan.json"), CLI.sample("demo.jsonl.gz"),
        ])
        #expect(strict.status == 1)
        let ids = strict.json[array: "rules"].compactMap { $0["id"] as? String }
        #expect(ids == ["plan.unplanned_event", "plan.type"])  // registry order
        #expect(strict.json[array: "rules"].allSatisfy { $0["severity"] as? String == "error" })
        let truth = try loadJSON(CLI.sample("demo.truth.json"))
        let rows = try String(contentsOfFile: bad, encoding: .utf8).split(separator: "\n")
        #expect(rows.count == Set(faultLines(truth, "price_as_string") + faultLines(truth, "bad_event_name")).count)
        #expect(try CLI.run(["validate", "--rule", "plan.type", CLI.sample("demo.jsonl.gz")]).status == 2)
        #expect(try CLI.run(["validate", "--strict-plan", CLI.sample("demo.jsonl.gz")]).status == 2)
    }

    @Test("a plan with an unknown keyword is refused with its location (exit 2); a missing plan too")
    func refusedPlans() throws {
        let scratch = try Scratch()
        let plan = scratch.path("typo.json")
        try #"{"events": {"AddToCart": {"properties": {"price": {"type": "number", "minimumm": 0}}}}}"#
            .write(toFile: plan, atomically: true, encoding: .utf8)
        let typo = try CLI.run(["validate", "--plan", plan, CLI.sample("demo.jsonl.gz")])
        #expect(typo.status == 2)
        #expect(
            typo.stderr.contains("minimumm") && typo.stderr.contains("#/events/AddToCart/properties/price/minimumm"))
        #expect(typo.stdout.isEmpty)
        let missing = try CLI.run(["validate", "--plan", scratch.path("none.json"), CLI.sample("demo.jsonl.gz")])
        #expect(missing.status == 2 && missing.stderr.contains("none.json"))
        // Named once, with what went wrong.
        #expect(
            missing.stderr.components(separatedBy: "none.json").count == 2 && missing.stderr.contains("cannot read"))
    }

    @Test("a plan pattern that needs backtracking is refused with its location (exit 2)")
    func refusedPatterns() throws {
        let scratch = try Scratch()
        let plan = scratch.path("lookahead.json")
        try #"{"events": {"AddToCart": {"properties": {"product_id": {"type": "string", "pattern": "^(?!P0)"}}}}}"#
            .write(toFile: plan, atomically: true, encoding: .utf8)
        let result = try CLI.run(["validate", "--plan", plan, CLI.sample("demo.jsonl.gz")])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "unsupported regular expression '^(?!P0)' at "
                    + "#/events/AddToCart/properties/product_id/pattern: negative lookahead '(?!' at offset 1"),
            "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("plan infer round trip on the demo dump: with --required-share 1 the dump meets its plan")
    func inferRoundTrip() throws {
        let scratch = try Scratch()
        let plan = scratch.path("inferred.json")
        let inferred = try CLI.run(["plan", "infer", "--required-share", "1", "-o", plan, CLI.sample("demo.jsonl.gz")])
        #expect(inferred.status == 0 && inferred.stderr.isEmpty)
        let checked = try CLI.run(["validate", "--format", "json", "--plan", plan, CLI.sample("demo.jsonl.gz")])
        let planRules = checked.json[array: "rules"].compactMap { $0["id"] as? String }.filter { $0.hasPrefix("plan.") }
        #expect(planRules.isEmpty)
        #expect(checked.json[object: "plan"][int: "unplanned_events"] == 0)
        let planned = checked.json[object: "plan"][array: "events"].compactMap { $0["event"] as? String }
        let truth = try loadJSON(CLI.sample("demo.truth.json"))
        let tracked = truth[object: "stats"][array: "events"].compactMap { $0["event"] as? String }
        #expect(Set(planned) == Set(tracked))
    }

    @Test(
        "plan infer with the default share names the required properties some events lack, and validate flags exactly those events"
    )
    func inferDefaultShare() throws {
        let scratch = try Scratch()
        let plan = scratch.path("inferred.json")
        let inferred = try CLI.run(["plan", "infer", "-o", plan, CLI.sample("demo.jsonl.gz")])
        #expect(inferred.status == 0)
        let flagged = inferred.stderr.split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.range(of: "flags the ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        // $element_path on clicks and exposures (missing_element_path), $url on page views (passive_page_view).
        #expect(flagged.count == 3)
        let checked = try CLI.run([
            "validate", "--format", "json", "--max-examples", "100", "--plan", plan, CLI.sample("demo.jsonl.gz"),
        ])
        let planRules = checked.json[array: "rules"].filter { ($0["id"] as? String)?.hasPrefix("plan.") == true }
        #expect(planRules.compactMap { $0["id"] as? String } == ["plan.required"])
        let required = try #require(planRules.first)
        let lines = (required["examples"] as? [[String: Any]] ?? []).compactMap { $0["line"] as? Int }.sorted()
        let truth = try loadJSON(CLI.sample("demo.truth.json"))
        let faulty = ["missing_element_path", "passive_page_view"].flatMap {
            truth[object: "faults"][object: $0]["lines"] as? [Int] ?? []
        }.sorted()
        #expect(required[int: "count"] == flagged.reduce(0, +))
        #expect(lines == faulty && !lines.isEmpty)
    }

    @Test("plan diff exits 0 with changes, 1 only for the --fail-on class, 2 for -o onto a plan, 3 for a bad plan")
    func diffExitCodes() throws {
        let (old, new) = (CLI.sample("plan.json"), CLI.sample("plan-next.json"))
        #expect(try CLI.run(["plan", "diff", old, new]).status == 0)
        #expect(try CLI.run(["plan", "diff", "--fail-on", "breaking", old, new]).status == 1)
        #expect(try CLI.run(["plan", "diff", "--fail-on", "any", old, old]).status == 0)
        let same = try CLI.run(["plan", "diff", "--fail-on", "any", "--format", "json", old, old])
        #expect(same.json[object: "summary"][int: "changes"] == 0)
        #expect(try CLI.run(["plan", "diff", "-o", new, old, new]).status == 2)
        #expect(try CLI.run(["plan", "diff", "--fail-on", "some", old, new]).status == 2)
        let scratch = try Scratch()
        let broken = scratch.path("broken.json")
        try Data("{\"events\": ".utf8).write(to: URL(fileURLWithPath: broken))
        let unreadable = try CLI.run(["plan", "diff", old, broken])
        #expect(unreadable.status == 3)
        #expect(unreadable.stderr.contains("broken.json"))
    }

    @Test("plan infer --update: only compatible changes, each on standard error, never written over the plan")
    func update() throws {
        let scratch = try Scratch()
        let updated = scratch.path("plan-next.json")
        let plan = CLI.sample("plan.json")
        let result = try CLI.run(["plan", "infer", "--update", plan, "-o", updated, CLI.sample("demo.jsonl.gz")])
        #expect(result.status == 0)
        let diff = try CLI.run(["plan", "diff", "--format", "json", plan, updated])
        let summary = diff.json[object: "summary"]
        #expect(summary[int: "breaking"] == 0)
        // One line per change, and a count.
        #expect(result.stderr.split(separator: "\n").count == (summary[int: "changes"] ?? -1) + 1)
        let refused = try CLI.run(["plan", "infer", "--update", plan, "-o", plan, CLI.sample("demo.jsonl.gz")])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("never writes over its input"))
        let missing = try CLI.run([
            "plan", "infer", "--update", scratch.path("none.json"), "-o", updated, CLI.sample("demo.jsonl.gz"),
        ])
        #expect(missing.status == 3)
    }

    @Test("plan diff and plan infer --update teach in --help")
    func help() throws {
        let diff = try CLI.run(["plan", "diff", "--help"])
        #expect(diff.status == 0)
        #expect(diff.stdout.contains("Examples:") && diff.stdout.contains("--fail-on"))
        let infer = try CLI.run(["plan", "infer", "--help"])
        #expect(infer.stdout.contains("--update <PLAN>") && infer.stdout.contains("atk plan infer --update plan.json"))
        #expect(try CLI.run(["plan", "--help"]).stdout.contains("diff"))
    }
}
