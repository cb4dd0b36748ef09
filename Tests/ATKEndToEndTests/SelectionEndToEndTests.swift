import Foundation
import Testing

/// `--since`, `--until`, `--tz` and `--where` on reading commands and in `atk report`: the counts
/// equal an answer computed independently from the generated dump's lines.
@Suite("event selection, end to end")
struct SelectionEndToEndTests {
    /// The generated dump's events: time, `$os`, user (JSONSerialization, not atk's parser).
    private static func events(_ path: String) throws -> [(time: Int64?, version: String?, user: String?)] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                return nil
            }
            let properties = object["properties"] as? [String: Any]
            return (
                (object["time"] as? NSNumber)?.int64Value, properties?["$app_version"] as? String,
                object["distinct_id"] as? String
            )
        }
    }

    @Test("a window in Asia/Shanghai and a filter: events, users and both left-out counts")
    func windowAndFilter() throws {
        let scratch = try Scratch()
        let dump = scratch.path("d.jsonl")
        let generated = try CLI.run(["generate", "--users", "200", "--seed", "5", "--days", "4", "-o", dump])
        #expect(generated.status == 0, "\(generated.stderr)")
        // 2026-09-02 00:00 and 2026-09-03 00:00 in UTC+8 (Asia/Shanghai has no daylight saving).
        let since: Int64 = 1_788_278_400_000
        let until: Int64 = since + 86_400_000
        let all = try Self.events(dump)
        let inside = all.filter { event in event.time.map { $0 >= since && $0 < until } ?? false }
        let selected = inside.filter { $0.version == "2.4.0" }
        #expect(!selected.isEmpty && selected.count < inside.count && inside.count < all.count)

        let arguments = [
            "--since", "2026-09-02", "--until", "2026-09-03", "--tz", "Asia/Shanghai", "--where", "$app_version=2.4.0",
        ]
        for jobs in ["1", "3"] {
            let stats = try CLI.run(["stats", "--format", "json", "--jobs", jobs] + arguments + [dump])
            #expect(stats.status == 0, "\(stats.stderr)")
            let summary = stats.json[object: "summary"]
            #expect(summary[int: "events"] == selected.count)
            #expect(summary[int: "users"] == Set(selected.compactMap(\.user)).count)
            #expect(stats.stderr.contains("\(grouped(all.count - inside.count)) events outside --since/--until"))
            #expect(stats.stderr.contains("and \(grouped(inside.count - selected.count)) not matching --where"))
        }

        // The same from the config of atk report, in report.json.
        let config = """
            since: 2026-09-02
            until: "2026-09-03"
            tz: Asia/Shanghai
            where: [$app_version=2.4.0]

            """
        try config.write(toFile: scratch.path("r.yaml"), atomically: true, encoding: .utf8)
        let report = try CLI.run(["report", "--config", scratch.path("r.yaml"), dump, "-o", scratch.path("out")])
        #expect(report.status == 0, "\(report.stderr)")
        let json = try loadJSON(scratch.path("out/report.json"))
        let selection = json[object: "selection"]
        #expect(selection[int: "since"] == Int(since) && selection[int: "until"] == Int(until))
        #expect(selection[int: "outside_window"] == all.count - inside.count)
        #expect(selection[int: "filtered_out"] == inside.count - selected.count)
        #expect(json[object: "sections"][object: "stats"][object: "summary"][int: "events"] == selected.count)
    }

    @Test("bad values are usage errors; elements rebuild and paths rebuild refuse a selection")
    func refusals() throws {
        for arguments in [
            ["--since", "2026-02-30"], ["--until", "soon"], ["--tz", "Mars/Olympus"], ["--where", "x["],
            ["--since", "2026-09-03", "--until", "2026-09-02"],
        ] {
            let result = try CLI.run(["stats"] + arguments + [CLI.sample("demo.jsonl.gz")])
            #expect(result.status == 2, "\(arguments)")
        }
        let rebuild = try CLI.run(["elements", "rebuild", "--where", "$os=iOS", "-o", "-", CLI.sample("demo.jsonl.gz")])
        #expect(rebuild.status == 2)
        // Both rewrite every line: a selection would drop the lines it leaves out of the output.
        let paths = try CLI.run([
            "paths", "rebuild", "--config", CLI.sample("navigation.json"), "--since", "2026-09-02", "-o", "-",
            CLI.sample("demo.jsonl.gz"),
        ])
        #expect(paths.status == 2)
        #expect(paths.stderr.contains("paths rebuild rewrites every line"))
    }

    private func grouped(_ value: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.groupingSeparator = ","
        formatter.usesGroupingSeparator = true
        return formatter.string(from: NSNumber(value: value)) ?? "\(value)"
    }
}
