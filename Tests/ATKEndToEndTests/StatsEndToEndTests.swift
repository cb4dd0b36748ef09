import Foundation
import Testing

@Suite("atk stats and atk generate, end to end")
struct StatsEndToEndTests {
    /// Asserts that a stats report equals the generator's truth.
    private func expectMatches(
        _ report: [String: Any], _ truth: [String: Any], files: Int = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let summary = report[object: "summary"]
        let stats = truth[object: "stats"]
        for key in ["lines", "events", "malformed_lines", "users", "first_time", "last_time"] {
            #expect(summary[int: key] != nil, "\(key)", sourceLocation: sourceLocation)
            #expect(summary[int: key] == stats[object: "summary"][int: key], "\(key)", sourceLocation: sourceLocation)
        }
        #expect(summary[int: "files"] == files, sourceLocation: sourceLocation)
        let actual = Dictionary(
            uniqueKeysWithValues: report[array: "events"].map {
                ($0["event"] as? String ?? "", [$0[int: "count"], $0[int: "users"]])
            })
        let expected = Dictionary(
            uniqueKeysWithValues: stats[array: "events"].map {
                ($0["event"] as? String ?? "", [$0[int: "count"], $0[int: "users"]])
            })
        #expect(actual == expected, sourceLocation: sourceLocation)
    }

    @Test("the bundled sample's counts equal its truth file")
    func sample() throws {
        let result = try CLI.run(["stats", "--format", "json", CLI.sample("demo.jsonl.gz")])
        #expect(result.status == 0, "\(result.stderr)")
        let report = result.json
        #expect(
            report["tool"] as? String == "atk" && report["command"] as? String == "stats"
                && report[int: "schema_version"] == 1)
        expectMatches(report, try loadJSON(CLI.sample("demo.truth.json")))
    }

    @Test("plain, gzip, multi-member gzip, standard input and a directory all count exactly")
    func inputForms() throws {
        let scratch = try Scratch()
        let plain = scratch.path("dump.jsonl"), truthPath = scratch.path("truth.json")
        let generated = try CLI.run([
            "generate", "--users", "60", "--seed", "11", "--faults", "0.05", "-o", plain, "--truth", truthPath,
        ])
        #expect(generated.status == 0, "\(generated.stderr)")
        let truth = try loadJSON(truthPath)
        #expect(truth[object: "stats"][object: "summary"][int: "malformed_lines"] ?? 0 > 0)

        let plainResult = try CLI.run(["stats", "--format", "json", plain])
        #expect(plainResult.status == 0)
        expectMatches(plainResult.json, truth)

        let gz = scratch.path("dump.jsonl.gz")
        #expect(try CLI.run(["generate", "--users", "60", "--seed", "11", "--faults", "0.05", "-o", gz]).status == 0)
        let gzResult = try CLI.run(["stats", "--format", "json", gz])
        expectMatches(gzResult.json, truth)
        #expect(gzResult.json[array: "files"].first?["gzip"] as? Bool == true)

        // Two gzip members: the first half and the second half of the lines.
        let lines = try String(contentsOfFile: plain, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let half = lines.count / 2
        let first = scratch.path("a.jsonl"), second = scratch.path("b.jsonl")
        try (lines[..<half].joined(separator: "\n") + "\n").write(toFile: first, atomically: true, encoding: .utf8)
        try lines[half...].joined(separator: "\n").write(toFile: second, atomically: true, encoding: .utf8)
        let multi = scratch.path("multi.log")
        let gzipped = try [first, second].map { try gzip(["-c", $0]) }
        try (gzipped[0] + gzipped[1]).write(to: URL(fileURLWithPath: multi))
        let multiResult = try CLI.run(["stats", "--format", "json", multi])
        expectMatches(multiResult.json, truth)
        #expect(multiResult.json[array: "files"].first?[int: "gzip_members"] == 2)

        let stdinResult = try CLI.run(
            ["stats", "--format", "json", "-"], input: try Data(contentsOf: URL(fileURLWithPath: gz)))
        expectMatches(stdinResult.json, truth)

        let folder = scratch.path("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: gz, toPath: folder + "/dump.jsonl.gz")
        expectMatches(try CLI.run(["stats", "--format", "json", folder]).json, truth)
    }

    @Test("a truncated gzip: what was readable is counted, the offset is named, exit 3")
    func truncated() throws {
        let scratch = try Scratch()
        let gz = scratch.path("dump.jsonl.gz")
        #expect(try CLI.run(["generate", "--users", "40", "--seed", "3", "-o", gz]).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: gz))
        let cut = scratch.path("cut.jsonl.gz")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        let result = try CLI.run(["stats", "--format", "json", cut])
        #expect(result.status == 3)
        #expect(result.stderr.contains("\(cut): gzip stream truncated at byte \(bytes.count / 2)"))
        let summary = result.json[object: "summary"]
        #expect(summary[int: "events"] ?? 0 > 100)
        #expect(summary[int: "malformed_lines"] ?? 99 <= 1)
        #expect(result.json[array: "files"].first?["error"] as? String != nil)
    }

    @Test("a missing file is reported, the others are read, exit 3")
    func missingFile() throws {
        let result = try CLI.run(["stats", "--format", "json", "/nonexistent/dump.jsonl", CLI.sample("demo.jsonl.gz")])
        #expect(result.status == 3)
        #expect(result.stderr.contains("/nonexistent/dump.jsonl: cannot open: No such file or directory"))
        #expect(result.json[object: "summary"][int: "events"] ?? 0 > 0)
    }

    @Test("usage errors exit 2 with a message; help and version exit 0")
    func usage() throws {
        let wrongFlag = try CLI.run(["stats", "--no-such-flag", CLI.sample("demo.jsonl.gz")])
        #expect(wrongFlag.status == 2)
        #expect(wrongFlag.stderr.contains("--no-such-flag"))
        #expect(try CLI.run(["stats", "--format", "xml", CLI.sample("demo.jsonl.gz")]).status == 2)
        #expect(try CLI.run(["generate", "--faults", "2"]).status == 2)
        #expect(try CLI.run(["frobnicate"]).status == 2)
        let help = try CLI.run(["stats", "--help"])
        #expect(help.status == 0 && help.stdout.contains("Exit codes"))
        let version = try CLI.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("0."))
    }

    @Test("malformed lines are listed with file and line in the text report")
    func textReport() throws {
        let scratch = try Scratch()
        let path = scratch.path("small.jsonl")
        try "{\"event\":\"A\",\"distinct_id\":\"u\"}\n{\"event\":\"B\",\n\n[1]\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let result = try CLI.run(["stats", path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("1 file, 3 lines, 1 events, 2 malformed, 1 users"))
        #expect(result.stdout.contains("\(path):2: not valid JSON: unexpected end of line"))
        #expect(result.stdout.contains("\(path):4: a JSON array, not an object"))
    }

    @Test("--output writes the report to a file")
    func outputFile() throws {
        let scratch = try Scratch()
        let out = scratch.path("report.json")
        let result = try CLI.run(["stats", "--format", "json", "-o", out, CLI.sample("demo.jsonl.gz")])
        #expect(result.status == 0 && result.stdout.isEmpty)
        #expect(try loadJSON(out)[object: "summary"][int: "events"] ?? 0 > 0)
    }
}

@Suite("The bundled sample")
struct SampleTests {
    @Test("Samples/ is what the generator makes today (make samples regenerates it)")
    func current() throws {
        let scratch = try Scratch()
        let dump = scratch.path("demo.jsonl"), truth = scratch.path("truth.json"),
            config = scratch.path("visualized.json")
        let result = try CLI.run([
            "generate", "--users", "200", "--seed", "7", "--faults", "0.02", "-o", dump,
            "--truth", truth, "--visualized-config", config,
        ])
        #expect(result.status == 0)
        let gunzip = Process()
        gunzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gunzip.arguments = ["-dc", CLI.sample("demo.jsonl.gz")]
        let pipe = Pipe()
        gunzip.standardOutput = pipe
        try gunzip.run()
        let sample = pipe.fileHandleForReading.readDataToEndOfFile()
        gunzip.waitUntilExit()
        #expect(sample == (try Data(contentsOf: URL(fileURLWithPath: dump))))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: truth))
                == Data(contentsOf: URL(fileURLWithPath: CLI.sample("demo.truth.json"))))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: config))
                == Data(contentsOf: URL(fileURLWithPath: CLI.sample("visualized.json"))))
    }
}

@Suite("Formats each command writes")
struct FormatTests {
    @Test(
        "a format a command does not write is a usage error, not silently text",
        arguments: [
            ["stats", "--format", "csv"], ["stats", "--format", "junit"], ["impressions", "--format", "csv"],
            ["elements", "verify", "--format", "csv"], ["elements", "top", "--format", "junit"],
            ["validate", "--format", "csv"], ["funnel", "--steps", "A,B", "--format", "junit"],
        ])
    func refused(_ arguments: [String]) throws {
        let result = try CLI.run(arguments + [CLI.sample("demo.jsonl.gz")])
        #expect(result.status == 2)
        // argument-parser's own message, with the formats this command writes.
        #expect(
            result.stderr.contains("The value '\(arguments[arguments.count - 1])' is invalid for '--format <format>'"))
        #expect(result.stderr.contains("Please provide one of 'text'"))
        #expect(result.stdout.isEmpty)
    }
}

@Suite("One span syntax for every option")
struct SpanOptionTests {
    @Test(
        "a bare number is refused by every span option; a number with a unit is accepted",
        arguments: [
            ["funnel", "--steps", "A,B", "--window"], ["validate", "--future-tolerance"],
            ["validate", "--duration-tolerance"],
            ["impressions", "--policy", "window", "--window"], ["impressions", "--policy", "buffer", "--batch-gap"],
        ])
    func spans(_ option: [String]) throws {
        let bare = try CLI.run(option + ["5", CLI.sample("demo.jsonl.gz")])
        #expect(bare.status == 2)
        #expect(bare.stderr.contains("250ms"))
        let unit = try CLI.run(option + ["1.5s", "--format", "json", CLI.sample("demo.jsonl.gz")])
        #expect(unit.status == 0 || unit.status == 1)
        #expect(unit.json["tool"] as? String == "atk")
    }
}

@Suite("Every reading command names its malformed lines")
struct MalformedExamplesTests {
    @Test(
        "the report lists malformed lines with file and line, in text and JSON",
        arguments: [
            ["stats"], ["validate"], ["elements", "verify"], ["elements", "top"], ["elements", "drift"],
            ["elements", "match", "--config", CLI.sample("visualized.json")],
            ["funnel", "--steps", "$AppStart,AddToCart"],
            ["funnel", "--path"], ["impressions"],
        ])
    func listed(_ command: [String]) throws {
        let truth = try loadJSON(CLI.sample("demo.truth.json"))
        let first = (truth[object: "rules"][object: "json.malformed"]["lines"] as? [Int])?.first ?? -1
        let text = try CLI.run(command + [CLI.sample("demo.jsonl.gz")])
        #expect(
            text.stdout.contains("\(CLI.sample("demo.jsonl.gz")):\(first)") && text.stdout.contains("not valid JSON"))
        let json = try CLI.run(command + ["--format", "json", CLI.sample("demo.jsonl.gz")]).json
        let examples =
            json[array: "malformed_examples"]
            + json[array: "rules"].filter { $0["id"] as? String == "json.malformed" }
            .flatMap { $0["examples"] as? [[String: Any]] ?? [] }
        #expect(examples.first?[int: "line"] == first)
        #expect(examples.first?["file"] as? String == CLI.sample("demo.jsonl.gz"))
    }
}
