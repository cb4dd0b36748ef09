import Foundation
import Testing

/// `atk generate --journeys` against `atk identities`, `sessions` and `retention`; and every
/// per-user command with `--identity stitched` against its raw run on the dump rewritten to
/// person keys.
@Suite("journeys and stitched identities, end to end")
struct JourneysEndToEndTests {
    /// Generates a journeys dump (`dump.jsonl`) and its truth in `scratch`.
    private func generate(_ scratch: Scratch, faults: String, seed: String = "3") throws -> [String: Any] {
        let result = try CLI.run([
            "generate", "--journeys", "--users", "150", "--seed", seed, "--faults", faults, "-o",
            scratch.path("dump.jsonl"), "--truth", scratch.path("truth.json"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        return try loadJSON(scratch.path("truth.json"))
    }

    private func summary(_ arguments: [String], in scratch: Scratch) throws -> [String: Any] {
        let result = try CLI.run(arguments + ["--format", "json", "dump.jsonl"], directory: scratch.url)
        #expect(result.status == 0, "\(arguments) \(result.stderr)")
        return result.json[object: "summary"]
    }

    private static let sessionFields = [
        "sessions", "users", "bounces", "page_views", "total_duration_ms", "unended_page_views",
    ]

    @Test("a clean journeys dump: persons, links, sessions (raw and stitched) and retention equal the truth")
    func truthOfCleanDump() throws {
        let scratch = try Scratch()
        let truth = try generate(scratch, faults: "0")
        let identities = try summary(["identities"], in: scratch)
        let expected = truth[object: "identities"]
        for field in ["raw_ids", "persons", "conflicts"] {
            #expect(identities[int: field] == expected[int: field], "\(field)")
        }
        #expect(identities[object: "links"] as NSDictionary == expected[object: "links"] as NSDictionary)
        #expect((expected[int: "persons"] ?? 0) < (expected[int: "raw_ids"] ?? 0))
        #expect(expected[object: "links"][int: "signup"] ?? 0 > 0 && expected[object: "links"][int: "bind"] ?? 0 > 0)

        for identity in ["raw", "stitched"] {
            let report = try CLI.run(
                ["sessions", "--identity", identity, "--format", "json", "dump.jsonl"], directory: scratch.url
            ).json
            let sessions = report[object: "summary"]
            let want = truth[object: "sessions"][object: identity]
            for field in Self.sessionFields {
                #expect(sessions[int: field] == want[int: field], "\(identity) \(field)")
            }
            // The SDK's own durations: every $AppEnd and (stitched) every $AppPageLeave is compared.
            for kind in ["app_end", "page_leave"] {
                let got = report[object: "sdk_durations"][object: kind]
                let wanted = want[object: "sdk_durations"][object: kind]
                #expect(got[int: "compared"] == wanted[int: "compared"], "\(identity) \(kind)")
                #expect(got[int: "max_abs_diff_ms"] == wanted[int: "max_abs_diff_ms"], "\(identity) \(kind)")
                #expect(wanted[int: "compared"] ?? 0 > 0)
            }
        }
        #expect(
            truth[object: "sessions"][object: "raw"][int: "sessions"]
                != truth[object: "sessions"][object: "stitched"][int: "sessions"])

        let retention = truth[object: "retention"]
        let result = try CLI.run(
            [
                "retention", "--identity", "stitched", "--start", "$AppStart", "--return", "$AppStart", "--periods",
                "7", "--format", "json", "dump.jsonl",
            ], directory: scratch.url)
        let cohorts = result.json[array: "cohorts"].map {
            "\($0["period"] ?? "") \($0[int: "size"] ?? -1) \($0["retained"] ?? "")"
        }
        let wanted = retention[array: "cohorts"].map {
            "\($0["period"] ?? "") \($0[int: "size"] ?? -1) \($0["retained"] ?? "")"
        }
        #expect(!wanted.isEmpty)
        #expect(cohorts == wanted)

        // Per distinct_id, a login session's $AppEnd closes nothing: the truth says which lines.
        let validate = try CLI.run(
            [
                "validate", "--format", "json", "--max-examples", "1000000", "--now", "2030-01-01T00:00:00Z",
                "dump.jsonl",
            ],
            directory: scratch.url)
        let orphans = validate.json[array: "rules"].first { $0["id"] as? String == "lifecycle.orphan_app_end" }
        let truthOrphans = truth[object: "rules"][object: "lifecycle.orphan_app_end"]
        #expect(orphans?[array: "examples"].compactMap { $0[int: "line"] }.sorted() == truthOrphans["lines"] as? [Int])
    }

    @Test("with faults, persons, links and validate findings still equal the truth (no sessions or retention)")
    func truthWithFaults() throws {
        let scratch = try Scratch()
        let truth = try generate(scratch, faults: "0.05", seed: "4")
        let identities = try CLI.run(["identities", "--format", "json", "dump.jsonl"], directory: scratch.url).json
        let expected = truth[object: "identities"]
        #expect(identities[object: "summary"][int: "raw_ids"] == expected[int: "raw_ids"])
        #expect(identities[object: "summary"][int: "persons"] == expected[int: "persons"])
        #expect(truth["sessions"] == nil && truth["retention"] == nil)
        // Validate follows distinct_ids: a login session's end closes nothing, and the truth knows.
        let validate = try CLI.run(
            [
                "validate", "--format", "json", "--max-examples", "1000000", "--now", "2030-01-01T00:00:00Z",
                "dump.jsonl",
            ],
            directory: scratch.url)
        let reported = Dictionary(
            uniqueKeysWithValues: validate.json[array: "rules"].map {
                ($0["id"] as? String ?? "", $0[array: "examples"].compactMap { $0[int: "line"] }.sorted())
            })
        let rules = truth[object: "rules"]
        #expect(rules["lifecycle.orphan_app_end"] != nil)
        for id in Set(reported.keys).union(rules.keys).sorted() {
            #expect(reported[id] == (rules[object: id]["lines"] as? [Int])?.sorted(), "\(id)")
        }
    }

    /// `dump` with each valid line's `distinct_id` replaced by its person key (`keys`); malformed
    /// lines as they are.
    private func rewritten(_ dump: Data, keys: [String: String]) -> Data {
        let marker = Array(#""distinct_id":""#.utf8)
        var out = Data()
        for line in dump.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            var bytes = Array(line)
            if (try? JSONSerialization.jsonObject(with: Data(bytes))) is [String: Any],
                let start = bytes.firstRange(of: marker)?.upperBound,
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")),
                let key = keys[String(decoding: bytes[start..<end], as: UTF8.self)]
            {
                bytes.replaceSubrange(start..<end, with: Array(key.utf8))
            }
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\n"))
        }
        out.removeLast()
        return out
    }

    @Test(
        "every per-user command: --identity stitched equals raw on the dump rewritten to person keys",
        arguments: [
            [
                "funnel", "--steps", "$AppStart,$AppViewScreen,AddToCart", "--window", "3d", "--breakdown",
                "$app_version",
            ],
            ["funnel", "--steps", "$AppStart,AddToCart", "--count", "conversions", "--window", "1h"],
            ["funnel", "--path", "DL_HOME>DL_PDP", "--entity", "DL_HOME"],
            ["funnel", "--path", "DL_HOME>DL_PDP", "--rebuilt", "nav.json"],
            ["impressions", "--breakdown", "$app_version"],
            ["sessions", "--breakdown", "$app_version"],
            [
                "retention", "--start", "$AppStart", "--return", "AddToCart", "--period", "week", "--tz",
                "Asia/Shanghai",
            ],
            ["paths", "verify", "--config", "nav.json"],
            ["paths", "attribution", "--config", "nav.json"],
        ])
    func stitchedEqualsRewritten(command: [String]) throws {
        let original = try Scratch(), copy = try Scratch()
        let result = try CLI.run([
            "generate", "--journeys", "--navigation", "--users", "120", "--seed", "6", "--faults", "0.03", "-o",
            original.path("dump.jsonl"), "--nav-config-out", original.path("nav.json"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        try FileManager.default.copyItem(atPath: original.path("nav.json"), toPath: copy.path("nav.json"))
        // The persons, from atk identities: every member of every person of two or more.
        let persons = try CLI.run(
            ["identities", "--format", "json", "--largest", "1000000", "dump.jsonl"], directory: original.url
        ).json[array: "largest_persons"]
        #expect(persons.count > 10)
        var keys: [String: String] = [:]
        for person in persons {
            let members = person["members"] as? [String] ?? []
            #expect(members.count == person[int: "identities"], "every member listed")
            for member in members { keys[member] = person["person"] as? String }
        }
        let dump = try Data(contentsOf: URL(fileURLWithPath: original.path("dump.jsonl")))
        try rewritten(dump, keys: keys).write(to: URL(fileURLWithPath: copy.path("dump.jsonl")))

        let stitched = try CLI.run(
            command + ["--identity", "stitched", "--jobs", "3", "--format", "json", "dump.jsonl"],
            directory: original.url)
        let raw = try CLI.run(command + ["--format", "json", "dump.jsonl"], directory: copy.url)
        let unstitched = try CLI.run(command + ["--format", "json", "dump.jsonl"], directory: original.url)
        #expect(stitched.status == raw.status, "\(stitched.stderr)")
        // Only the summary's "identity" (sessions, retention) may say how the users were made.
        let same = stitched.stdout.replacingOccurrences(of: #""identity": "stitched""#, with: #""identity": "raw""#)
        #expect(!stitched.stdout.isEmpty)
        #expect(same == raw.stdout)
        #expect(raw.stdout != unstitched.stdout, "the links change the answer")
    }

    @Test("--since/--until choose the events, not the links: a login after --until still joins the ids")
    func linksIgnoreTheSelection() throws {
        let scratch = try Scratch()
        func line(_ type: String, _ id: String, _ event: String, _ time: String, _ extra: String = "") -> String {
            let millis = Int((ISO8601DateFormatter().date(from: time)?.timeIntervalSince1970 ?? 0) * 1000)
            return #"{"type":"\#(type)","distinct_id":"\#(id)",\#(extra)"event":"\#(event)","time":\#(millis),"#
                + #""properties":{}}"#
        }
        let dump = [
            line("track", "a1", "$AppStart", "2026-10-01T10:00:00Z"),
            line("track", "u1", "$AppStart", "2026-10-01T12:00:00Z"),
            line("track_signup", "u1", "$SignUp", "2026-10-03T10:00:00Z", #""original_id":"a1","#),
        ].joined(separator: "\n")
        try Data(dump.utf8).write(to: URL(fileURLWithPath: scratch.path("dump.jsonl")))
        let result = try CLI.run(
            [
                "sessions", "--identity", "stitched", "--until", "2026-10-02", "--format", "json", "dump.jsonl",
            ], directory: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.json[object: "summary"][int: "users"] == 1)
        #expect(result.json[object: "summary"][int: "sessions"] == 2)
        #expect(result.stderr.contains("outside --since/--until"), "the selection's note is still printed")
    }

    @Test(
        "--identity stitched writes the same bytes for --jobs 1, 2, 3 and 7 (routing by person key)",
        arguments: [
            ["identities"], ["sessions", "--breakdown", "$app_version"],
            ["retention", "--start", "$AppStart", "--return", "$AppViewScreen"],
            ["funnel", "--steps", "$AppStart,$AppViewScreen,AddToCart"], ["funnel", "--path", "--rebuilt", "nav.json"],
            ["impressions"], ["paths", "verify", "--config", "nav.json"],
        ])
    func stitchedJobs(command: [String]) throws {
        let scratch = try Scratch()
        let result = try CLI.run([
            "generate", "--journeys", "--navigation", "--users", "90", "--seed", "8", "--faults", "0.03", "-o",
            scratch.path("all.jsonl"), "--nav-config-out", scratch.path("nav.json"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // Three inputs, so a person's lines are spread over files and workers.
        let lines = try String(contentsOfFile: scratch.path("all.jsonl"), encoding: .utf8).split(separator: "\n")
        let third = lines.count / 3
        for (index, part) in [lines[..<third], lines[third..<(2 * third)], lines[(2 * third)...]].enumerated() {
            try Data((part.joined(separator: "\n") + "\n").utf8).write(
                to: URL(fileURLWithPath: scratch.path("part\(index).jsonl")))
        }
        let identity = command == ["identities"] ? [] : ["--identity", "stitched"]
        func run(jobs: Int) throws -> CLI.Result {
            try CLI.run(
                command + identity + ["--jobs", String(jobs), "part0.jsonl", "part1.jsonl", "part2.jsonl"],
                directory: scratch.url)
        }
        let one = try run(jobs: 1)
        #expect(!one.stdout.isEmpty, "\(one.stderr)")
        for jobs in [2, 3, 7] {
            let other = try run(jobs: jobs)
            #expect(other.stdout == one.stdout, "--jobs \(jobs)")
            #expect(other.status == one.status, "--jobs \(jobs)")
        }
    }
}
