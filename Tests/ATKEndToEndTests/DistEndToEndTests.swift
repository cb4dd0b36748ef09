import Foundation
import Testing

/// `atk dist` as a shell pipeline (`manifest | shard --buckets N | sort | split by bucket |
/// partial each | merge`) prints what the single command prints, byte for byte, with its exit
/// code: on `Samples/` and on a hostile directory (multi-member and truncated gzip, a BOM, CRLF,
/// malformed lines, invalid UTF-8, a line over --max-line-bytes, an empty directory argument).
@Suite("atk dist: the shell pipeline equals the single command")
struct DistEndToEndTests {
    /// The hostile inputs: the jobs tests' directory, plus a file of lines that must travel
    /// encoded, and an empty directory (a manifest error: exit 3).
    static let hostile: [String] = {
        _ = JobsEndToEndTests.preparedHostile
        let root = CLI.root.appendingPathComponent(".build/golden/dist")
        try? FileManager.default.removeItem(at: root)
        try? FileManager.default.createDirectory(
            at: root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        var bytes: [UInt8] = []
        for user in 0..<40 {
            let event = #"{"type":"track","event":"Wide","distinct_id":"w\#(user % 9)","time":17882488\#(user)000}"#
            bytes += Array(event.utf8) + [0x0A]
            if user % 5 == 0 { bytes += [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D, 0x0A] }
            if user % 7 == 0 { bytes += Array("~{\"tab\":\"a\tb\"}\t\n".utf8) }
            if user % 11 == 0 {
                let long =
                    "{\"type\":\"track\",\"event\":\"Long\",\"distinct_id\":\"w1\",\"pad\":\"\(String(repeating: "x", count: 5000))\"}"
                bytes += Array(long.utf8) + [0x0A]
            }
        }
        bytes += Array(#"{"type":"track","event":"Ümlaut","distinct_id":"ü","time":1788248999000}"#.utf8)
        _ = FileManager.default.createFile(atPath: root.appendingPathComponent("d.log").path, contents: Data(bytes))
        return [
            JobsEndToEndTests.hostile, root.appendingPathComponent("d.log").path,
            root.appendingPathComponent("empty").path,
        ]
    }()

    /// A pipeline's outcome.
    struct Run {
        var merged: CLI.Result
        var partials: [String]
        var scratch: Scratch
    }

    /// Runs the pipeline for `command` over `inputs` with `buckets` buckets; each bucket's
    /// records reach its partial sorted as `sort` sorts them (not in input order), and merge gets
    /// the partials in reverse.
    static func pipeline(
        _ command: [String], inputs: [String], buckets: Int, shard: [String] = [], links: String? = nil
    ) throws -> Run {
        let scratch = try Scratch()
        let manifest = try GoldenTests.run(["dist", "manifest"] + inputs)
        #expect(manifest.status == 0, "manifest: \(manifest.stderr)")
        let records = try CLI.run(
            ["dist", "shard", "--buckets", String(buckets)] + shard + (links.map { ["--links", $0] } ?? []),
            input: Data(manifest.stdout.utf8),
            directory: CLI.root)
        #expect(records.status == 0, "shard: \(records.stderr)")
        var byBucket: [Int: [Substring]] = [:]
        for line in records.stdout.split(separator: "\n") {
            guard let bucket = line.split(separator: "\t", maxSplits: 1).first.flatMap({ Int($0) }) else {
                Issue.record("not a record: \(line.prefix(80))")
                continue
            }
            byBucket[bucket, default: []].append(line)
        }
        #expect(byBucket.keys.allSatisfy { (0..<buckets).contains($0) })
        var partials: [String] = []
        for (bucket, lines) in byBucket.sorted(by: { $0.key < $1.key }) {
            let input = Data((lines.sorted().joined(separator: "\n") + "\n").utf8)
            let partial = try CLI.run(
                ["dist", "partial"] + (links.map { ["--links", $0] } ?? []) + command, input: input, directory: CLI.root
            )
            #expect(partial.status == 0, "partial \(bucket): \(partial.stderr)")
            let path = scratch.path("partial-\(bucket)")
            try Data(partial.stdout.utf8).write(to: URL(fileURLWithPath: path))
            partials.append(path)
        }
        let merged = try GoldenTests.run(
            ["dist", "merge"] + (links.map { ["--links", $0] } ?? []) + command + partials.reversed())
        return Run(merged: merged, partials: partials, scratch: scratch)
    }

    /// The commands `atk dist` runs, as their first words.
    static let switchedOn: [[String]] = [
        ["stats"], ["validate"], ["funnel"], ["impressions"], ["elements", "verify"], ["elements", "top"],
        ["elements", "match"], ["elements", "drift"], ["paths", "verify"], ["paths", "attribution"], ["sessions"],
        ["retention"], ["identities"],
    ]

    /// Every golden case of a command switched on (in each of its formats), and selections.
    static let commands: [[String]] =
        GoldenTests.perInput("INPUT").map { Array($0.arguments.dropLast()) }.filter { arguments in
            switchedOn.contains { arguments.starts(with: $0) } && !arguments.contains("{out}")
        } + [
            ["stats", "--max-examples", "3", "--format", "json"],
            ["stats", "--where", "$os=iOS", "--since", "2026-09-02"],
            ["sessions", "--where", "$os=Android", "--until", "2026-09-03T12:00", "--format", "json"],
        ]

    /// The commands grouped by everything but `--format`: the partials of a group are the same
    /// bytes whatever the format (the options hash leaves it out), so each group's pipeline runs
    /// once and merges once per format.
    static let groups: [(command: [String], formats: [[String]])] = {
        var groups: [(command: [String], formats: [[String]])] = []
        for command in commands {
            var base = command
            var format: [String] = []
            if let index = base.firstIndex(of: "--format") {
                format = Array(base[index...(index + 1)])
                base.removeSubrange(index...(index + 1))
            }
            if let existing = groups.firstIndex(where: { $0.command == base }) {
                groups[existing].formats.append(format)
            } else {
                groups.append((base, [format]))
            }
        }
        return groups
    }()

    static let cases: [(group: Int, inputs: [String], buckets: Int)] =
        groups.indices.flatMap { group in
            [1, 2, 7].flatMap { buckets in
                [(group, [GoldenTests.sample], buckets), (group, hostile, buckets)]
            }
        }

    @Test("the pipeline prints the single command's bytes and exit code, in every format", arguments: 0..<cases.count)
    func equalsSingle(_ index: Int) throws {
        let (group, inputs, buckets) = Self.cases[index]
        let (command, formats) = Self.groups[group]
        #expect(Self.groups.count >= Self.switchedOn.count)
        if try GoldenTests.run(command + formats[0] + inputs).status == 2 {
            // A usage error: partial and merge refuse the same arguments before reading anything.
            #expect(try CLI.run(["dist", "partial"] + command, directory: CLI.root).status == 2)
            #expect(try GoldenTests.run(["dist", "merge"] + command + [GoldenTests.sample]).status == 2)
            return
        }
        // The shard buckets by the key the command routes by.
        let by = command.firstIndex(of: "--by").map { ["--by", command[$0 + 1]] } ?? []
        let run = try Self.pipeline(command, inputs: inputs, buckets: buckets, shard: by)
        for format in formats {
            let single = try GoldenTests.run(command + format + inputs)
            let merged =
                format.isEmpty ? run.merged : try GoldenTests.run(["dist", "merge"] + command + format + run.partials)
            #expect(merged.stdout == single.stdout, "\(command) \(format) \(inputs) \(buckets) buckets")
            #expect(merged.status == single.status, "\(merged.stderr)")
            if inputs == Self.hostile { #expect(single.status == 3) }
        }
    }

    @Test("--identity stitched: links from an identities pass, shards by person, the single command's bytes")
    func stitched() throws {
        let inputs = [GoldenTests.journeys, GoldenTests.sample]
        let commands: [[String]] = [
            ["sessions", "--identity", "stitched", "--breakdown", "$app_version"],
            [
                "retention", "--identity", "stitched", "--start", "$AppViewScreen", "--return", "$AppViewScreen",
                "--periods", "1", "--format", "json",
            ],
            ["funnel", "--identity", "stitched", "--steps", "$AppStart,$AppViewScreen", "--format", "json"],
            ["impressions", "--identity", "stitched"],
        ]
        for buckets in [1, 3] {
            let identities = try Self.pipeline(["identities"], inputs: inputs, buckets: buckets)
            let links = identities.scratch.path("links")
            let merged = try GoldenTests.run(["dist", "merge", "--partial", "identities"] + identities.partials)
            #expect(merged.status == 0, "\(merged.stderr)")
            try Data(merged.stdout.utf8).write(to: URL(fileURLWithPath: links))
            for command in commands {
                let single = try GoldenTests.run(command + inputs)
                let run = try Self.pipeline(command, inputs: inputs, buckets: buckets, links: links)
                #expect(run.merged.stdout == single.stdout, "\(command) \(buckets) buckets")
                #expect(run.merged.status == single.status, "\(run.merged.stderr)")
            }
            let missing = try GoldenTests.run(["dist", "merge"] + commands[0] + identities.partials)
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("--links"))
        }
    }

    @Test("atk report: the pipeline prints the same lines and writes the same files", arguments: [1, 2, 7])
    func report(_ buckets: Int) throws {
        for inputs in [[GoldenTests.sample], Self.hostile] {
            let scratch = try Scratch()
            let command = ["report", "--config", "Samples/atk-report.yaml", "-o", scratch.path("out")]
            let single = try GoldenTests.run(command + inputs)
            let names = ["report.html", "report.json", "junit.xml"]
            let written = try names.map { try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/" + $0))) }
            try FileManager.default.removeItem(atPath: scratch.path("out"))
            let run = try Self.pipeline(command, inputs: inputs, buckets: buckets)
            #expect(run.merged.stdout == single.stdout, "\(inputs) \(buckets) buckets")
            #expect(run.merged.status == single.status, "\(run.merged.stderr)")
            for (name, data) in zip(names, written) {
                #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/" + name))) == data, "\(name)")
            }
        }
    }

    @Test("a command --max-line-bytes under the shard's, and a shard that skips long lines itself, both match")
    func lineLimits() throws {
        let command = ["stats", "--max-line-bytes", "4K", "--format", "json"]
        let single = try GoldenTests.run(command + Self.hostile)
        #expect(single.stdout.contains("line too long"))
        for shard in [[], ["--max-line-bytes", "4K"]] {
            let run = try Self.pipeline(command, inputs: Self.hostile, buckets: 3, shard: shard)
            #expect(run.merged.stdout == single.stdout, "shard \(shard)")
            #expect(run.merged.status == single.status)
        }
    }

    @Test("permuted partials and a tree merge (merge --partial of halves, then merge) give the same bytes")
    func treeMerge() throws {
        let command = ["stats", "--format", "json"]
        let single = try GoldenTests.run(command + Self.hostile)
        let run = try Self.pipeline(command, inputs: Self.hostile, buckets: 7)
        #expect(run.partials.count == 7)
        let halves = [Array(run.partials[..<3]), Array(run.partials[3...])]
        var merged: [String] = []
        for (index, half) in halves.enumerated() {
            let result = try GoldenTests.run(["dist", "merge", "--partial"] + command + half.shuffled())
            #expect(result.status == 0, "\(result.stderr)")
            let path = run.scratch.path("half-\(index)")
            try Data(result.stdout.utf8).write(to: URL(fileURLWithPath: path))
            merged.append(path)
        }
        let tree = try GoldenTests.run(["dist", "merge"] + command + merged.reversed())
        #expect(tree.stdout == single.stdout)
        #expect(tree.status == single.status)
        let shuffled = try GoldenTests.run(["dist", "merge"] + command + run.partials.shuffled())
        #expect(shuffled.stdout == single.stdout)
    }

    @Test("a missing partial, a partial given twice, other options, another command or --identity stitched are refused")
    func refusals() throws {
        let run = try Self.pipeline(["stats"], inputs: Self.hostile, buckets: 3)
        let missing = try GoldenTests.run(["dist", "merge", "stats"] + run.partials.dropFirst())
        #expect(missing.status == 3)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.contains("a partial is missing"))
        let copy = run.scratch.path("copy")
        try FileManager.default.copyItem(atPath: run.partials[0], toPath: copy)
        let twice = try GoldenTests.run(["dist", "merge", "stats"] + run.partials + [copy])
        #expect(twice.status == 3)
        #expect(twice.stderr.contains("given twice"))
        let options = try GoldenTests.run(["dist", "merge", "stats", "--max-examples", "3"] + run.partials)
        #expect(options.status == 2)
        #expect(options.stderr.contains("other options"))
        let format = try GoldenTests.run(["dist", "merge", "stats", "--format", "json", "--quiet"] + run.partials)
        #expect(format.status == 3)
        #expect(format.stdout.hasPrefix("{"))
        let relative = try CLI.run(["dist", "partial", "stats", "--since", "-7d"], input: Data())
        #expect(relative.status == 2)
        let stitched = try CLI.run(["dist", "partial", "sessions", "--identity", "stitched"], input: Data())
        #expect(stitched.status == 2)
        #expect(stitched.stderr.contains("needs --links"))
        let text = try String(contentsOfFile: run.partials[0], encoding: .utf8)
        let other = run.scratch.path("other")
        try text.replacingOccurrences(of: "atk-partial 1 stats ", with: "atk-partial 1 sessions ")
            .write(toFile: other, atomically: true, encoding: .utf8)
        let command = try GoldenTests.run(["dist", "merge", "stats"] + run.partials.dropFirst() + [other])
        #expect(command.status == 2)
        #expect(command.stderr.contains("is of atk sessions"))
        let unknown = try CLI.run(["dist", "partial", "generate", "--users", "1"], input: Data())
        #expect(unknown.status == 2)
    }

    @Test("--manifest: a lost shard run of the last input exits 3 naming it; with every input, the same bytes")
    func manifestCheck() throws {
        let inputs = [GoldenTests.sample, GoldenTests.journeys]
        let scratch = try Scratch()
        let manifest = try GoldenTests.run(["dist", "manifest"] + inputs).stdout
        let path = scratch.path("manifest")
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: path))
        let lines = manifest.split(separator: "\n")
        #expect(lines.count == 2)
        // The shard run of the last manifest line is lost: the partials know input 0 only.
        let records = try CLI.run(
            ["dist", "shard", "--buckets", "1"], input: Data((lines[0] + "\n").utf8), directory: CLI.root)
        let partial = try CLI.run(["dist", "partial", "stats"], input: Data(records.stdout.utf8), directory: CLI.root)
        let lost = scratch.path("lost")
        try Data(partial.stdout.utf8).write(to: URL(fileURLWithPath: lost))
        #expect(try GoldenTests.run(["dist", "merge", "stats", lost]).status == 0)
        let checked = try GoldenTests.run(["dist", "merge", "--manifest", path, "stats", lost])
        #expect(checked.status == 3)
        #expect(checked.stdout.isEmpty)
        #expect(checked.stderr.contains("input 1, \(GoldenTests.journeys): no shard read it"), "\(checked.stderr)")
        let partialOnly = try GoldenTests.run(["dist", "merge", "--manifest", path, "--partial", "stats", lost])
        #expect(partialOnly.status == 3)
        // Every input read: --manifest changes no byte; another manifest is refused.
        let run = try Self.pipeline(["stats", "--format", "json"], inputs: inputs, buckets: 3)
        let whole = try GoldenTests.run(
            ["dist", "merge", "--manifest", path, "stats", "--format", "json"] + run.partials)
        #expect(whole.status == run.merged.status)
        #expect(whole.stdout == run.merged.stdout)
        #expect(whole.stdout == (try GoldenTests.run(["stats", "--format", "json"] + inputs)).stdout)
        let other = scratch.path("other")
        try Data(manifest.replacingOccurrences(of: "demo", with: "dem0").utf8).write(to: URL(fileURLWithPath: other))
        let mismatch = try GoldenTests.run(["dist", "merge", "--manifest", other, "stats"] + run.partials)
        #expect(mismatch.status == 2)
        #expect(mismatch.stderr.contains("another manifest"))
    }

    @Test("validate and report whose merge is not exact read the inputs again, as the single run; or exit 3")
    func inexactValidator() throws {
        // p is first a number (u1, bucket 1 of 2); u2 (bucket 0) sees only strings, more than
        // --max-examples 1 of them: its partial keeps one, so the merge cannot place the others.
        let scratch = try Scratch()
        func line(_ user: String, _ value: String, _ track: Int) -> String {
            #"{"type":"track","event":"Buy","distinct_id":"\#(user)","time":178820000\#(track)000,"#
                + #""_track_id":\#(track),"properties":{"p":\#(value)}}"#
        }
        let lines =
            [line("u1", "0", 0)] + (1...3).map { line("u2", "\"s\($0)\"", 10 + $0) }
            + (1...3).map { line("u1", String($0), $0) }
        let dump = scratch.path("conflict.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: dump))
        let validate = ["validate", "--max-examples", "1"]
        let single = try GoldenTests.run(validate + [dump])
        #expect(single.stdout.contains("property.type_conflict  3"))
        let run = try Self.pipeline(validate, inputs: [dump], buckets: 2)
        #expect(run.partials.count == 2)
        #expect(run.merged.stdout == single.stdout, "\(run.merged.stderr)")
        #expect(run.merged.status == single.status)
        #expect(run.merged.stderr == single.stderr)
        let json = try GoldenTests.run(["dist", "merge"] + validate + ["--format", "json"] + run.partials)
        #expect(json.stdout == (try GoldenTests.run(validate + ["--format", "json", dump])).stdout)

        let config = scratch.path("report.yaml")
        try Data("title: t\nvalidate: {max_examples: 1}\n".utf8).write(to: URL(fileURLWithPath: config))
        let report = ["report", "--config", config, "-o", scratch.path("out")]
        let singleReport = try GoldenTests.run(report + [dump])
        let written = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/report.json")))
        try FileManager.default.removeItem(atPath: scratch.path("out"))
        let reportRun = try Self.pipeline(report, inputs: [dump], buckets: 2)
        #expect(reportRun.merged.stdout == singleReport.stdout, "\(reportRun.merged.stderr)")
        #expect(reportRun.merged.status == singleReport.status)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/report.json"))) == written)

        // The input cannot be opened where merge runs: the refusal, nothing printed.
        try FileManager.default.moveItem(atPath: dump, toPath: dump + ".away")
        let away = try GoldenTests.run(["dist", "merge"] + validate + run.partials)
        #expect(away.status == 3)
        #expect(away.stdout.isEmpty)
        #expect(away.stderr.contains("cannot be read again here"), "\(away.stderr)")
        let awayReport = try GoldenTests.run(["dist", "merge"] + report + reportRun.partials)
        #expect(awayReport.status == 3)
        #expect(awayReport.stderr.contains("cannot be read again here"))
        // Changed since the shards read it: refused too.
        try Data((lines.dropLast().joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: dump))
        let changed = try GoldenTests.run(["dist", "merge"] + validate + run.partials)
        #expect(changed.status == 3)
        #expect(changed.stderr.contains("it changed"), "\(changed.stderr)")
    }

    @Test("every dist subcommand has help that teaches, ARGS or not")
    func help() throws {
        for subcommand in ["manifest", "shard", "partial", "merge"] {
            let help = try CLI.run(["dist", subcommand, "--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("Examples:"), "\(subcommand)")
            #expect(help.stdout.contains("Exit codes:"), "\(subcommand)")
        }
        #expect(try CLI.run(["dist", "--help"]).stdout.contains("elements verify"))
    }
}
