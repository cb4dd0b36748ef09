import Foundation
import Testing

@Suite("atk paths, end to end")
struct PathsEndToEndTests {
    static let config = #"""
        {"nodes": {"Home": "DL_HOME", "PDP": "DL_PDP"}, "roots": ["Home"], "entity_property": "item_id"}
        """#

    private func line(_ user: String, _ time: Int, _ event: String, _ properties: String) -> String {
        #"{"type":"track","distinct_id":"\#(user)","time":\#(time),"event":"\#(event)","properties":{\#(properties)}}"#
    }

    /// A dump of four conversions: a match, an entities mismatch, a missing path and an empty stack.
    private var dump: String {
        [
            line("u", 1, "$AppViewScreen", #""$screen_name":"Home","$app_version":"1.0""#),
            line("u", 2, "$AppClick", #""$screen_name":"Home","item_id":"P1""#),
            line("u", 3, "$AppViewScreen", #""$screen_name":"PDP""#),
            line("u", 4, "AddToCart", #""user_action_path":["DL_HOME#P1","DL_PDP"],"$app_version":"1.0""#),
            line("u", 5, "AddToCart", #""user_action_path":["DL_HOME#P2","DL_PDP"],"$app_version":"1.1""#),
            line("v", 1, "$AppViewScreen", #""$screen_name":"Home""#),
            line("v", 2, "AddToCart", #""$app_version":"1.1""#),
            line("w", 1, "AddToCart", #""user_action_path":["DL_HOME"]"#),
        ].joined(separator: "\n") + "\n"
    }

    private func write(_ scratch: Scratch, dump: String, config: String = Self.config) throws -> (String, String) {
        let (dumpPath, configPath) = (scratch.path("dump.jsonl"), scratch.path("nav.json"))
        try Data(dump.utf8).write(to: URL(fileURLWithPath: dumpPath))
        try Data(config.utf8).write(to: URL(fileURLWithPath: configPath))
        return (dumpPath, configPath)
    }

    @Test("verify: summary, kinds, versions and examples with file:line; exit 1 on a mismatch")
    func verify() throws {
        let scratch = try Scratch()
        let (dumpPath, configPath) = try write(scratch, dump: dump)
        let result = try CLI.run(["paths", "verify", "--config", configPath, "--format", "json", dumpPath])
        #expect(result.status == 1, "\(result.stderr)")
        let summary = result.json[object: "summary"]
        #expect(summary[int: "conversions"] == 4)
        #expect(summary[int: "match"] == 1)
        #expect(summary[int: "mismatch"] == 1)
        #expect(summary[int: "missing"] == 1)
        #expect(summary[int: "unrebuildable"] == 1)
        #expect(result.json[object: "mismatch_kinds"][int: "entities"] == 1)
        let versions = result.json[array: "by_app_version"].map { $0["app_version"] as? String ?? "-" }
        #expect(versions == ["1.0", "1.1", "-"])
        let examples = result.json[array: "examples"]
        #expect(examples.map { $0[int: "line"] } == [5, 7, 8])
        #expect(examples.map { $0["outcome"] as? String } == ["mismatch", "missing", "unrebuildable"])
        #expect(examples.first?["recorded"] as? [String] == ["DL_HOME#P2", "DL_PDP"])
        #expect(examples.first?["rebuilt"] as? [String] == ["DL_HOME#P1", "DL_PDP"])
        let text = try CLI.run(["paths", "verify", "--config", configPath, dumpPath])
        #expect(text.stdout.contains("dump.jsonl:5: mismatch (entities)"))
    }

    @Test("verify exits 0 when nothing differs, even with missing and unrebuildable conversions")
    func clean() throws {
        let scratch = try Scratch()
        let lines = dump.split(separator: "\n").enumerated().filter { $0.offset != 4 }.map { $0.element }
        let (dumpPath, configPath) = try write(scratch, dump: lines.joined(separator: "\n") + "\n")
        let result = try CLI.run(["paths", "verify", "--config", configPath, dumpPath])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("a config without a required key is a usage error naming it; an unreadable config exits 3")
    func badConfig() throws {
        let scratch = try Scratch()
        let (dumpPath, configPath) = try write(scratch, dump: dump, config: #"{"nodes":{}}"#)
        let result = try CLI.run(["paths", "verify", "--config", configPath, dumpPath])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\"entity_property\": missing"))
        let missing = try CLI.run(["paths", "verify", "--config", scratch.path("none.json"), dumpPath])
        #expect(missing.status == 3)
    }

    @Test(
        "generate --navigation: every count of paths verify equals the truth, for every --jobs",
        arguments: [(UInt64(3), "0.05", "list"), (7, "0.2", "mixed"), (11, "0", "object")])
    func generatedTruth(seed: UInt64, faults: String, pathFormat: String) throws {
        let scratch = try Scratch()
        let (dumpPath, truthPath, configPath) = (
            scratch.path("d.jsonl.gz"), scratch.path("t.json"), scratch.path("n.json")
        )
        let generated = try CLI.run([
            "generate", "--users", "120", "--seed", String(seed), "--faults", faults, "--path-format", pathFormat,
            "--navigation", "--nav-config-out", configPath, "--truth", truthPath, "-o", dumpPath,
        ])
        #expect(generated.status == 0, "\(generated.stderr)")
        let truth = try loadJSON(truthPath)[object: "navigation"]
        #expect(truth[int: "conversions"] ?? 0 > 0)
        for jobs in ["1", "3"] {
            let result = try CLI.run([
                "paths", "verify", "--config", configPath, "--format", "json", "--jobs", jobs, dumpPath,
            ])
            #expect(result.status == (truth[int: "mismatch"] == 0 ? 0 : 1), "\(result.stderr)")
            let summary = result.json[object: "summary"]
            for key in ["conversions", "match", "mismatch", "missing", "unrebuildable"] {
                #expect(summary[int: key] == truth[int: key], "\(key)")
            }
            let kinds = result.json[object: "mismatch_kinds"]
            for kind in ["entities", "prefix", "suffix", "nodes", "unreadable"] {
                #expect(kinds[int: kind] == truth[object: "kinds"][int: kind], "\(kind)")
            }
        }
        if faults != "0" { #expect(truth[int: "mismatch"] ?? 0 > 0 && truth[int: "missing"] ?? 0 > 0) }
    }

    @Test("the generated app's navigation config is Samples/navigation.json")
    func sampleConfig() throws {
        let scratch = try Scratch()
        let result = try CLI.run(["generate", "--users", "0", "--nav-config-out", scratch.path("n.json")])
        #expect(result.status == 0)
        let written = try Data(contentsOf: URL(fileURLWithPath: scratch.path("n.json")))
        #expect(written == (try Data(contentsOf: URL(fileURLWithPath: CLI.sample("navigation.json")))))
    }

    @Test("rebuild --fill and --fix on a generated dump: the counts of the truth, other lines unchanged")
    func rebuildGenerated() throws {
        let scratch = try Scratch()
        let (dumpPath, truthPath, configPath) = (
            scratch.path("d.jsonl"), scratch.path("t.json"), scratch.path("n.json")
        )
        let generated = try CLI.run([
            "generate", "--users", "120", "--seed", "5", "--faults", "0.1", "--navigation", "--nav-config-out",
            configPath, "--truth", truthPath, "-o", dumpPath,
        ])
        #expect(generated.status == 0, "\(generated.stderr)")
        let truth = try loadJSON(truthPath)[object: "navigation"]
        let original = try Data(contentsOf: URL(fileURLWithPath: dumpPath)).split(separator: 0x0A)
        for (mode, changed, mismatchAfter) in [
            ("--fill", truth[int: "missing"], truth[int: "mismatch"]), ("--fix", truth[int: "conversions"], 0),
        ] {
            let out = scratch.path("out\(mode).jsonl")
            let result = try CLI.run([
                "paths", "rebuild", "--config", configPath, mode, "--format", "json", "-o", out, dumpPath,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let summary = result.json[object: "summary"]
            let written = try Data(contentsOf: URL(fileURLWithPath: out)).split(separator: 0x0A)
            #expect(written.count == original.count)
            let differing = zip(original, written).filter { $0 != $1 }.count
            #expect(differing == (summary[int: "filled"] ?? 0) + (summary[int: "fixed"] ?? 0))
            #expect(summary[int: "filled"] == truth[int: "missing"])
            let verify = try CLI.run(["paths", "verify", "--config", configPath, "--format", "json", out])
            let after = verify.json[object: "summary"]
            #expect(after[int: "missing"] == 0)
            #expect(after[int: "mismatch"] == mismatchAfter)
            #expect(after[int: "match"] == (mode == "--fix" ? changed : (truth[int: "match"] ?? 0) + (changed ?? 0)))
        }
    }

    @Test("rebuild refuses standard input, which it cannot read twice")
    func rebuildRefusesStandardInput() throws {
        let scratch = try Scratch()
        let (_, configPath) = try write(scratch, dump: dump)
        let result = try CLI.run(
            ["paths", "rebuild", "--config", configPath, "-o", scratch.path("o.jsonl"), "-"], input: Data(dump.utf8))
        #expect(result.status == 2)
        #expect(result.stderr.contains("reads its inputs twice"))
    }
}
