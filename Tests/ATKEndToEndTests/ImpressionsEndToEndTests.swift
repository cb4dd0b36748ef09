import Foundation
import Testing

@Suite("atk impressions, end to end")
struct ImpressionsEndToEndTests {
    private static let summaryKeys = [
        "exposures", "duplicates", "clicks", "clicks_without_exposure", "index_gaps", "page_views",
    ]
    private static let screenKeys = ["exposures", "duplicates", "clicks", "clicks_without_exposure", "index_gaps"]

    /// Asserts that a report's summary and per-screen counts equal the truth's.
    private func expectMatches(
        _ report: [String: Any], _ truth: [String: Any], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = truth[object: "impressions"]
        for key in Self.summaryKeys {
            #expect(report[object: "summary"][int: key] != nil, "\(key)", sourceLocation: sourceLocation)
            #expect(
                report[object: "summary"][int: key] == expected[object: "summary"][int: key], "\(key)",
                sourceLocation: sourceLocation)
        }
        let rows = { (rows: [[String: Any]]) in
            rows.map { row in [row["screen"] as? String ?? "?"] + Self.screenKeys.map { String(row[int: $0] ?? -1) } }
        }
        #expect(!expected[array: "by_screen"].isEmpty, sourceLocation: sourceLocation)
        #expect(rows(report[array: "by_screen"]) == rows(expected[array: "by_screen"]), sourceLocation: sourceLocation)
    }

    @Test("the bundled sample's counts equal its truth file")
    func sample() throws {
        let result = try CLI.run(["impressions", "--format", "json", CLI.sample("demo.jsonl.gz")])
        #expect(result.status == 0, "\(result.stderr)")
        let report = result.json
        #expect(report["command"] as? String == "impressions" && report[int: "schema_version"] == 1)
        expectMatches(report, try loadJSON(CLI.sample("demo.truth.json")))
        #expect(report[object: "summary"][int: "malformed_lines"] == 25)
        let examples = report[array: "examples"]
        #expect(
            Set(examples.compactMap { $0["finding"] as? String }) == [
                "duplicate", "click_without_exposure", "index_gap",
            ])
        #expect(
            examples.allSatisfy {
                $0["file"] as? String != nil && $0[int: "line"] ?? 0 > 0 && $0["user"] as? String != nil
            })
    }

    @Test("a fresh dump with faults: counts equal the truth, shuffled lines too")
    func faults() throws {
        let scratch = try Scratch()
        let dump = scratch.path("dump.jsonl"), truthPath = scratch.path("truth.json")
        let generated = try CLI.run([
            "generate", "--users", "120", "--seed", "23", "--faults", "0.05", "-o", dump, "--truth", truthPath,
        ])
        #expect(generated.status == 0, "\(generated.stderr)")
        let truth = try loadJSON(truthPath)
        #expect(truth[object: "impressions"][object: "summary"][int: "duplicates"] ?? 0 > 0)
        #expect(truth[object: "impressions"][object: "summary"][int: "clicks_without_exposure"] ?? 0 > 0)
        #expect(truth[object: "impressions"][object: "summary"][int: "index_gaps"] ?? 0 > 0)
        let result = try CLI.run(["impressions", "--format", "json", dump])
        #expect(result.status == 0, "\(result.stderr)")
        expectMatches(result.json, truth)

        // Reversed line order: page views come from times, not from the order of lines.
        let lines = try String(contentsOfFile: dump, encoding: .utf8).split(separator: "\n")
        let reversed = scratch.path("reversed.jsonl")
        try (lines.reversed().joined(separator: "\n") + "\n").write(toFile: reversed, atomically: true, encoding: .utf8)
        expectMatches(try CLI.run(["impressions", "--format", "json", reversed]).json, truth)

        // A clean dump has no finding under any policy.
        let clean = scratch.path("clean.jsonl")
        #expect(try CLI.run(["generate", "--users", "40", "--seed", "23", "-o", clean]).status == 0)
        for policy in [["--policy", "once-per-view"], ["--policy", "window"], ["--policy", "buffer"]] {
            let summary = try CLI.run(["impressions", "--format", "json"] + policy + [clean]).json[object: "summary"]
            #expect(summary[int: "exposures"] ?? 0 > 0)
            #expect(
                [summary[int: "duplicates"], summary[int: "clicks_without_exposure"], summary[int: "index_gaps"]] == [
                    0, 0, 0,
                ], "\(policy)")
        }
        // The generator's duplicates fire 1-300 ms apart, so every policy finds all of them.
        for policy in [["--policy", "window", "--window", "300ms"], ["--policy", "buffer"]] {
            let summary = try CLI.run(["impressions", "--format", "json"] + policy + [dump]).json[object: "summary"]
            #expect(
                summary[int: "duplicates"] == truth[object: "impressions"][object: "summary"][int: "duplicates"],
                "\(policy)")
        }
    }

    @Test("rates above --max-duplicate-rate or --max-missing-rate exit 1; the default never fails")
    func exitCodes() throws {
        let sample = CLI.sample("demo.jsonl.gz")
        #expect(try CLI.run(["impressions", sample]).status == 0)
        #expect(try CLI.run(["impressions", "--max-duplicate-rate", "0.01", sample]).status == 1)
        #expect(try CLI.run(["impressions", "--max-duplicate-rate", "0.02", sample]).status == 0)
        #expect(try CLI.run(["impressions", "--max-missing-rate", "0.005", sample]).status == 1)
        #expect(try CLI.run(["impressions", "--max-missing-rate", "0.02", sample]).status == 0)
        for usage in [
            ["--window", "1s"], ["--policy", "sometimes"], ["--policy", "window", "--window", "soon"],
            ["--index-property", "i"], ["--max-duplicate-rate", "2"], ["--click-event", "$AppExposure"],
            ["--key", ","], ["--exposure-event", "$AppViewScreen"],
        ] {
            let result = try CLI.run(["impressions"] + usage + [sample])
            #expect(result.status == 2, "\(usage): \(result.stderr)")
        }
        let missing = try CLI.run(["impressions", "/nonexistent/dump.jsonl"])
        #expect(missing.status == 3)
    }

    @Test("the text report has totals, screens, elements and examples; --breakdown splits it")
    func text() throws {
        let result = try CLI.run([
            "impressions", "--breakdown", "$app_version", "--max-examples", "1", CLI.sample("demo.jsonl.gz"),
        ])
        #expect(result.status == 0)
        for expected in [
            "1,190 page views", "duplicates                     52", "index gaps                     26",
            "$app_version", "2.4.0", "HomeViewController", "UIView/UICollectionView[0]/ProductCell[0][-]",
            "duplicate examples (first 1 of 52):", "Samples/demo.jsonl.gz:",
        ] {
            #expect(result.stdout.contains(expected), "\(expected)")
        }
        let json = try CLI.run([
            "impressions", "--format", "json", "--breakdown", "$app_version", CLI.sample("demo.jsonl.gz"),
        ]).json
        let values = json[object: "breakdown"][array: "values"]
        #expect(values.map { $0["value"] as? String } == ["2.3.0", "2.4.0"])
        #expect(values.reduce(0) { $0 + ($1[int: "exposures"] ?? 0) } == json[object: "summary"][int: "exposures"])
    }
}
