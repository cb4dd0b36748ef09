import Foundation
import Testing

@Suite("atk elements, end to end")
struct ElementsEndToEndTests {
    private let fields = ["element_path", "element_position", "screen_name"]

    /// Checks every `elements` subcommand on `dump` against the generator's truth.
    private func expectTruth(
        dump: String, truth: [String: Any], config: String, scratch: Scratch,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let elements = truth[object: "elements"]

        // verify: counts per field; exit 1 because the dump has faults.
        let verify = try CLI.run(["elements", "verify", "--format", "json", dump])
        #expect(verify.status == 1, "\(verify.stderr)", sourceLocation: sourceLocation)
        let summary = verify.json[object: "summary"]
        #expect(verify.json["command"] as? String == "elements verify", sourceLocation: sourceLocation)
        for key in ["with_chain", "invalid_chains"] {
            #expect(
                summary[int: key] != nil && summary[int: key] == elements[int: key], "\(key)",
                sourceLocation: sourceLocation)
        }
        for group in ["mismatches", "missing"] {
            for field in fields {
                #expect(
                    summary[object: group][int: field] == elements[object: group][int: field], "\(group).\(field)",
                    sourceLocation: sourceLocation)
            }
        }
        #expect(
            summary[int: "malformed_lines"] == truth[object: "stats"][object: "summary"][int: "malformed_lines"],
            sourceLocation: sourceLocation)
        let invalidLines = Set(verify.json[array: "invalid_chains"].compactMap { $0[int: "line"] })
        let injected = Set((truth[object: "faults"][object: "invalid_chain"]["lines"] as? [Int] ?? []).prefix(10))
        #expect(invalidLines == injected, sourceLocation: sourceLocation)

        // rebuild and rebuild --fix: changed lines; the rest byte for byte.
        let original = try Self.lines(of: dump)
        for (fix, expected) in [(false, "rebuild_changed_lines"), (true, "rebuild_fix_changed_lines")] {
            let out = scratch.path(fix ? "fixed.jsonl" : "completed.jsonl")
            let rebuild = try CLI.run(
                ["elements", "rebuild", "--format", "json", dump, "-o", out] + (fix ? ["--fix"] : []))
            #expect(rebuild.status == 0, "\(rebuild.stderr)", sourceLocation: sourceLocation)
            let changed = rebuild.json[object: "summary"][int: "changed_lines"]
            #expect(changed != nil && changed == elements[int: expected], "\(expected)", sourceLocation: sourceLocation)
            let written = try Self.lines(of: out)
            #expect(written.count == original.count, sourceLocation: sourceLocation)
            #expect(zip(original, written).filter { $0 != $1 }.count == changed, sourceLocation: sourceLocation)

            let reverify = try CLI.run(["elements", "verify", "--format", "json", out]).json[object: "summary"]
            #expect(reverify[int: "with_chain"] == elements[int: "with_chain"], sourceLocation: sourceLocation)
            #expect(reverify[int: "invalid_chains"] == elements[int: "invalid_chains"], sourceLocation: sourceLocation)
            #expect(reverify[object: "missing"].values.allSatisfy { ($0 as? Int) == 0 }, sourceLocation: sourceLocation)
            let mismatchesLeft = fix ? [0, 0, 0] : fields.map { elements[object: "mismatches"][int: $0] ?? -1 }
            #expect(
                fields.map { reverify[object: "mismatches"][int: $0] ?? -1 } == mismatchesLeft,
                sourceLocation: sourceLocation)
        }

        // match: every visual event of the config, in order, with events and users.
        let match = try CLI.run(["elements", "match", "--config", config, "--format", "json", dump])
        #expect(match.status == 0, "\(match.stderr)", sourceLocation: sourceLocation)
        let matched = match.json[array: "virtual_events"].map {
            [$0["name"] as? String ?? "", "\($0[int: "events"] ?? -1)", "\($0[int: "users"] ?? -1)"]
        }
        let expected = (truth["visualized"] as? [[String: Any]] ?? []).map {
            [$0["name"] as? String ?? "", "\($0[int: "events"] ?? -2)", "\($0[int: "users"] ?? -2)"]
        }
        #expect(!expected.isEmpty && matched == expected, sourceLocation: sourceLocation)

        // drift: old → new paths per app version; the generator's paths never depend on the OS.
        let drift = try CLI.run(["elements", "drift", "--format", "json", dump])
        #expect(drift.status == 0, sourceLocation: sourceLocation)
        func rows(_ list: [[String: Any]]) -> [String] {
            list.map { row in
                let paths = (row["paths"] as? [String: [String]] ?? [:]).sorted { $0.key < $1.key }.map {
                    "\($0.key)=\($0.value)"
                }
                return
                    "\(row["screen_name"] ?? "")|\(row["element_content"] ?? "")|\(row["element_type"] ?? "")|\(paths)"
            }
        }
        let truthDrift = elements[array: "drift"]
        #expect(
            !truthDrift.isEmpty && rows(drift.json[array: "app_version"]) == rows(truthDrift),
            sourceLocation: sourceLocation)
        #expect(drift.json[array: "os_version"].isEmpty, sourceLocation: sourceLocation)
    }

    /// The lines of a plain or gzip file.
    static func lines(of path: String) throws -> [Substring] {
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        if data.starts(with: [0x1F, 0x8B]) { data = try gzip(["-dc", path]) }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    }

    @Test("the bundled sample: verify, rebuild, match and drift equal its truth")
    func sample() throws {
        try expectTruth(
            dump: CLI.sample("demo.jsonl.gz"), truth: try loadJSON(CLI.sample("demo.truth.json")),
            config: CLI.sample("visualized.json"), scratch: try Scratch())
    }

    @Test("a fresh dump with 5% faults: verify, rebuild, match and drift equal its truth")
    func freshDump() throws {
        let scratch = try Scratch()
        let dump = scratch.path("dump.jsonl.gz"), truthPath = scratch.path("truth.json"),
            config = scratch.path("visualized.json")
        let generated = try CLI.run([
            "generate", "--users", "150", "--seed", "8", "--faults", "0.05", "-o", dump,
            "--truth", truthPath, "--visualized-config", config,
        ])
        #expect(generated.status == 0, "\(generated.stderr)")
        let truth = try loadJSON(truthPath)
        let faults = truth[object: "faults"]
        for fault in [
            "invalid_chain", "wrong_element_path", "wrong_element_position", "wrong_screen_name",
            "missing_element_path",
        ] {
            #expect(faults[object: fault][int: "count"] ?? 0 > 0, "\(fault) was injected")
        }
        try expectTruth(dump: dump, truth: truth, config: config, scratch: scratch)
    }

    @Test("rebuild writes gzip when OUT ends in .gz, and verify reads it back clean")
    func gzipOutput() throws {
        let scratch = try Scratch()
        let out = scratch.path("fixed.jsonl.gz")
        let rebuild = try CLI.run(["elements", "rebuild", "--fix", CLI.sample("demo.jsonl.gz"), "-o", out])
        #expect(rebuild.status == 0, "\(rebuild.stderr)")
        #expect(rebuild.stdout.contains("38 changed"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)).starts(with: [0x1F, 0x8B]))
        #expect(!FileManager.default.fileExists(atPath: out + ".atk-partial"))
        let summary = try CLI.run(["elements", "verify", "--format", "json", out]).json[object: "summary"]
        #expect(summary[int: "events_with_differences"] == 0 && summary[int: "invalid_chains"] == 10)
    }

    @Test("malformed chains and a custom container at the command level")
    func handWrittenChains() throws {
        let scratch = try Scratch()
        let tail = #""UIWindow|window","UIApplication|app","AppDelegate|delegate""#
        let container =
            #"["ArticleCell|cell|1|ArticleCell,ArticleCell|0:1","UITableView|view|0|UITableView","UIView|view","ArticleViewController|vc|1|MenuViewController,ArticleViewController","DiscoverViewController|vc","UINavigationController|vc",\#(tail)]"#
        func line(_ screen: String, _ chain: String) -> String {
            #"{"distinct_id":"u1","event":"$AppClick","properties":{"$screen_name":"\#(screen)","$element_path":"UIView/UITableView[0]/ArticleCell[0][-]","$element_position":"0:1","$responder_chain":\#(chain)}}"#
        }
        let lines = [
            line("DiscoverViewController", container),
            line("ArticleViewController", container),
            line("S", #"["UIButton|widget|0|UIButton","UIView|view",\#(tail)]"#),
            line("S", #"["UIButton|view|2|UIButton,UIButton","UIView|view",\#(tail)]"#),
            line("S", #"["UIButton|view|1|UIButton,UILabel","UIView|view",\#(tail)]"#),
            line("S", #"[3,"UIView|view"]"#),
            line("S", #"{"a":1}"#),
            #"{"event":"$AppClick","properties":{"$responder_chain":["UIButton|view""#,
        ]
        let dump = try scratch.write("chains.jsonl", lines.joined(separator: "\n") + "\n")

        let verify = try CLI.run(["elements", "verify", dump])
        #expect(verify.status == 1)
        #expect(
            verify.stdout.contains(
                #"\#(dump):2: screen_name recorded "ArticleViewController", rebuilt "DiscoverViewController""#))
        for number in 3...7 { #expect(verify.stdout.contains("\(dump):\(number): "), "line \(number)") }
        #expect(verify.stdout.contains("\(dump):3: responder chain entry 0: unknown kind 'widget'"))
        #expect(verify.stdout.contains("\(dump):8: not valid JSON"))
        let json = try CLI.run(["elements", "verify", "--format", "json", dump]).json
        #expect(json[object: "summary"][int: "with_chain"] == 7 && json[object: "summary"][int: "invalid_chains"] == 5)
        #expect(json[object: "summary"][object: "mismatches"][int: "screen_name"] == 1)
        #expect(json[array: "invalid_chains"].compactMap { $0[int: "line"] } == [3, 4, 5, 6, 7])

        let out = scratch.path("fixed.jsonl")
        let rebuild = try CLI.run(["elements", "rebuild", "--fix", dump, "-o", out])
        #expect(rebuild.status == 0, "\(rebuild.stderr)")
        let written = try Self.lines(of: out)
        #expect(written.count == lines.count + 1)
        #expect(written[1] == Substring(line("DiscoverViewController", container)))
        #expect(
            zip(written, lines).enumerated().filter { $0.element.0 != Substring($0.element.1) }.map(\.offset) == [1])
    }

    @Test("top: clicks per element add up to every click; a group equals its visual event")
    func top() throws {
        let truth = try loadJSON(CLI.sample("demo.truth.json"))
        let result = try CLI.run(["elements", "top", "--top", "0", "--format", "json", CLI.sample("demo.jsonl.gz")])
        #expect(result.status == 0)
        let rows = result.json[array: "elements"]
        let clicks = truth[object: "stats"][array: "events"].first { $0["event"] as? String == "$AppClick" }?[
            int: "count"]
        #expect(clicks != nil && rows.reduce(0) { $0 + ($1[int: "clicks"] ?? 0) } == clicks)
        #expect(rows.count == result.json[object: "summary"][int: "groups"])
        // The home banner has one content, so its group is exactly the HomeBanner visual event.
        let banner = rows.filter {
            $0["screen_name"] as? String == "HomeViewController"
                && $0["element_path"] as? String == "UIView/UIButton[0]"
        }
        let visual = (truth["visualized"] as? [[String: Any]] ?? []).first { $0["name"] as? String == "HomeBanner" }
        #expect(
            banner.count == 1 && banner.first?[int: "clicks"] == visual?[int: "events"]
                && banner.first?[int: "users"] == visual?[int: "users"])
        let counts = rows.map { $0[int: "clicks"] ?? 0 }
        #expect(counts == counts.sorted(by: >))

        let limited = try CLI.run([
            "elements", "top", "--top", "5", "--by-position", "--format", "json", CLI.sample("demo.jsonl.gz"),
        ])
        #expect(limited.json[array: "elements"].count == 5)
        #expect(limited.json[array: "elements"].allSatisfy { $0.keys.contains("element_position") })
        let again = try CLI.run([
            "elements", "top", "--top", "5", "--by-position", "--format", "json", CLI.sample("demo.jsonl.gz"),
        ])
        #expect(again.stdout == limited.stdout)
    }

    @Test("recorded identifiers miss the clicks whose recorded path is wrong")
    func recordedIdentifiers() throws {
        let sample = CLI.sample("demo.jsonl.gz"), config = CLI.sample("visualized.json")
        let rebuilt = try CLI.run(["elements", "match", "--config", config, "--format", "json", sample]).json
        let recorded = try CLI.run([
            "elements", "match", "--config", config, "--format", "json", "--recorded-identifiers", sample,
        ]).json
        #expect(recorded[object: "summary"]["identifiers"] as? String == "recorded")
        let total = { (json: [String: Any]) in json[array: "virtual_events"].reduce(0) { $0 + ($1[int: "events"] ?? 0) }
        }
        #expect(total(recorded) < total(rebuilt))
    }

    @Test("exit codes: clean dump 0, usage 2, unreadable 3; help teaches")
    func exitCodes() throws {
        let scratch = try Scratch()
        let clean = scratch.path("clean.jsonl")
        #expect(try CLI.run(["generate", "--users", "20", "--seed", "4", "-o", clean]).status == 0)
        #expect(try CLI.run(["elements", "verify", clean]).status == 0)
        #expect(try CLI.run(["elements", "verify", scratch.path("missing.jsonl")]).status == 3)
        #expect(try CLI.run(["elements", "rebuild", clean]).status == 2)
        let sameFile = try CLI.run(["elements", "rebuild", clean, "-o", clean])
        #expect(sameFile.status == 2 && sameFile.stderr.contains("is an input"))
        #expect(try Self.lines(of: clean).count > 20)
        #expect(try CLI.run(["elements", "match", clean]).status == 2)
        #expect(try CLI.run(["elements", "match", "--config", scratch.path("none.json"), clean]).status == 3)
        let badConfig = try scratch.write("bad.json", "[1,2]")
        #expect(try CLI.run(["elements", "match", "--config", badConfig, clean]).status == 2)
        #expect(try CLI.run(["elements", "top", "--top", "-1", clean]).status == 2)
        let help = try CLI.run(["elements", "verify", "--help"])
        #expect(help.status == 0 && help.stdout.contains("Exit codes") && help.stdout.contains("Examples"))
        #expect(try CLI.run(["elements", "--help"]).stdout.contains("drift"))
    }
}

extension Scratch {
    /// Writes `text` to `name` and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let path = self.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
