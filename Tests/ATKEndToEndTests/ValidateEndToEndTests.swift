import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("atk validate, end to end")
struct ValidateEndToEndTests {
    /// Far past every generated time, so time.future stays quiet unless a test asks for it.
    static let now = "2030-01-01T00:00:00Z"

    /// Runs validate with every example kept (so every reported line is listed).
    private func validateJSON(_ arguments: [String], input: Data? = nil) throws -> CLI.Result {
        try CLI.run(
            ["validate", "--format", "json", "--max-examples", "1000000", "--now", Self.now] + arguments, input: input)
    }

    /// Per rule id: the count and the lines reported.
    private func reported(_ report: [String: Any]) -> [String: (count: Int, lines: [Int])] {
        Dictionary(
            uniqueKeysWithValues: report[array: "rules"].map { rule in
                (
                    rule["id"] as? String ?? "",
                    (rule[int: "count"] ?? -1, rule[array: "examples"].compactMap { $0[int: "line"] }.sorted())
                )
            })
    }

    /// Asserts that, for every rule, the count and the set of lines equal the truth's.
    private func expectMatchesTruth(
        _ report: [String: Any], _ truth: [String: Any], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let actual = reported(report)
        let expected = truth[object: "rules"]
        #expect(!expected.isEmpty, sourceLocation: sourceLocation)
        for id in Set(actual.keys).union(expected.keys).sorted() {
            let want = expected[object: id]
            let wantLines = (want["lines"] as? [Int] ?? []).sorted()
            #expect(actual[id]?.count == want[int: "count"], "\(id) count", sourceLocation: sourceLocation)
            #expect(actual[id]?.lines == wantLines, "\(id) lines", sourceLocation: sourceLocation)
        }
        let summary = report[object: "summary"], stats = truth[object: "stats"][object: "summary"]
        #expect(
            summary[int: "lines"] == stats[int: "lines"] && summary[int: "events"] == stats[int: "events"],
            sourceLocation: sourceLocation)
        #expect(summary[int: "malformed_lines"] == stats[int: "malformed_lines"], sourceLocation: sourceLocation)
    }

    /// The lines of error rules in the truth, and per line the error rule ids.
    private func errorLines(_ truth: [String: Any], severities: [String: String]) -> [Int: Set<String>] {
        var lines: [Int: Set<String>] = [:]
        for (id, value) in truth[object: "rules"] where severities[id] == "error" {
            for line in (value as? [String: Any])?["lines"] as? [Int] ?? [] { lines[line, default: []].insert(id) }
        }
        return lines
    }

    /// Reads bad rows (plain or gzip, by name) and checks each against the dump's lines, byte for byte.
    private func expectBadRows(
        _ path: String, dumpLines: [Data], truth: [String: Any], severities: [String: String], file: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        if path.hasSuffix(".gz") {
            #expect(data.prefix(2) == Data([0x1F, 0x8B]), sourceLocation: sourceLocation)
            data = try gunzip(data)
        }
        let rows = data.split(separator: 0x0A).map {
            (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] ?? [:]
        }
        let expected = errorLines(truth, severities: severities)
        #expect(!expected.isEmpty, sourceLocation: sourceLocation)
        #expect(rows.compactMap { $0[int: "line"] } == expected.keys.sorted(), sourceLocation: sourceLocation)
        var base64Rows = 0
        for row in rows {
            let line = row[int: "line"] ?? 0
            #expect(row["file"] as? String == file, sourceLocation: sourceLocation)
            #expect(
                Set(row["errors"] as? [String] ?? []) == expected[line], "line \(line)", sourceLocation: sourceLocation)
            let raw: Data
            if let encoded = row["raw_base64"] as? String {
                base64Rows += 1
                raw = Data(base64Encoded: encoded) ?? Data()
            } else {
                raw = Data((row["raw"] as? String ?? "").utf8)
            }
            #expect(
                line >= 1 && line <= dumpLines.count && raw == dumpLines[line - 1], "line \(line) bytes",
                sourceLocation: sourceLocation)
        }
        #expect(base64Rows < rows.count, sourceLocation: sourceLocation)
    }

    private func gunzip(_ data: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        DispatchQueue.global().async {
            input.fileHandleForWriting.write(data)
            try? input.fileHandleForWriting.close()
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return out
    }

    private func severities(_ report: [String: Any]) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: report[array: "rules"].map {
                ($0["id"] as? String ?? "", $0["severity"] as? String ?? "")
            })
    }

    @Test("the bundled sample: every rule's count and lines equal the truth; bad rows byte for byte")
    func sample() throws {
        let scratch = try Scratch()
        let badRows = scratch.path("bad.jsonl.gz")
        let result = try validateJSON(["--bad-rows", badRows, CLI.sample("demo.jsonl.gz")])
        #expect(result.status == 1, "\(result.stderr)")
        let report = result.json
        #expect(
            report["tool"] as? String == "atk" && report["command"] as? String == "validate"
                && report[int: "schema_version"] == 1)
        let truth = try loadJSON(CLI.sample("demo.truth.json"))
        expectMatchesTruth(report, truth)
        let summary = report[object: "summary"]
        #expect(summary[int: "files"] == 1)
        #expect(summary[int: "error_lines"] == errorLines(truth, severities: severities(report)).count)
        let dump = try gunzip(Data(contentsOf: URL(fileURLWithPath: CLI.sample("demo.jsonl.gz"))))
        try expectBadRows(
            badRows, dumpLines: dump.split(separator: 0x0A, omittingEmptySubsequences: false).map { Data($0) },
            truth: truth, severities: severities(report), file: CLI.sample("demo.jsonl.gz"))
    }

    @Test("a fresh --faults 0.05 dump, plain and gzip: counts, lines and bad rows equal the truth")
    func freshDump() throws {
        let scratch = try Scratch()
        let plain = scratch.path("dump.jsonl"), gz = scratch.path("dump.jsonl.gz"),
            truthPath = scratch.path("truth.json")
        let options = ["--users", "300", "--seed", "23", "--faults", "0.05"]
        #expect(try CLI.run(["generate"] + options + ["-o", plain, "--truth", truthPath]).status == 0)
        #expect(try CLI.run(["generate"] + options + ["-o", gz]).status == 0)
        let truth = try loadJSON(truthPath)
        let dumpLines = try Data(contentsOf: URL(fileURLWithPath: plain)).split(
            separator: 0x0A, omittingEmptySubsequences: false
        ).map { Data($0) }
        for (input, badRows) in [(plain, scratch.path("bad-plain.jsonl")), (gz, scratch.path("bad-gzip.jsonl.gz"))] {
            let result = try validateJSON(["--bad-rows", badRows, input])
            #expect(result.status == 1, "\(result.stderr)")
            expectMatchesTruth(result.json, truth)
            try expectBadRows(
                badRows, dumpLines: dumpLines, truth: truth, severities: severities(result.json), file: input)
        }
        // Standard input: the same lines, file "-".
        let stdin = try validateJSON(["-"], input: try Data(contentsOf: URL(fileURLWithPath: gz)))
        expectMatchesTruth(stdin.json, truth)
        #expect(stdin.json[array: "rules"].first?[array: "examples"].first?["file"] as? String == "-")
    }

    @Test("a clean dump passes with exit 0 and no rules")
    func clean() throws {
        let scratch = try Scratch()
        let path = scratch.path("clean.jsonl.gz")
        #expect(try CLI.run(["generate", "--users", "50", "--seed", "4", "-o", path]).status == 0)
        let result = try validateJSON([path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.json[array: "rules"].isEmpty)
        #expect(result.json[object: "summary"][int: "error_lines"] == 0)
        let text = try CLI.run(["validate", "--now", Self.now, path])
        #expect(text.status == 0 && text.stdout.contains("no findings") && text.stdout.contains("passed"))
    }

    @Test("--fail-on, --max-error-rate and --rule decide the exit code")
    func exitCodes() throws {
        let sample = CLI.sample("demo.jsonl.gz")
        func status(_ arguments: [String]) throws -> Int32 {
            try CLI.run(["validate", "--now", Self.now] + arguments + [sample]).status
        }
        #expect(try status([]) == 1)
        #expect(try status(["--fail-on", "never"]) == 0)
        #expect(try status(["--max-error-rate", "0.01"]) == 0)
        #expect(try status(["--max-error-rate", "0.005"]) == 1)
        #expect(try status(["--rule", "time.seconds"]) == 0)
        #expect(try status(["--rule", "time.seconds", "--fail-on", "warning"]) == 1)
        #expect(try status(["--rule", "envelope.original_id", "--fail-on", "warning"]) == 0)
        let selected = try CLI.run([
            "validate", "--format", "json", "--now", Self.now, "--rule", "json.malformed", "--rule", "time.seconds",
            sample,
        ])
        #expect(selected.json[array: "rules"].compactMap { $0["id"] as? String } == ["json.malformed", "time.seconds"])
        let skipped = try CLI.run([
            "validate", "--format", "json", "--now", Self.now, "--skip-rule", "json.malformed", sample,
        ])
        #expect(!skipped.json[array: "rules"].contains { $0["id"] as? String == "json.malformed" })
    }

    @Test("usage errors exit 2: an unknown rule lists the valid ids; bad spans, instants and formats")
    func usage() throws {
        let sample = CLI.sample("demo.jsonl.gz")
        let unknown = try CLI.run(["validate", "--rule", "no.such_rule", sample])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.contains("unknown rule 'no.such_rule'")
                && unknown.stderr.contains("lifecycle.passive_page_view"))
        #expect(try CLI.run(["validate", "--skip-rule", "json", sample]).status == 2)
        #expect(try CLI.run(["validate", "--future-tolerance", "10 minutes", sample]).status == 2)
        #expect(try CLI.run(["validate", "--now", "soon", sample]).status == 2)
        #expect(try CLI.run(["validate", "--max-error-rate", "2", sample]).status == 2)
        #expect(try CLI.run(["validate", "--fail-on", "info", sample]).status == 2)
        #expect(try CLI.run(["stats", "--format", "junit", sample]).status == 2)
        let help = try CLI.run(["validate", "--help"])
        #expect(help.status == 0 && help.stdout.contains("Exit codes") && help.stdout.contains("--bad-rows"))
    }

    @Test("unreadable input exits 3 and wins over findings; what was readable is still judged")
    func unreadable() throws {
        let result = try CLI.run([
            "validate", "--format", "json", "--now", Self.now, "/nonexistent/dump.jsonl", CLI.sample("demo.jsonl.gz"),
        ])
        #expect(result.status == 3)
        #expect(result.stderr.contains("/nonexistent/dump.jsonl: cannot open"))
        #expect(result.json[object: "summary"][int: "error_lines"] ?? 0 > 0)
        let badRows = try CLI.run(["validate", "--bad-rows", "/nonexistent/dir/bad.jsonl", CLI.sample("demo.jsonl.gz")])
        #expect(badRows.status == 3)
    }

    @Test("--now and --future-tolerance: time.future counts the events later than now plus the tolerance")
    func future() throws {
        let sample = CLI.sample("demo.jsonl.gz")
        let dump = try gunzip(Data(contentsOf: URL(fileURLWithPath: sample)))
        let now: Int64 = 1_788_600_000_000, tolerance: Int64 = 3_600_000
        var expected: [Int] = []
        for (index, line) in dump.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any],
                let time = (object["time"] as? NSNumber)?.int64Value, String(time).count == 13
            else { continue }
            if time > now + tolerance { expected.append(index + 1) }
        }
        #expect(expected.count > 100)
        let result = try CLI.run([
            "validate", "--format", "json", "--max-examples", "100000", "--rule", "time.future",
            "--now", "2026-09-05T09:20:00Z", "--future-tolerance", "1h", "--fail-on", "warning", sample,
        ])
        #expect(result.status == 1)
        let rule = result.json[array: "rules"].first
        #expect(rule?[int: "count"] == expected.count)
        let lines = rule?[array: "examples"].compactMap { $0[int: "line"] } ?? []
        #expect(lines == expected, "\(Set(lines).symmetricDifference(expected).sorted().prefix(10))")
        let tolerant = try CLI.run([
            "validate", "--format", "json", "--rule", "time.future", "--now", "1788600000000", "--future-tolerance",
            "7d", sample,
        ])
        #expect(tolerant.json[array: "rules"].isEmpty && tolerant.status == 0)
    }

    @Test("--breakdown counts each rule per value; the values add up to the rule's count")
    func breakdown() throws {
        let result = try validateJSON(["--breakdown", "$app_version", CLI.sample("demo.jsonl.gz")])
        let report = result.json
        #expect(report[object: "breakdown"]["property"] as? String == "$app_version")
        let values = report[object: "breakdown"][array: "values"].compactMap { $0["value"] as? String }
        #expect(values.contains("2.3.0") && values.contains("2.4.0"))
        for rule in report[array: "rules"] {
            let rows = rule[array: "breakdown"]
            #expect(rows.reduce(0) { $0 + ($1[int: "count"] ?? 0) } == rule[int: "count"], "\(rule["id"] ?? "")")
        }
        let text = try CLI.run([
            "validate", "--now", Self.now, "--breakdown", "$app_version", CLI.sample("demo.jsonl.gz"),
        ])
        #expect(text.stdout.contains("by $app_version: "))
    }

    @Test("text: rules grouped by severity with counts, shares and examples at file:line")
    func text() throws {
        let sample = CLI.sample("demo.jsonl.gz")
        let result = try CLI.run(["validate", "--now", Self.now, "--max-examples", "2", sample])
        #expect(result.status == 1)
        let out = result.stdout
        #expect(out.contains("1 file, 6,682 lines, 6,657 events"))
        guard let errors = out.range(of: "\nerrors\n"), let warnings = out.range(of: "\nwarnings\n") else {
            Issue.record("no severity groups in:\n\(out)")
            return
        }
        #expect(errors.lowerBound < warnings.lowerBound)
        #expect(out.contains("json.malformed"))
        #expect(out.contains("\(sample):148  not valid JSON: unexpected end of line"))
        #expect(out.contains("… 23 more"))
        #expect(out.contains("FAILED: "))
    }

    @Test("junit: one testcase per rule, failures carry the examples, well-formed XML")
    func junit() throws {
        let result = try CLI.run([
            "validate", "--format", "junit", "--now", Self.now, "--skip-rule", "duplicate.event",
            CLI.sample("demo.jsonl.gz"),
        ])
        #expect(result.status == 1)
        let xml = result.stdout
        final class Collector: NSObject, XMLParserDelegate {
            var testcases: [String] = []
            var failures = 0, skipped = 0
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                if name == "testcase" { testcases.append(attributes["name"] ?? "") }
                if name == "failure" { failures += 1 }
                if name == "skipped" { skipped += 1 }
            }
        }
        let collector = Collector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        #expect(parser.parse())
        // One per built-in rule (27 with json.invalid_utf8, json.lone_surrogate,
        // lifecycle.duration_out_of_range and time.flush_out_of_range).
        #expect(collector.testcases.count == 27 && collector.testcases.first == "json.malformed")
        #expect(collector.failures == 7)
        #expect(collector.skipped == 1)
        #expect(xml.contains("demo.jsonl.gz:148: not valid JSON"))
    }
}
