import Foundation
import Testing

/// Numbers at the ends of 64 bits, in data and in options: the binary never traps.
///
/// A trap is exit 132 with no report. Out-of-range data is a finding or is handled; an out-of-range option is
/// a usage error (exit 2) that names the valid range.
@Suite("Numbers out of range, end to end")
struct NumbersEndToEndTests {
    /// One `$AppExposure` of one element at `time`.
    private static func exposure(_ time: String) -> String {
        #"{"type":"track","event":"$AppExposure","distinct_id":"u","time":\#(time),"#
            + #""properties":{"$screen_name":"Home","$element_path":"UIView/UITableView[0]/Cell[0][-]","#
            + #""$element_position":"0:1","item_id":"P1"}}"#
    }

    /// The lines written to a file, and its path.
    private static func dump(_ lines: [String], in scratch: Scratch) throws -> String {
        let path = scratch.path("dump.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("validate: an event_duration of 1e16 s is lifecycle.duration_out_of_range, in text and JSON")
    func durationOutOfRange() throws {
        let scratch = try Scratch()
        let path = try Self.dump(
            [
                #"{"type":"track","event":"$AppEnd","distinct_id":"u","time":1788248827115,"properties":{"event_duration":1e16}}"#
            ], in: scratch)
        let text = try CLI.run(["validate", "--now", "2026-09-08", path])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("lifecycle.duration_out_of_range") && text.stdout.hasSuffix("passed\n"))
        let json = try CLI.run(["validate", "--format", "json", "--fail-on", "warning", "--now", "2026-09-08", path])
        #expect(json.status == 1)
        #expect(json.json[array: "rules"].contains { $0["id"] as? String == "lifecycle.duration_out_of_range" })
    }

    @Test("validate: a _flush_time of -2⁶³ is time.flush_out_of_range")
    func flushOutOfRange() throws {
        let scratch = try Scratch()
        let path = try Self.dump(
            [
                #"{"type":"track","event":"E","distinct_id":"u","time":1788248827115,"properties":{},"_flush_time":-9223372036854775808}"#
            ], in: scratch)
        let result = try CLI.run(["validate", "--now", "2026-09-08", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("time.flush_out_of_range"))
    }

    @Test(
        "impressions, stats, funnel: exposures at -2⁶³ and 2⁶³ - 1 ms are read and reported",
        arguments: [
            ["impressions"], ["impressions", "--policy", "window", "--window", "1s"],
            ["impressions", "--policy", "buffer", "--batch-gap", "9000000000000000000ms"], ["stats"],
            ["funnel", "--steps", "$AppExposure,$AppExposure", "--window", "9000000000000000000ms"],
            ["funnel", "--steps", "$AppExposure,$AppExposure", "--mode", "strict-increase", "--count", "conversions"],
        ])
    func extremeTimes(_ arguments: [String]) throws {
        let scratch = try Scratch()
        let path = try Self.dump(
            ["-9223372036854775808", "1788248827115", "9223372036854775807"].map(Self.exposure), in: scratch)
        let result = try CLI.run(arguments + [path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("3 events"), "\(result.stdout)")
    }

    @Test(
        "an option out of its range is a usage error naming the range",
        arguments: [
            (["validate", "--now=-9223372036854775808"], "0 to 253402300799999 ms"),
            (["validate", "--now", "253402300800000"], "0 to 253402300799999 ms"),
            (["validate", "--now", "2026-02-30"], "a real date and time"),
            (["validate", "--now", "2026-09-08T25:00:00Z"], "a real date and time"),
            (["validate", "--future-tolerance", "9223372036854775807ms"], "9000000000000000000ms"),
            (["validate", "--duration-tolerance", "15000000000000w"], "9000000000000000000ms"),
            (["validate", "--max-examples", "1000001"], "from 0 to 1,000,000, not 1000001"),
            (["validate", "--max-examples", "99999999999999999999"], "(0 to 1,000,000)"),
            (["stats", "--max-examples=-1"], "from 0 to 1,000,000, not -1"),
            (["funnel", "--steps", "A,B", "--window", "106751991167d"], "9000000000000000000ms"),
            (["funnel", "--steps", "A,B", "--max-examples=-5"], "from 0 to 1,000,000"),
            (["funnel", "--steps", "A", "--breakdown", "x", "--breakdown-limit", "2000000"], "from 1 to 1,000,000"),
            (["funnel", "--path", "--top", "0"], "from 1 to 1,000,000"),
            (["impressions", "--policy", "window", "--window", "99999999999999999999ms"], "9000000000000000000ms"),
            (["impressions", "--policy", "buffer", "--batch-gap", "106751991167d"], "9000000000000000000ms"),
            (["impressions", "--max-examples", "1000001"], "from 0 to 1,000,000"),
            (["elements", "top", "--top=-1"], "from 0 to 1,000,000"),
            (["elements", "verify", "--top-pairs", "1000001"], "from 0 to 1,000,000"),
            (["elements", "verify", "--max-examples=-1"], "from 0 to 1,000,000"),
            (["plan", "infer", "--max-enum=-1"], "from 0 to 1,000,000"),
        ] as [([String], String)])
    func optionRange(_ arguments: [String], _ message: String) throws {
        let scratch = try Scratch()
        let path = try Self.dump([Self.exposure("1788248827115")], in: scratch)
        let result = try CLI.run(arguments + [path])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test(
        "generate: users, days and start out of range are usage errors naming the range",
        arguments: [
            (["--start", "9223372036854775807"], "0 to 253402300799999 ms"),
            (["--start=-1"], "0 to 253402300799999 ms"),
            (["--users=-1"], "from 0 to 1,000,000"),
            (["--users", "1000001"], "from 0 to 1,000,000"),
            (["--days", "0"], "from 1 to 36,500"),
            (["--days", "9223372036854775807"], "from 1 to 36,500"),
        ] as [([String], String)])
    func generateRange(_ arguments: [String], _ message: String) throws {
        let result = try CLI.run(["generate"] + arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("generate at the last valid start and day count writes a dump")
    func generateAtTheEnd() throws {
        let result = try CLI.run(["generate", "--users", "2", "--start", "253402300799999", "--days", "36500"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count > 10)
    }
}
