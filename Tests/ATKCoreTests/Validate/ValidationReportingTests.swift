import Foundation
import Testing

@testable import ATKCore

@Suite("Findings: rule selection, bad rows, breakdowns, the registry")
struct ValidationReportingTests {
    @Test("bad rows get every line with an error, its error rule ids and its exact bytes; warnings only stay out")
    func badRows() throws {
        let sink = RecordingBadRows()
        let lines = [
            eventLine(), "<html>502</html>", eventLine(distinctId: nil, properties: "{\"a b\":1}"),
            eventLine(time: "1788220000"), eventLine(type: "\"trak\""),
        ]
        _ = try validate(lines, badRows: sink)
        #expect(sink.rows.map(\.line) == [2, 3, 5])
        #expect(
            sink.rows.map(\.rules) == [
                ["json.malformed"], ["envelope.distinct_id", "property.name"], ["envelope.type"],
            ])
        #expect(sink.rows.map { String(decoding: $0.raw, as: UTF8.self) } == [lines[1], lines[2], lines[4]])
    }

    @Test("--rule and --skip-rule: rules left out are neither counted nor bad rows")
    func selection() throws {
        let sink = RecordingBadRows()
        let lines = [eventLine(distinctId: nil, properties: "{\"a b\":1}"), eventLine(type: "\"trak\"")]
        let run = try validate(lines, configure: { $0.rules = ["property.name", "time.seconds"] }, badRows: sink)
        #expect(Set(run.lines.keys) == ["property.name"])
        #expect(sink.rows.map(\.rules) == [["property.name"]])
        #expect(run.findings.errorLines == 1)
    }

    @Test("a breakdown counts each rule's findings per value of the property (properties, then lib)")
    func breakdown() throws {
        let run = try validate([
            eventLine(distinctId: nil, properties: "{\"$app_version\":\"2.3.0\"}"),
            eventLine(distinctId: nil, properties: "{\"$app_version\":\"2.4.0\"}"),
            eventLine(distinctId: nil, properties: "{\"$app_version\":\"2.4.0\"}"),
            "{\"time\":1788220000000,\"type\":\"track\",\"event\":\"E\",\"lib\":{\"$app_version\":\"2.2.0\"},\"properties\":{}}",
            eventLine(distinctId: nil, properties: "{}"),
            eventLine(properties: "{\"$app_version\":2}"),
        ]) { $0.breakdownProperty = "$app_version" }
        let rows = run.findings.breakdown(of: BuiltInRule.envelopeDistinctId.index)
        #expect(rows.map(\.value) == ["2.4.0", "(none)", "2.2.0", "2.3.0"])
        #expect(rows.map(\.count) == [2, 1, 1, 1])
        let values = run.findings.breakdownValues
        #expect(values.contains("2"))
        #expect(run.findings.breakdownLines.reduce(0, +) == 6)
    }

    @Test("the registry: built-in rules at their indices, new rules after them, re-registering keeps the index")
    func registry() {
        var registry = RuleRegistry()
        #expect(registry.count == BuiltInRule.allCases.count)
        for rule in BuiltInRule.allCases { #expect(registry.index(of: rule.rule.id) == rule.index) }
        let index = registry.register(
            ValidationRule(id: "plan.unplanned_event", severity: .warning, summary: "not in the plan"))
        #expect(index == BuiltInRule.allCases.count)
        #expect(
            registry.register(ValidationRule(id: "plan.unplanned_event", severity: .error, summary: "strict")) == index)
        #expect(registry[index].severity == .error)
        #expect(Set(registry.rules.map(\.id)).count == registry.count)
    }

    @Test("the plan reports on the open line, with details; its errors reach the bad rows, its tallies the result")
    func planCheck() throws {
        let directory = try TemporaryDirectory()
        let plan = try directory.write(
            "plan.json", #"{"events": {"AddToCart": {"type": "object", "required": ["sku"]}}}"#)
        let checker = try PlanChecker(path: plan)
        let sink = RecordingBadRows()
        let run = try validate(
            [eventLine("\"AddToCart\"", properties: "{\"sku\":\"A\"}"), eventLine("\"AddToCart\""), eventLine()],
            badRows: sink, request: { $0.plan = checker })
        let required = try #require(run.findings.registry.index(of: "plan.required"))
        #expect(run.findings.counts[required] == 1)
        #expect(run.findings.examples[required].first?.location.line == 2)
        #expect(run.findings.examples[required].first?.details.map(\.0) == ["instance_path", "schema_path"])
        #expect(run.lines("plan.unplanned_event") == [3])
        #expect(sink.rows.map(\.rules) == [["plan.required"]])
        #expect(run.result.plan?.tallies.map(\.event) == ["AddToCart"])
        #expect(run.result.plan?.tallies.first?.tally == PlanChecker.EventTally(checked: 2, violating: 1))
        #expect(run.result.plan?.unplanned.map(\.event) == ["ProductView"])
    }

    @Test("the bad-rows file: JSON lines whose raw is the exact line; raw_base64 when it is not UTF-8")
    func writer() throws {
        let directory = try TemporaryDirectory()
        for name in ["bad.jsonl", "bad.jsonl.gz"] {
            let path = directory.path(name)
            let writer = try BadRowWriter(path: path, fileNames: ["in.jsonl"])
            let text: [UInt8] = Array("{\"a\":\"tab\\t \"quote\" 长\"".utf8)
            let cut: [UInt8] = Array("{\"s\":\"长".utf8).dropLast()
            try text.withUnsafeBytes {
                try writer.write(location: LineLocation(fileIndex: 0, line: 3), rules: ["json.malformed"], raw: $0)
            }
            try cut.withUnsafeBytes {
                try writer.write(location: LineLocation(fileIndex: 0, line: 9), rules: ["json.malformed"], raw: $0)
            }
            try writer.close()
            var data = try Data(contentsOf: URL(fileURLWithPath: path))
            if name.hasSuffix(".gz") {
                #expect(data.prefix(2) == Data([0x1F, 0x8B]))
                var visitor = RecordingVisitor()
                _ = DumpReader(sources: [.file(path)]).read(into: &visitor)
                #expect(visitor.events.count == 2)
                continue
            }
            let rows = String(decoding: data, as: UTF8.self).split(separator: "\n").map {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:]
            }
            #expect(rows.count == 2)
            #expect(rows[0]["file"] as? String == "in.jsonl" && rows[0]["line"] as? Int == 3)
            #expect(rows[0]["errors"] as? [String] == ["json.malformed"])
            #expect(Array(((rows[0]["raw"] as? String) ?? "").utf8) == text)
            #expect(rows[0]["raw_base64"] == nil)
            #expect(Data(base64Encoded: rows[1]["raw_base64"] as? String ?? "").map(Array.init) == cut)
            data.removeAll()
        }
    }
}
