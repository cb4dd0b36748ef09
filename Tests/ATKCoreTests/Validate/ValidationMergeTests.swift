import Foundation
import Testing

@testable import ATKCore

@Suite("validate merges exactly")
struct ValidationMergeTests {
    /// Everything a report prints of a run, as text.
    static func report(_ validator: DumpValidator) -> String {
        var validator = validator
        let exact = validator.mergedExactly
        let result = validator.finish(reading: [])
        let findings = result.findings
        var out = "exact \(exact), \(result.events) events, lines with errors \(findings.errorLines), "
        out += "with warnings \(findings.warningLines)\n"
        for rule in findings.registry.rules.indices where findings.counts[rule] > 0 {
            out += "\(findings.registry[rule].id) \(findings.counts[rule]) \(findings.breakdown(of: rule))\n"
            for example in findings.examples[rule] {
                out += "  \(example.location.fileIndex):\(example.location.line) \(example.event ?? "-") "
                out += "\(example.value ?? "-") \(example.message) \(example.details.map { "\($0)=\($1)" })\n"
            }
        }
        out += "breakdown \(zip(findings.breakdownValues, findings.breakdownLines).map { "\($0)=\($1)" })\n"
        if let plan = result.plan { out += "plan \(plan.tallies) unplanned \(plan.unplanned)\n" }
        return out
    }

    /// A track line of user `user`; `properties` is the inside of the properties object.
    static func line(
        _ user: String, _ event: String, _ time: Int64, track: Int, _ properties: String = ""
    ) -> String {
        eventLine(
            quoted(event), time: String(time), distinctId: quoted(user), trackId: String(track),
            properties: "{" + properties + "}")
    }

    static let t0: Int64 = 1_788_200_000_000
    static let start = #""$is_first_time":false,"$resume_from_background":false"#

    /// Every per-user and dump-wide structure: sessions (late events, orphans, crashes), duplicates
    /// (a `_track_id` reused by another user is none), type conflicts (a first type in the
    /// minority, two conflicts on one line, an escaped key), breakdown values (one written with
    /// an escape), malformed lines, events without a user, and more findings than examples.
    static let lines: [String] = [
        line("u1", "$AppStart", t0, track: 1, start + #","$os":"iOS","q":"s","a":1"#),
        line("u2", "$AppStart", t0 + 10, track: 1, start + #","$os":"Android","q":1,"b":1"#),
        line("u3", "$AppEnd", t0 + 20, track: 2, #""event_duration":3,"$os":"\u0041ndroid","q":"s""#),
        "not json {",
        line("u1", "$AppEnd", t0 + 60_000, track: 3, #""event_duration":10,"price":1,"q":"s""#),
        line("u4", "Buy", t0 + 30, track: 4, #""price":"2","q":2,"$os":"iOS""#),
        line("u1", "Buy", t0 + 70_000, track: 5, #""price":3,"q":3"#),
        line("u1", "Buy", t0 + 70_000, track: 5, #""price":3,"q":3"#),
        line("u5", "$AppStart", t0 + 100, track: 6, start + #","$os":"Windows""#),
        line("u5", "$AppStart", t0 + 50, track: 7, start + #","q":"t""#),
        line("u2", "Buy", t0 + 80_000, track: 3, #""b":"x","a":"y","q":4"#),
        line("u3", "Buy", t0 + 90_000, track: 8, #""\u0070rice":"7","q":5,"$os":"iOS""#),
        line("u5", "$AppEnd", t0 + 40, track: 9, #""event_duration":1,"q":"t""#),
        eventLine(nil, properties: #"{"q":6}"#),
        line("u4", "$AppCrashed", t0 + 200, track: 10, #""q":7,"price":4"#),
        line("u4", "$AppStart", t0 + 300, track: 11, start + #","$os":"Android""#),
        "{\"broken\":",
        line("u2", "$AppViewScreen", t0 + 400, track: 12, #""q":8,"price":5,"a":2,"b":2"#),
        line("u3", "Buy", 1_999_999_999_999, track: 13, #""q":"s","price":6"#),
        line("u6", "Buy", 1_700_000_000, track: 14, #""q":9,"price":7"#),
        line("u6", "$AppStartPassively", t0 + 500, track: 15, #""q":"s""#),
        line("u6", "$AppViewScreen", t0 + 600, track: 16, #""$screen_name":"Home""#),
    ]

    static func validator(breakdown: String? = "$os", maxExamples: Int = 2, plan: PlanChecker? = nil) -> DumpValidator {
        var options = ValidationOptions(now: testNow)
        options.maxExamples = maxExamples
        options.breakdownProperty = breakdown
        return DumpValidator(ValidationRequest(options: options, plan: plan))
    }

    @Test("hand-made lines, with a breakdown, split over 1, 2, 3 and 7 partials")
    func handMade() {
        expectMergesExactly(lines: Self.lines, prototype: Self.validator(), Self.report)
        expectMergesExactly(lines: Self.lines, prototype: Self.validator(breakdown: nil, maxExamples: 20), Self.report)
        expectMergesExactly(lines: Self.lines, prototype: Self.validator(maxExamples: 1), Self.report)
        // The same lines over two inputs.
        let half = Self.lines.count / 2
        let inputs = [Self.lines[..<half], Self.lines[half...]].map { Array(($0.joined(separator: "\n") + "\n").utf8) }
        expectMergesExactly(inputs, prototype: Self.validator(), Self.report)
    }

    @Test("generated dumps over several inputs, with a plan and a breakdown")
    func generated() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let plan = try PlanChecker(path: root.appendingPathComponent("Samples/plan.json").path)
        let inputs = try generatedInputs(files: 3)
        expectMergesExactly(inputs, prototype: Self.validator(maxExamples: 3, plan: plan), Self.report)
        expectMergesExactly(inputs, prototype: Self.validator(breakdown: nil, maxExamples: 1), Self.report)
    }

    static func samplePlan() throws -> PlanChecker {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return try PlanChecker(path: root.appendingPathComponent("Samples/plan.json").path)
    }

    @Test("partials written to bytes and read back merge exactly (atk dist)")
    func throughState() throws {
        try expectDistributesExactly(lines: Self.lines, prototype: Self.validator(), Self.report)
        try expectDistributesExactly(
            lines: Self.lines, prototype: Self.validator(breakdown: nil, maxExamples: 20), Self.report)
        try expectDistributesExactly(lines: Self.lines, prototype: Self.validator(maxExamples: 1), Self.report)
        let half = Self.lines.count / 2
        let halves = [Self.lines[..<half], Self.lines[half...]].map { Array(($0.joined(separator: "\n") + "\n").utf8) }
        try expectDistributesExactly(halves, prototype: Self.validator(), Self.report)
        let inputs = try generatedInputs(files: 3)
        try expectDistributesExactly(
            inputs, prototype: Self.validator(maxExamples: 3, plan: try Self.samplePlan()), Self.report)
        try expectDistributesExactly(inputs, prototype: Self.validator(breakdown: nil, maxExamples: 1), Self.report)
    }

    @Test("a damaged state is refused, never trapped on")
    func damagedState() throws {
        let prototype = Self.validator(plan: try Self.samplePlan())
        let merged = LineFeed.feed([Self.text(Self.lines)], partitions: 3, prototype: prototype)
        try expectDamagedStatesHandled(merged, Self.report)
        // A state with the plan's rules is another request's than one without a plan.
        var writer = StateWriter()
        merged.encodeState(to: &writer)
        var reader = StateReader(writer.bytes)
        var planless = Self.validator()
        #expect(throws: StateReader.Failure.self) { try planless.decodeState(from: &reader) }
    }

    static func text(_ lines: [String]) -> [UInt8] { Array((lines.joined(separator: "\n") + "\n").utf8) }

    /// `lines` fed to `prototype` in one pass.
    static func serial(_ lines: [String], _ prototype: DumpValidator) -> DumpValidator {
        var validator = prototype.makePartial()
        _ = LineFeed.feed(text(lines), into: &validator)
        return validator
    }

    /// `lines` fed to two partials of `prototype`, the lines of `users` to the second, merged
    /// into the second.
    static func split(_ lines: [String], users: Set<String>, _ prototype: DumpValidator) -> DumpValidator {
        SplitByUser.merged(lines, users: users, prototype)
    }

    @Test("of two minority properties on one line, the one that appeared first in the dump is reported")
    func firstAppearance() {
        // u2's partial meets `b` (line 2) before `a` (line 11); the dump meets `a` first (line 1).
        let prototype = Self.validator(breakdown: nil, maxExamples: 20)
        let merged = Self.report(Self.split(Self.lines, users: ["u2"], prototype))
        #expect(merged == Self.report(Self.serial(Self.lines, prototype)))
        #expect(merged.contains("0:11 Buy y a is a string here"))
    }

    @Test("a merged validator still knows every duplicate key and every user's session")
    func visitAfterMerge() {
        let prototype = Self.validator(breakdown: nil, maxExamples: 20)
        let more = [
            Self.line("u1", "Buy", Self.t0 + 70_000, track: 5, #""price":3,"q":3"#),
            Self.line("u1", "$AppEnd", Self.t0 + 100_000, track: 20, #""event_duration":100"#),
        ]
        // u1's partial is merged into u2's.
        var merged = Self.split(Self.lines, users: ["u2"], prototype)
        _ = LineFeed.feed(Self.text(more), fileIndex: 1, into: &merged)
        var serial = Self.serial(Self.lines, prototype)
        _ = LineFeed.feed(Self.text(more), fileIndex: 1, into: &serial)
        #expect(Self.report(merged) == Self.report(serial))
        #expect(Self.report(merged).contains("1:1 Buy 5 same _track_id"))
        #expect(Self.report(merged).contains("(the last one was closed by the $AppEnd at input 1 line 5"))
    }

    @Test("a partial's first type that ends up in the minority with more lines than it kept: not exact")
    func lostLines() {
        // `p` is first a number (u1, line 1); u2's partial sees strings first and keeps only its first ones.
        let numbers = (0..<4).map { Self.line("u1", "Buy", Self.t0, track: $0, "\"p\":\($0)") }
        let strings = (0..<3).map { Self.line("u2", "Buy", Self.t0, track: 10 + $0, "\"p\":\"\($0)\"") }
        func serial(_ lines: [String], keep: Int) -> DumpValidator {
            Self.serial(lines, Self.validator(breakdown: nil, maxExamples: keep))
        }
        func split(_ lines: [String], keep: Int) -> DumpValidator {
            Self.split(lines, users: ["u2"], Self.validator(breakdown: nil, maxExamples: keep))
        }
        let mixed = [numbers[0]] + strings + numbers.dropFirst()
        #expect(serial(mixed, keep: 1).mergedExactly)
        #expect(!split(mixed, keep: 1).mergedExactly)
        // Every string kept; one string only; strings in the majority: nothing the report needs was lost.
        for (lines, keep) in [
            (mixed, 3), ([numbers[0], strings[0]] + numbers.dropFirst(), 1), (Array(mixed.prefix(4)), 1),
        ] {
            #expect(split(lines, keep: keep).mergedExactly)
            #expect(Self.report(split(lines, keep: keep)) == Self.report(serial(lines, keep: keep)))
        }
    }
}
