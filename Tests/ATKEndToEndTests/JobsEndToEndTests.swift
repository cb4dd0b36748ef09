import Foundation
import Testing

/// Every command and format gives the same bytes for `--jobs 1, 2, 3, 7`: on `Samples/`, on the
/// generated golden dump (both also equal to their goldens), and on a directory of hostile
/// inputs (several files, multi-member gzip, a damaged member, malformed and blank lines, CRLF).
struct JobsEndToEndTests {
    static let hostile = ".build/golden/hostile"

    /// Writes the hostile directory once from a generated dump (the same seed, the same bytes).
    static let preparedHostile: Void = {
        _ = GoldenTests.prepared
        let root = CLI.root.appendingPathComponent(hostile)
        try? FileManager.default.removeItem(at: root)
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let source = root.appendingPathComponent("source.txt").path
        let generated = try? GoldenTests.run([
            "generate", "--users", "120", "--seed", "16", "--faults", "0.05", "--days", "2", "-o", source,
        ])
        precondition(generated?.status == 0, "atk generate failed: \(generated?.stderr ?? "not run")")
        let text = (try? String(contentsOfFile: source, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: source)
        let lines = text.split(separator: "\n").map(String.init)
        let third = lines.count / 3
        func write(_ name: String, _ data: Data) {
            _ = FileManager.default.createFile(atPath: root.appendingPathComponent(name).path, contents: data)
        }
        func member(_ part: ArraySlice<String>) -> Data {
            let plain = root.appendingPathComponent("member.tmp")
            try? Data((part.joined(separator: "\n") + "\n").utf8).write(to: plain)
            defer { try? FileManager.default.removeItem(at: plain) }
            return (try? gzip(["-c", "-n", plain.path])) ?? Data()
        }
        // Two whole members, then a third cut short: read up to the damage, exit 3.
        let half = third / 2
        write("a.jsonl.gz", member(lines[0..<half]) + member(lines[half..<third]))
        let damaged = member(lines[third..<(third + 40)])
        write("b.jsonl.gz", member(lines[(third + 40)..<(2 * third)]) + damaged.prefix(damaged.count / 2))
        // Plain text with a BOM, CRLF line ends, blank lines and malformed lines among the events.
        var plain = "\u{FEFF}"
        for (index, line) in lines[(2 * third)...].enumerated() {
            plain += line + (index % 7 == 0 ? "\r\n" : "\n")
            if index % 97 == 0 { plain += "{\"type\":\"track\",\"event\":\"Broken\"\n\n  \n[1,2]\n" }
        }
        write("c.jsonl", Data(plain.utf8))
    }()

    static let cases: [GoldenTests.Case] =
        GoldenTests.perInput(GoldenTests.sample).map { .init(name: "sample-" + $0.name, arguments: $0.arguments) }
        + GoldenTests.perInput(GoldenTests.generated).map {
            .init(name: "generated-" + $0.name, arguments: $0.arguments)
        }
        + GoldenTests.perInput(hostile).map { .init(name: "hostile-" + $0.name, arguments: $0.arguments) }

    /// The case's arguments with `--jobs n` before the input (the last argument).
    static func arguments(_ testCase: GoldenTests.Case, jobs: Int) -> [String] {
        var arguments = testCase.arguments
        arguments.insert(contentsOf: ["--jobs", String(jobs)], at: arguments.count - 1)
        return arguments
    }

    @Test("--jobs 1, 2, 3 and 7 write the same bytes", arguments: cases)
    func sameBytes(_ testCase: GoldenTests.Case) throws {
        _ = Self.preparedHostile
        let one = try GoldenTests.record(Self.arguments(testCase, jobs: 1))
        let golden = GoldenTests.goldens.appendingPathComponent(testCase.name + ".txt")
        if let expected = try? String(contentsOf: golden, encoding: .utf8) {
            let header = "$ atk " + testCase.arguments.joined(separator: " ") + "\n"
            let withoutJobs = header + one.drop { $0 != "\n" }.dropFirst()
            #expect(
                withoutJobs == expected,
                "--jobs 1 against the golden at \(GoldenTests.firstDifference(withoutJobs, expected))")
        }
        for jobs in [2, 3, 7] {
            let record = try GoldenTests.record(Self.arguments(testCase, jobs: jobs))
                .replacingOccurrences(of: "--jobs \(jobs) ", with: "--jobs 1 ")
            #expect(record == one, "--jobs \(jobs) against --jobs 1 at \(GoldenTests.firstDifference(record, one))")
        }
    }
}
