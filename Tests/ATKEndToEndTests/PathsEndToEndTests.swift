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
}
