import Foundation
import Testing

/// The Python for the ClickHouse cross-check: `ATK_PYTHON` (make test sets it to the venv under
/// `.build/`, where it installs chdb), else `python3`.
private let python = ProcessInfo.processInfo.environment["ATK_PYTHON"] ?? "python3"

/// Whether the cross-check must run: `ATK_REQUIRE_CHDB=1` (make test) fails it, instead of
/// skipping it, when chdb cannot be imported.
private let chdbRequired = ProcessInfo.processInfo.environment["ATK_REQUIRE_CHDB"] == "1"

/// Whether `python -c 'import chdb'` works (ClickHouse in-process).
private let chdbAvailable: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [python, "-c", "import chdb"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}()

@Suite("atk funnel, end to end")
struct FunnelEndToEndTests {
    // MARK: Action paths against the truth

    /// Asserts that a `--path` report's counts equal the truth's `paths` exactly.
    private func expectPathsMatch(
        _ report: [String: Any], _ truth: [String: Any], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = truth[object: "paths"]
        let summary = report[object: "summary"]
        #expect(summary[int: "conversions"] != nil, sourceLocation: sourceLocation)
        #expect(summary[int: "conversions"] == expected[int: "conversions"], sourceLocation: sourceLocation)
        #expect(summary[int: "without_path"] == expected[int: "without_path"], sourceLocation: sourceLocation)
        #expect(summary[int: "invalid_path"] == 0, sourceLocation: sourceLocation)
        func paths(_ rows: [[String: Any]]) -> [String: [Int?]] {
            Dictionary(
                uniqueKeysWithValues: rows.map {
                    (
                        ($0["path"] as? [String] ?? []).joined(separator: ">"),
                        [$0[int: "conversions"], $0[int: "users"]]
                    )
                })
        }
        func edges(_ rows: [[String: Any]]) -> [String: Int?] {
            Dictionary(
                uniqueKeysWithValues: rows.map {
                    ("\($0["source"] as? String ?? "")>\($0["target"] as? String ?? "")", $0[int: "count"])
                })
        }
        #expect(!expected[array: "paths"].isEmpty, sourceLocation: sourceLocation)
        #expect(paths(report[array: "paths"]) == paths(expected[array: "paths"]), sourceLocation: sourceLocation)
        #expect(summary[int: "distinct_paths"] == expected[array: "paths"].count, sourceLocation: sourceLocation)
        #expect(edges(report[array: "edges"]) == edges(expected[array: "edges"]), sourceLocation: sourceLocation)
        // Same order as the truth: by conversions, then path.
        #expect(
            report[array: "paths"].map { $0["path"] as? [String] ?? [] }
                == expected[array: "paths"].map { $0["path"] as? [String] ?? [] },
            sourceLocation: sourceLocation)
    }

    @Test("path funnel counts on the bundled sample equal its truth")
    func samplePaths() throws {
        let result = try CLI.run(["funnel", "--path", "--top", "1000", "--format", "json", CLI.sample("demo.jsonl.gz")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.json["command"] as? String == "funnel" && result.json["kind"] as? String == "paths")
        expectPathsMatch(result.json, try loadJSON(CLI.sample("demo.truth.json")))
    }

    @Test(
        "path funnel counts equal the truth on fresh dumps in the object and mixed forms",
        arguments: ["object", "mixed", "list"])
    func generatedPaths(format: String) throws {
        let scratch = try Scratch()
        let dump = scratch.path("dump.jsonl.gz"), truthPath = scratch.path("truth.json")
        let generated = try CLI.run([
            "generate", "--users", "150", "--seed", "23", "--faults", "0.05", "--path-format", format,
            "-o", dump, "--truth", truthPath,
        ])
        #expect(generated.status == 0, "\(generated.stderr)")
        let truth = try loadJSON(truthPath)
        #expect(truth[object: "paths"][int: "without_path"] ?? 0 > 0)
        let result = try CLI.run(["funnel", "--path", "--top", "1000", "--format", "json", dump])
        #expect(result.status == 0, "\(result.stderr)")
        expectPathsMatch(result.json, truth)
    }

    @Test("a pattern funnel over the sample: step 1 counts paths through the node, the last step the whole pattern")
    func patternFunnel() throws {
        let truth = try loadJSON(CLI.sample("demo.truth.json"))[object: "paths"][array: "paths"]
        func conversions(_ holds: ([String]) -> Bool) -> Int {
            truth.filter { holds($0["path"] as? [String] ?? []) }.reduce(0) { $0 + ($1[int: "conversions"] ?? 0) }
        }
        let result = try CLI.run([
            "funnel", "--path", "DL_HOME>DL_PDP", "--format", "json", CLI.sample("demo.jsonl.gz"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let steps = result.json[array: "steps"]
        #expect(steps.map { $0["step"] as? String } == ["DL_HOME", "DL_PDP"])
        #expect(
            steps.map { $0[int: "conversions"] } == [
                conversions { $0.contains("DL_HOME") }, conversions { $0.contains("DL_HOME") },
            ])
        let strict = try CLI.run([
            "funnel", "--path", "DL_HOME>DL_PDP", "--strict", "--format", "csv", CLI.sample("demo.jsonl.gz"),
        ])
        let lines = strict.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first == "step_number,step,conversions,users,conversion_from_previous,conversion_from_first,share")
        let adjacent = conversions { zip($0, $0.dropFirst()).contains { $0 == "DL_HOME" && $1 == "DL_PDP" } }
        #expect(lines.last?.split(separator: ",").dropFirst(2).first.map(String.init) == String(adjacent))
        #expect(adjacent > 0 && adjacent < conversions { $0.contains("DL_HOME") })
    }

    // MARK: Event funnels against an independent computation

    /// Users per step computed here from the dump itself, with no code shared with atk.
    ///
    /// Per user, track events with an integer time sorted by (time, step); the deepest chain of steps from a step-1 entry, in order,
    /// inside the window (inclusive).
    private func independentFunnel(_ path: String, steps: [(String) -> Bool], window: Int64) throws -> [Int] {
        let text = try String(decoding: gzip(["-dc", path]), as: UTF8.self)
        var entries: [String: [(time: Int64, step: Int)]] = [:]
        for line in text.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                ["track", "track_signup", "track_id_bind", "track_id_unbind"].contains(object["type"] as? String ?? ""),
                let user = object["distinct_id"] as? String, let name = object["event"] as? String,
                let time = object["time"] as? Int
            else { continue }
            for (index, matches) in steps.enumerated() where matches(name) {
                entries[user, default: []].append((Int64(time), index + 1))
            }
        }
        var counts = Array(repeating: 0, count: steps.count)
        for (_, list) in entries {
            let sorted = list.sorted { $0.time != $1.time ? $0.time < $1.time : $0.step < $1.step }
            var level = 0
            for (start, anchor) in sorted.enumerated() where anchor.step == 1 {
                var reached = 1
                for entry in sorted[(start + 1)...] where entry.time - anchor.time <= window {
                    if entry.step == reached + 1 { reached += 1 }
                }
                level = max(level, reached)
            }
            for step in 0..<level { counts[step] += 1 }
        }
        return counts
    }

    @Test("an event funnel on a generated dump equals an independent computation")
    func eventFunnelMatchesIndependentComputation() throws {
        let scratch = try Scratch()
        let dump = scratch.path("dump.jsonl.gz")
        #expect(
            try CLI.run(["generate", "--users", "120", "--seed", "31", "--faults", "0.03", "-o", dump]).status == 0)
        for (window, ms) in [("90s", Int64(90_000)), ("1h", 3_600_000), ("7d", 604_800_000)] {
            let result = try CLI.run([
                "funnel", "--steps", "$AppStart,ProductView,AddToCart,$AppEnd", "--window", window, "--format", "json",
                dump,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.json[int: "window_ms"] == Int(ms))
            let ours = result.json[array: "steps"].map { $0[int: "users"] ?? -1 }
            let expected = try independentFunnel(
                dump,
                steps: [{ $0 == "$AppStart" }, { $0 == "ProductView" }, { $0 == "AddToCart" }, { $0 == "$AppEnd" }],
                window: ms)
            #expect(expected[0] > expected[2] && expected[2] > 0)
            #expect(ours == expected, "window \(window)")
        }
    }

    @Test(
        "every mode equals ClickHouse's windowFunnel (chdb) on a generated dump, at --jobs 1, 2, 3 and 7",
        .enabled(if: chdbAvailable || chdbRequired))
    func eventFunnelMatchesClickHouse() throws {
        try #require(chdbAvailable, "ATK_REQUIRE_CHDB is set, but \(python) cannot import chdb (make chdb-setup)")
        let scratch = try Scratch()
        let dump = scratch.path("dump.jsonl.gz")
        #expect(
            try CLI.run(["generate", "--users", "150", "--seed", "37", "--faults", "0.03", "-o", dump]).status == 0)
        let event = "JSONExtractString(line,'event')"
        let steps = ["$AppViewScreen[$screen_name=HomeViewController]", "$AppClick", "$AppClick", "AddToCart"]
        let conditions = [
            "\(event)='$AppViewScreen' AND JSONExtractString(line,'properties','$screen_name')='HomeViewController'",
            "\(event)='$AppClick'", "\(event)='$AppClick'", "\(event)='AddToCart'",
        ]
        for (mode, options) in [
            ("default", ""), ("strict-order", ", 'strict_order'"), ("strict-dedup", ", 'strict_deduplication'"),
            ("strict-increase", ", 'strict_increase'"),
        ] {
            let query = """
                SELECT groupArray(c) FROM (SELECT s, countIf(level >= s) AS c FROM (
                  SELECT JSONExtractString(line,'distinct_id') AS d,
                         windowFunnel(600000\(options))(toUInt64(JSONExtractInt(line,'time')), \(conditions.joined(separator: ", "))) AS level
                  FROM file('\(dump)', LineAsString)
                  WHERE isValidJSON(line) AND JSONExtractString(line,'type') IN ('track','track_signup','track_id_bind','track_id_unbind')
                    AND JSONType(line,'distinct_id')='String' AND JSONType(line,'time') IN ('Int64','UInt64')
                  GROUP BY d) ARRAY JOIN [1,2,3,4] AS s GROUP BY s ORDER BY s)
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                python, "-c", "import chdb, sys; print(chdb.query(sys.argv[1], 'TSV'), end='')", query,
            ]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let theirs = output.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(
                process.terminationStatus == 0 && theirs.hasPrefix("[") && theirs != "[]", "mode \(mode): \(theirs)")
            // The dump is about 5 MB of text: several blocks, so every --jobs splits it.
            for jobs in [1, 2, 3, 7] {
                let result = try CLI.run(
                    ["funnel", "--mode", mode, "--window", "10m", "--format", "json", "--jobs", String(jobs)]
                        + steps.flatMap { ["--step", $0] } + [dump])
                let ours =
                    "[" + result.json[array: "steps"].map { String($0[int: "users"] ?? -1) }.joined(separator: ",")
                    + "]"
                #expect(ours == theirs, "mode \(mode), --jobs \(jobs)")
            }
        }
    }

    // MARK: Reports and errors

    @Test("JSON shape, text bars, CSV, breakdown totals, and malformed lines with file and line")
    func reports() throws {
        let sample = CLI.sample("demo.jsonl.gz")
        let json = try CLI.run([
            "funnel", "--steps", "$AppStart,AddToCart", "--window", "1h", "--breakdown", "$app_version", "--format",
            "json", sample,
        ])
        #expect(json.status == 0, "\(json.stderr)")
        let report = json.json
        #expect(
            report["mode"] as? String == "default" && report[int: "window_ms"] == 3_600_000
                && report["window"] as? String == "1h")
        let first = report[array: "steps"].first ?? [:]
        #expect(first["step"] as? String == "$AppStart" && first[int: "users"] == 200)
        #expect(first["conversion_from_previous"] as? Double == 1.0 && first["conversion_from_first"] as? Double == 1.0)
        #expect(first.keys.contains("median_ms_from_previous") && !(first["median_ms_from_previous"] is NSNumber))
        #expect(report[array: "steps"].last?["median_ms_from_previous"] is NSNumber)
        let groups = report[object: "breakdown"][array: "groups"]
        #expect(groups.count == 2)
        for step in 0..<2 {
            #expect(
                groups.reduce(0) { $0 + ($1[array: "steps"][step][int: "users"] ?? 0) }
                    == report[array: "steps"][step][int: "users"])
        }
        #expect(report[object: "summary"][int: "malformed_lines"] == 25)
        #expect(report[array: "malformed_examples"].first?[int: "line"] == 148)

        let text = try CLI.run(["funnel", "--steps", "$AppStart,AddToCart", sample])
        #expect(text.stdout.contains("window 1d (86,400,000 ms)"))
        #expect(text.stdout.contains("1 $AppStart") && text.stdout.contains("██████████"))
        #expect(text.stdout.contains("Samples/demo.jsonl.gz:148:"))

        let csv = try CLI.run([
            "funnel", "--steps", "$AppStart,AddToCart", "--count", "conversions", "--format", "csv", sample,
        ])
        let rows = csv.stdout.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(
            rows.first == [
                "group", "value", "step_number", "step", "users", "conversions", "conversion_from_previous",
                "conversion_from_first", "median_ms_from_previous", "p90_ms_from_previous",
            ])
        #expect(rows.count == 3 && rows[1][0] == "total" && rows[1][4] == "200" && Int(rows[1][5]) ?? 0 > 200)
    }

    @Test("usage errors exit 2 with a message; unreadable input exits 3 after reporting the rest")
    func exitCodes() throws {
        let sample = CLI.sample("demo.jsonl.gz")
        for arguments in [
            ["--steps", "A", "--window", "90"], ["--steps", "A", "--window", "1.5y"], ["--steps", "A[x="],
            ["--path", "--steps", "A"],
            ["--steps", "A", "--mode", "strict"], ["--steps", "A", "--count", "sessions"], [],
            ["--path", "--strict"], ["--steps", "A", "--entity", "DL_HOME"], ["--path", "--window", "1h"],
            ["--steps", String(repeating: "A,", count: 32) + "A"],
        ] {
            let result = try CLI.run(["funnel"] + arguments + [sample])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("Error:") || result.stderr.contains("atk:"), "\(arguments)")
        }
        #expect(try CLI.run(["funnel", "--steps", "A[x=]", sample]).stderr.contains("column 5"))
        let lookahead = try CLI.run(["funnel", "--steps", "A[x~(?=y)]", sample])
        #expect(lookahead.status == 2)
        #expect(lookahead.stderr.contains("column 5: invalid regular expression: lookahead '(?=' at offset 0"))
        #expect(try CLI.run(["stats", "--format", "csv", sample]).status == 2)
        let missing = try CLI.run([
            "funnel", "--steps", "$AppStart", "--format", "json", sample, "/nonexistent/dump.jsonl",
        ])
        #expect(missing.status == 3)
        #expect(missing.json[array: "steps"].first?[int: "users"] == 200)
        let pattern = try CLI.run(["funnel", "--path", "DL_ARTICLE", "--format", "json", sample])
        #expect(pattern.status == 0 && pattern.json["pattern"] as? String == "DL_ARTICLE")
        let typo = try CLI.run(["funnel", "--path", "no_such_dump"])
        #expect(typo.status == 3 && typo.stderr.contains("no_such_dump"))
    }
}
