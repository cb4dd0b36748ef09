import Foundation
import Testing

/// Every command and format, byte for byte against `Tests/Golden/`.
///
/// Each case runs the built `atk` from the package root (so paths in reports are the relative
/// ones written here) and compares its exit status, standard output, standard error and any file
/// it wrote (`{out}` in the arguments) with the committed golden. The inputs are `Samples/` and a
/// dump `atk generate` writes first with a fixed seed. A behaviour change shows here as a diff;
/// regenerate with `make golden` only in a commit that says which behaviour changed and why.
@Suite(.serialized)
struct GoldenTests {
    /// One command line and the name of its golden file.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        var testDescription: String { name }
    }

    static let sample = "Samples/demo.jsonl.gz"
    static let generated = ".build/golden/generated.jsonl.gz"
    /// Hand-made journeys: anonymous-then-login users, a conflict, an unbind, sessions and gaps.
    static let journeys = "Samples/journeys.jsonl"
    static let funnelSteps = ["--steps", "$AppStart,ProductView,AddToCart", "--window", "1h"]

    /// The cases run on each input: `name` gets the input's suffix.
    static func perInput(_ input: String) -> [Case] {
        var cases: [Case] = []
        func add(_ name: String, _ arguments: [String]) {
            cases.append(Case(name: name, arguments: arguments + [input]))
        }
        for format in ["text", "json"] {
            add("stats-\(format)", ["stats", "--format", format])
            add("impressions-\(format)", ["impressions", "--format", format])
            add(
                "impressions-window-\(format)",
                ["impressions", "--policy", "window", "--window", "5s", "--breakdown", "$os", "--format", format])
            add(
                "plan-validate-\(format)",
                ["validate", "--plan", "Samples/plan.json", "--strict-plan", "--format", format])
            for sub in ["verify", "top", "drift"] {
                add("elements-\(sub)-\(format)", ["elements", sub, "--format", format])
            }
            add(
                "elements-top-recorded-\(format)",
                ["elements", "top", "--recorded-identifiers", "--by-position", "--top", "5", "--format", format])
            add(
                "elements-match-\(format)",
                ["elements", "match", "--config", "Samples/visualized.json", "--format", format])
            add("elements-rebuild-\(format)", ["elements", "rebuild", "-o", "{out}", "--format", format])
            add(
                "paths-verify-\(format)",
                ["paths", "verify", "--config", "Samples/navigation.json", "--max-examples", "3", "--format", format])
            add(
                "paths-rebuild-\(format)",
                ["paths", "rebuild", "--config", "Samples/navigation.json", "--fix", "-o", "{out}", "--format", format])
            add(
                "paths-attribution-\(format)",
                ["paths", "attribution", "--config", "Samples/navigation.json", "--top", "5", "--format", format])
            add("identities-\(format)", ["identities", "--format", format])
            add("sessions-\(format)", ["sessions", "--breakdown", "$app_version", "--format", format])
            add(
                "retention-\(format)",
                [
                    "retention", "--start", "$AppStart", "--return", "$AppViewScreen[$screen_name=CartViewController]",
                    "--period", "day", "--periods", "3", "--tz", "Asia/Shanghai", "--format", format,
                ])
            add(
                "funnel-rebuilt-\(format)",
                [
                    "funnel", "--path", "DL_HOME>DL_PDP", "--rebuilt", "Samples/navigation.json", "--entity", "DL_HOME",
                    "--top", "5", "--format", format,
                ])
        }
        for format in ["text", "json", "junit"] {
            add("validate-\(format)", ["validate", "--format", format])
        }
        add("validate-breakdown", ["validate", "--breakdown", "$os", "--max-examples", "1", "--fail-on", "warning"])
        add(
            "validate-rules",
            ["validate", "--rule", "time.future", "--rule", "lifecycle.unmatched_end", "--now", "2026-09-03T00:00:00Z"])
        add("validate-bad-rows", ["validate", "--bad-rows", "{out}", "--max-error-rate", "0.5", "--format", "json"])
        for format in ["text", "json", "csv"] {
            add("funnel-\(format)", ["funnel", "--format", format] + funnelSteps)
            add(
                "funnel-breakdown-\(format)",
                [
                    "funnel", "--format", format, "--breakdown", "$network_type", "--mode", "strict-dedup", "--count",
                    "conversions",
                ]
                    + funnelSteps)
            add("funnel-path-\(format)", ["funnel", "--format", format, "--path", "DL_HOME>DL_PDP"])
            add("funnel-paths-\(format)", ["funnel", "--format", format, "--path", "--top", "5"])
        }
        add(
            "funnel-exclude",
            ["funnel", "--exclude", "$AppEnd", "--mode", "strict-dedup", "--by", "$device_id"] + funnelSteps)
        add("elements-rebuild-fix", ["elements", "rebuild", "--fix", "-o", "{out}"])
        add("plan-infer", ["plan", "infer", "--required-share", "0.9", "--max-enum", "8"])
        add("plan-infer-update", ["plan", "infer", "--update", "Samples/plan.json", "-o", "{out}"])
        add("report", ["report", "--config", "Samples/atk-report.yaml", "-o", "{out}"])
        add(
            "report-markdown", ["report", "--config", "Samples/atk-report.yaml", "--format", "markdown", "-o", "{out}"])
        return cases
    }

    static let cases: [Case] = {
        var cases: [Case] = [
            Case(name: "generate-small", arguments: ["generate", "--users", "3", "--seed", "1"]),
            Case(
                name: "generate-faults",
                arguments: [
                    "generate", "--users", "4", "--seed", "9", "--faults", "0.2", "--path-format", "mixed", "--truth",
                    "{out}",
                ]),
            Case(name: "generate-visualized", arguments: ["generate", "--users", "0", "--visualized-config", "{out}"]),
            Case(name: "stats-missing-file", arguments: ["stats", "Samples/no-such-file.jsonl"]),
            Case(name: "funnel-bad-window", arguments: ["funnel", "--steps", "a,b", "--window", "soon", sample]),
            // A value outside an option's enum is argument-parser's error, naming the valid values.
            Case(name: "stats-bad-format", arguments: ["stats", "--format", "csv", sample]),
            Case(name: "validate-bad-format", arguments: ["validate", "--format", "csv", sample]),
            Case(name: "funnel-bad-format", arguments: ["funnel", "--steps", "a,b", "--format", "junit", sample]),
            Case(
                name: "elements-rebuild-bad-format",
                arguments: ["elements", "rebuild", "-o", "-", "--format", "csv", sample]),
            Case(name: "funnel-bad-mode", arguments: ["funnel", "--steps", "a,b", "--mode", "strict", sample]),
            Case(name: "impressions-bad-policy", arguments: ["impressions", "--policy", "twice", sample]),
            Case(name: "generate-bad-path-format", arguments: ["generate", "--users", "1", "--path-format", "tree"]),
            Case(name: "plan-diff-text", arguments: ["plan", "diff", "Samples/plan.json", "Samples/plan-next.json"]),
            Case(
                name: "plan-diff-json",
                arguments: [
                    "plan", "diff", "--format", "json", "--fail-on", "breaking", "Samples/plan.json",
                    "Samples/plan-next.json",
                ]),
            Case(
                name: "plan-diff-unreadable", arguments: ["plan", "diff", "Samples/plan.json", "Samples/no-plan.json"]),
            Case(
                name: "generate-navigation",
                arguments: [
                    "generate", "--users", "3", "--seed", "4", "--faults", "0.3", "--navigation", "--truth", "{out}",
                ]),
            Case(name: "paths-bad-config", arguments: ["paths", "verify", "--config", "Samples/plan.json", sample]),
            Case(
                name: "retention-bad-tz",
                arguments: ["retention", "--start", "A", "--return", "B", "--tz", "Mars/Olympus", sample]),
        ]
        cases.append(
            Case(name: "journeys-sessions-stitched", arguments: ["sessions", "--identity", "stitched", journeys]))
        cases.append(
            Case(
                name: "journeys-retention-stitched",
                arguments: [
                    "retention", "--identity", "stitched", "--start", "$AppViewScreen", "--return", "$AppViewScreen",
                    "--periods", "1", "--format", "json", journeys,
                ]))
        for format in ["text", "json"] {
            cases.append(
                Case(name: "journeys-identities-\(format)", arguments: ["identities", "--format", format, journeys]))
            cases.append(
                Case(
                    name: "journeys-sessions-\(format)",
                    arguments: ["sessions", "--breakdown", "$app_version", "--format", format, journeys]))
            cases.append(
                Case(
                    name: "journeys-retention-\(format)",
                    arguments: [
                        "retention", "--start", "$AppStart", "--return", "$AppViewScreen", "--period", "week",
                        "--periods", "1", "--tz", "Asia/Shanghai", "--format", format, journeys,
                    ]))
        }
        cases += perInput(sample).map { Case(name: "sample-" + $0.name, arguments: $0.arguments) }
        cases += perInput(generated).map { Case(name: "generated-" + $0.name, arguments: $0.arguments) }
        return cases
    }()

    static let goldens = CLI.root.appendingPathComponent("Tests/Golden")
    static let update = ProcessInfo.processInfo.environment["ATK_GOLDEN_UPDATE"] == "1"

    /// Writes the generated input once: the same seed gives the same bytes.
    static let prepared: Void = {
        let directory = CLI.root.appendingPathComponent(".build/golden")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let result = try? run([
            "generate", "--users", "150", "--seed", "15", "--faults", "0.03", "--days", "3", "-o", generated,
        ])
        precondition(result?.status == 0, "atk generate failed: \(result?.stderr ?? "not run")")
    }()

    /// Runs `atk` from the package root.
    static func run(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run(arguments, directory: CLI.root)
    }

    /// A written file as it goes into a golden: whole when small; a large one (a rewritten dump)
    /// by its size, line count, FNV-1a 64 digest and first lines, so the goldens stay small.
    static func summary(of file: URL) -> String {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: file.path) {
            // A folder of reports (atk report -o DIR): each file, by name.
            return names.sorted().map { "--- \($0)\n" + summary(of: file.appendingPathComponent($0)) }.joined()
        }
        guard let data = try? Data(contentsOf: file) else { return "(not written)" }
        guard data.count > 64 * 1024 else { return String(decoding: data, as: UTF8.self) }
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let head = lines.prefix(3).map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
        return "\(data.count) bytes, \(lines.count - 1) lines, fnv1a64 \(String(digest, radix: 16))\n\(head)\n"
    }

    /// What a golden holds for one run of `arguments`: the command line, exit status, standard
    /// output and error, and the file written to `{out}` (summarised when large).
    static func record(_ arguments: [String]) throws -> String {
        let scratch = try Scratch()
        let outFile = scratch.url.appendingPathComponent("out.jsonl")
        let result = try run(arguments.map { $0 == "{out}" ? outFile.path : $0 })
        var record = "$ atk " + arguments.joined(separator: " ") + "\n"
        record += "exit \(result.status)\n--- stdout\n\(result.stdout)\n--- stderr\n"
        record += result.stderr
        if arguments.contains("{out}") {
            record += "\n--- {out}\n" + summary(of: outFile)
        }
        return record.replacingOccurrences(of: outFile.path, with: "{out}")
    }

    /// The first line where `record` and `expected` differ, both sides, for an issue.
    static func firstDifference(_ record: String, _ expected: String) -> String {
        let got = record.split(separator: "\n", omittingEmptySubsequences: false)
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let first =
            zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
        let line = { (lines: [Substring]) in first < lines.count ? String(lines[first]) : "(end)" }
        return "line \(first + 1):\n  expected: \(line(want))\n  now:      \(line(got))"
    }

    @Test(arguments: cases)
    func matchesGolden(_ testCase: Case) throws {
        _ = Self.prepared
        let record = try Self.record(testCase.arguments)
        let golden = Self.goldens.appendingPathComponent(testCase.name + ".txt")
        if Self.update {
            try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
            try record.write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        if record != expected {
            Issue.record(
                "\(testCase.name): differs from Tests/Golden/\(testCase.name).txt at \(Self.firstDifference(record, expected))"
            )
        }
    }
}
