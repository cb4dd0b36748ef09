import Foundation
import Testing

/// `atk funnel --path --rebuilt nav.json`, end to end.
@Suite("atk funnel --path --rebuilt, end to end")
struct FunnelRebuiltEndToEndTests {
    /// A generated navigation dump and its config; `faults` spoils recorded paths.
    private func generate(_ scratch: Scratch, faults: String, format: String) throws -> (dump: String, config: String) {
        let (dump, config) = (scratch.path("d.jsonl.gz"), scratch.path("n.json"))
        let generated = try CLI.run([
            "generate", "--users", "150", "--seed", "31", "--faults", faults, "--path-format", format,
            "--navigation", "--nav-config-out", config, "-o", dump,
        ])
        #expect(generated.status == 0, "\(generated.stderr)")
        return (dump, config)
    }

    @Test(
        "with faithful recorded paths, --rebuilt prints what plain --path prints, byte for byte",
        arguments: ["list", "object"])
    func equalsRecordedWithoutFaults(format: String) throws {
        let scratch = try Scratch()
        let (dump, config) = try generate(scratch, faults: "0", format: format)
        for options in [
            ["--format", "text"], ["--format", "json", "--top", "3"],
            ["DL_HOME>DL_PDP", "--entity", "DL_HOME", "--format", "csv"],
            ["DL_HOME>DL_PDP", "--strict", "--format", "json"],
        ] {
            let plain = try CLI.run(["funnel", "--path"] + options + [dump])
            #expect(plain.status == 0, "\(plain.stderr)")
            #expect(plain.stdout.contains("conversions") && plain.stdout.split(separator: "\n").count > 2)
            for jobs in ["1", "3"] {
                let rebuilt = try CLI.run(
                    ["funnel", "--path"] + options + ["--rebuilt", config, "--jobs", jobs, dump])
                #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
                #expect(rebuilt.stdout == plain.stdout, "\(options) --jobs \(jobs)")
            }
        }
    }

    @Test("with spoiled recorded paths, --rebuilt differs from --path and equals --path on the --fix rebuilt dump")
    func ignoresRecordedPaths() throws {
        let scratch = try Scratch()
        let (dump, config) = try generate(scratch, faults: "0.3", format: "mixed")
        let options = ["DL_HOME>DL_PDP", "--entity", "DL_HOME", "--format", "json"]
        let plain = try CLI.run(["funnel", "--path"] + options + [dump])
        let rebuilt = try CLI.run(["funnel", "--path"] + options + ["--rebuilt", config, dump])
        #expect(plain.status == 0 && rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(rebuilt.stdout != plain.stdout)
        let fixed = scratch.path("fixed.jsonl.gz")
        let fix = try CLI.run(["paths", "rebuild", "--config", config, "--fix", "-o", fixed, dump])
        #expect(fix.status == 0, "\(fix.stderr)")
        let onFixed = try CLI.run(["funnel", "--path"] + options + [fixed])
        for key in ["summary", "paths", "edges", "steps", "entity"] {
            #expect(try canonical(rebuilt.json[key]) == canonical(onFixed.json[key]), "\(key)")
        }
    }

    /// `value` as JSON text with sorted keys, so two parsed reports compare by content.
    private func canonical(_ value: Any?) throws -> String {
        let data = try JSONSerialization.data(
            withJSONObject: value ?? NSNull(), options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    @Test("the config's conversion unless --conversion; usage errors exit 2, an unreadable config 3")
    func optionsAndErrors() throws {
        let scratch = try Scratch()
        let config = scratch.path("n.json")
        try Data(
            #"{"nodes":{"Home":"DL_HOME"},"roots":["Home"],"entity_property":"item_id","conversion":"Buy"}"#.utf8
        ).write(to: URL(fileURLWithPath: config))
        let dump = scratch.path("d.jsonl")
        let lines = [
            #"{"type":"track","distinct_id":"u","time":1,"event":"$AppViewScreen","properties":{"$screen_name":"Home"}}"#,
            #"{"type":"track","distinct_id":"u","time":2,"event":"Buy","properties":{}}"#,
            #"{"type":"track","distinct_id":"u","time":3,"event":"AddToCart","properties":{}}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: dump))
        let byConfig = try CLI.run(["funnel", "--path", "--rebuilt", config, "--format", "json", dump])
        #expect(byConfig.status == 0, "\(byConfig.stderr)")
        #expect(byConfig.json["conversion"] as? String == "Buy")
        #expect(byConfig.json[object: "summary"][int: "with_path"] == 1)
        let byOption = try CLI.run([
            "funnel", "--path", "--rebuilt", config, "--conversion", "AddToCart", "--format", "json", dump,
        ])
        #expect(byOption.json["conversion"] as? String == "AddToCart")
        #expect(byOption.json[object: "summary"][int: "with_path"] == 1)
        for arguments in [
            ["--steps", "A", "--rebuilt", config], ["--rebuilt", config],
            ["--path", "--rebuilt", config, "--path-property", "p"],
        ] {
            let result = try CLI.run(["funnel"] + arguments + [dump])
            #expect(result.status == 2, "\(arguments)")
        }
        #expect(
            try CLI.run(["funnel", "--steps", "A", "--rebuilt", config, dump]).stderr.contains("--rebuilt needs --path")
        )
        #expect(try CLI.run(["funnel", "--path", "--rebuilt", scratch.path("none.json"), dump]).status == 3)
        let bad = try CLI.run(["funnel", "--path", "--rebuilt", dump, dump])
        #expect(bad.status == 2)
    }
}
