import ATKSchema
import Foundation
import Testing

@testable import ATKCore
@testable import ATKGenerate

/// Runs a plan checker over a dump, collecting violations.
struct PlanRun: DumpVisitor {
    var checker: PlanChecker
    var byRule: [String: [Int]] = [:]
    var examples: [PlanChecker.Violation] = []

    mutating func visit(_ event: Event) {
        let line = event.location.line
        var rules: Set<String> = []
        var seen: [PlanChecker.Violation] = []
        checker.check(event) { violation in
            rules.insert(violation.rule.rawValue)
            seen.append(violation)
        }
        for rule in rules { byRule[rule, default: []].append(line) }
        examples += seen.prefix(3)
    }

    mutating func visitMalformed(_ line: MalformedLine) {}
}

/// Checks every event twice, by its property key ids and by full validation, and records
/// where the two disagree.
struct KeyedPlanComparison: DumpVisitor {
    var keyed: PlanChecker
    var full: PlanChecker
    var keys = Interner(capacity: 64)
    var violatingEvents = 0
    var disagreements: [Int] = []

    mutating func visit(_ event: Event) {
        var ids: [Int32] = []
        if let properties = event.properties, properties.kind == .object {
            properties.forEachMember { key, _ in
                ids.append(key.withUTF8 { keys.intern($0) })
                return true
            }
        }
        var byKeys: [PlanChecker.Violation] = [], byFull: [PlanChecker.Violation] = []
        let checkedByKeys = ids.withUnsafeBufferPointer { keyed.check(event, propertyKeyIds: $0, into: &byKeys) }
        let checkedInFull = full.check(event, into: &byFull)
        if byKeys != byFull || checkedByKeys != checkedInFull { disagreements.append(event.location.line) }
        if !byFull.isEmpty { violatingEvents += 1 }
    }

    mutating func visitMalformed(_ line: MalformedLine) {}
}

@Suite("Tracking plans on events")
struct PlanTests {
    @Test("checking by property key ids finds exactly what full validation finds")
    func keyedEqualsFull() throws {
        let directory = try TemporaryDirectory()
        var options = GeneratorOptions()
        options.users = 150
        options.seed = 11
        options.faultRate = 0.05
        let dump = directory.path("dump.jsonl")
        _ = try DumpGenerator(options: options).generate(to: DumpWriter(path: dump, gzip: false))
        // An inferred plan (every property typed, enums, required at 0.99) and the sample plan.
        var inferrer = PlanInferrer(requiredShare: 0.99)
        _ = DumpReader(sources: [.file(dump)]).read(into: &inferrer)
        let inferred = try directory.write("inferred.json", inferrer.plan().serialized(indent: 2))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        for plan in [inferred, root.appendingPathComponent("Samples/plan.json").path] {
            var comparison = KeyedPlanComparison(keyed: try PlanChecker(path: plan), full: try PlanChecker(path: plan))
            _ = DumpReader(sources: [.file(dump)]).read(into: &comparison)
            #expect(comparison.disagreements.isEmpty, "\(plan): lines \(comparison.disagreements.prefix(5))")
            #expect(comparison.violatingEvents > 0)
            #expect(comparison.keyed.tallies.map(\.tally) == comparison.full.tallies.map(\.tally))
            // Both kinds of plan are within what is decided member by member, for every event.
            #expect(comparison.keyed.memberwiseEvents == comparison.keyed.tallies.map(\.event))
        }
    }

    @Test("values remembered as valid by their text never pass an equal-looking or invalid value")
    func rememberedValues() throws {
        // "a1" and "b1" share a memo slot (same length, same sampled bytes); 1 and "1" differ by
        // kind; the same text is valid for one property and not another; texts over 32 bytes
        // are not remembered.
        let plan = #"""
            {"events": {"E": {"properties": {"p": {"type": "string", "pattern": "^a"}, "q": {"const": "a1"},
                                              "n": {"type": "integer"}, "l": {"type": "string", "maxLength": 40}}}}}
            """#
        let long = String(repeating: "x", count: 40)
        let values = [
            #""p":"a1""#, #""p":"b1""#, #""p":"a1""#, #""q":"a1""#, #""q":"a2""#, #""p":"a2""#, #""q":"a2""#,
            #""n":1"#, #""n":"1""#, #""n":1.0"#, #""n":1.5"#, #""n":1"#,
            #""l":"\#(long)""#, #""l":"\#(long)x""#, #""l":"\#(long)""#,
        ]
        let lines = values.map { #"{"type":"track","event":"E","properties":{\#($0)}}"# }
        let directory = try TemporaryDirectory()
        let planPath = try directory.write("plan.json", plan)
        let dump = try directory.write("dump.jsonl", lines.joined(separator: "\n"))
        var comparison = KeyedPlanComparison(
            keyed: try PlanChecker(path: planPath), full: try PlanChecker(path: planPath))
        _ = DumpReader(sources: [.file(dump)]).read(into: &comparison)
        #expect(comparison.disagreements.isEmpty, "lines \(comparison.disagreements)")
        var run = try check(plan: plan, lines: lines)
        run.byRule = run.byRule.filter { !$0.value.isEmpty }
        #expect(run.byRule == ["plan.constraint": [2, 5, 7, 14], "plan.type": [9, 11]])
    }

    private func check(plan: String, lines: [String]) throws -> PlanRun {
        let directory = try TemporaryDirectory()
        let planPath = try directory.write("plan.json", plan)
        let dump = try directory.write("dump.jsonl", lines.joined(separator: "\n"))
        var run = PlanRun(checker: try PlanChecker(path: planPath))
        _ = DumpReader(sources: [.file(dump)]).read(into: &run)
        return run
    }

    @Test("required, type, enum, additional property and other keywords become plan.* rules with paths")
    func ruleMapping() throws {
        let plan = #"""
            {"$defs": {"sku": {"type": "string", "pattern": "^SKU-[0-9]{4}$"}},
             "events": {"Buy": {"type": "object", "required": ["sku", "price"], "additionalProperties": false,
                                "properties": {"sku": {"$ref": "#/$defs/sku"}, "price": {"type": "number"},
                                               "currency": {"enum": ["CNY", "USD"]}}}}}
            """#
        let run = try check(
            plan: plan,
            lines: [
                #"{"type":"track","event":"Buy","properties":{"sku":"SKU-0001","price":1.5,"currency":"CNY"}}"#,
                #"{"type":"track","event":"Buy","properties":{"sku":"SKU-1","price":"1.5","currency":"EUR","x":1}}"#,
                #"{"type":"track","event":"Buy","properties":{"price":2}}"#,
                #"{"type":"track","event":"Other","properties":{}}"#,
                #"{"type":"profile_set","properties":{"anything":1}}"#,
            ])
        #expect(run.byRule["plan.constraint"] == [2])
        #expect(run.byRule["plan.type"] == [2])
        #expect(run.byRule["plan.enum"] == [2])
        #expect(run.byRule["plan.additional_property"] == [2])
        #expect(run.byRule["plan.required"] == [3])
        #expect(run.byRule["plan.unplanned_event"] == [4])
        let pattern = run.examples.first { $0.rule == .constraint }
        #expect(pattern?.instancePath == "/properties/sku")
        #expect(pattern?.schemaPath == "#/$defs/sku/pattern")
        let type = run.examples.first { $0.rule == .type }
        #expect(type?.instancePath == "/properties/price")
        #expect(type?.schemaPath == "#/events/Buy/properties/price/type")
        #expect(run.checker.tallies.map(\.event) == ["Buy"])
        #expect(run.checker.tallies.first?.tally == PlanChecker.EventTally(checked: 3, violating: 2))
        #expect(run.checker.unplanned.map(\.event) == ["Other"])
    }

    @Test("properties that are missing or not an object are left to envelope.properties, not checked")
    func nonObjectProperties() throws {
        let plan = #"{"events": {"E": {"type": "object", "required": ["a"]}}}"#
        let run = try check(
            plan: plan,
            lines: [
                #"{"type":"track","event":"E","properties":{"a":1}}"#,
                #"{"type":"track","event":"E","properties":"oops"}"#,
                #"{"type":"track","event":"E","properties":[1,2]}"#,
                #"{"type":"track","event":"E","properties":null}"#,
                #"{"type":"track","event":"E"}"#,
                #"{"type":"track","event":"E","properties":{}}"#,
            ])
        #expect(run.byRule == ["plan.required": [6]])
        #expect(run.checker.tallies.first?.tally == PlanChecker.EventTally(checked: 2, violating: 1))
    }
    @Test("a plan with an unknown keyword is refused with its location")
    func unknownKeyword() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("plan.json", #"{"events": {"Buy": {"properties": {"price": {"minimumm": 0}}}}}"#)
        #expect(throws: TrackingPlanError.self) { try PlanChecker(path: path) }
        do {
            _ = try PlanChecker(path: path)
        } catch {
            #expect(
                error.description.contains("minimumm")
                    && error.description.contains("#/events/Buy/properties/price/minimumm"))
        }
    }

    @Test("the sample plan's violations on the demo dump are exactly the injected faults")
    func samplePlan() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let samples = root.appendingPathComponent("Samples")
        var run = PlanRun(checker: try PlanChecker(path: samples.appendingPathComponent("plan.json").path))
        _ = DumpReader(sources: [.file(samples.appendingPathComponent("demo.jsonl.gz").path)]).read(into: &run)
        let truth =
            try JSONSerialization.jsonObject(with: Data(contentsOf: samples.appendingPathComponent("demo.truth.json")))
            as? [String: Any]
        let faults = truth?["faults"] as? [String: [String: Any]] ?? [:]
        func lines(_ kinds: String...) -> [Int] {
            kinds.flatMap { faults[$0]?["lines"] as? [Int] ?? [] }.sorted()
        }
        #expect(run.byRule["plan.type"] ?? [] == lines("price_as_string"))
        #expect(run.byRule["plan.required"] ?? [] == lines("click_without_element_type"))
        #expect(run.byRule["plan.constraint"] ?? [] == lines("negative_duration", "duration_too_long"))
        #expect(run.byRule["plan.unplanned_event"] ?? [] == lines("bad_event_name"))
        #expect(run.byRule["plan.enum"] == nil && run.byRule["plan.additional_property"] == nil)
        #expect(!(run.byRule["plan.type"] ?? []).isEmpty && !(run.byRule["plan.constraint"] ?? []).isEmpty)
    }

    @Test(
        "a plan inferred from a dump validates that dump without a plan violation",
        arguments: [(UInt64(3), 0.0, 0.99), (8, 0.0, 0.99), (3, 0.05, 1.0), (8, 0.05, 1.0)])
    func inferRoundTrip(seed: UInt64, faults: Double, requiredShare: Double) throws {
        let directory = try TemporaryDirectory()
        var options = GeneratorOptions()
        options.users = 80
        options.seed = seed
        options.faultRate = faults
        options.pathFormat = .mixed
        let dump = directory.path("dump.jsonl")
        _ = try DumpGenerator(options: options).generate(to: DumpWriter(path: dump, gzip: false))
        var inferrer = PlanInferrer(requiredShare: requiredShare)
        _ = DumpReader(sources: [.file(dump)]).read(into: &inferrer)
        #expect(inferrer.partlyMissingRequired.isEmpty)
        let planPath = try directory.write("plan.json", inferrer.plan().serialized(indent: 2))
        var run = PlanRun(checker: try PlanChecker(path: planPath))
        _ = DumpReader(sources: [.file(dump)]).read(into: &run)
        #expect(run.byRule.isEmpty, "\(run.examples.prefix(3))")
        #expect(run.checker.tallies.reduce(0) { $0 + $1.tally.checked } > 1000)
    }
}

@Suite("Plan inference")
struct PlanInferrerTests {
    @Test("types, required by share, enums, list items, and the required properties some events lack")
    func inference() throws {
        var lines = (0..<200).map { k in
            #"{"type":"track","event":"Buy","properties":{"sku":"S\#(k)","n":\#(k),"price":\#(k).5,"cur":"\#(k % 2 == 0 ? "CNY" : "USD")","tags":["a"],"opt":true}}"#
        }
        lines[7] = #"{"type":"track","event":"Buy","properties":{"sku":"S7","n":7,"price":1,"cur":"CNY","tags":["a"]}}"#
        lines[9] = #"{"type":"track","event":"Buy","properties":{"sku":"S9","n":9,"price":1,"cur":"CNY"}}"#
        lines[11] =
            #"{"type":"track","event":"Buy","properties":{"sku":"S11","n":11,"price":1,"cur":"CNY","tags":["b"]}}"#
        // opt: 197 of 200 (0.985, not required); tags: 199 of 200 (required, and flagged).
        let directory = try TemporaryDirectory()
        let path = try directory.write("d.jsonl", lines.joined(separator: "\n"))
        var inferrer = PlanInferrer(requiredShare: 0.99, maxEnum: 20)
        _ = DumpReader(sources: [.file(path)]).read(into: &inferrer)
        let plan = try JSONValue.parse(inferrer.plan().serialized())
        let buy = plan["events"]?["Buy"]
        #expect(buy?["required"] == .array(["cur", "n", "price", "sku", "tags"].map { .string($0) }))
        #expect(buy?["properties"]?["n"]?["type"] == .string("integer"))
        #expect(buy?["properties"]?["price"]?["type"] == .string("number"))
        #expect(buy?["properties"]?["cur"]?["enum"] == .array([.string("CNY"), .string("USD")]))
        #expect(buy?["properties"]?["sku"]?["enum"] == nil)
        #expect(buy?["properties"]?["tags"]?["items"] == .object([("type", .string("string"))]))
        #expect(buy?["properties"]?["opt"]?["type"] == .string("boolean"))
        #expect(inferrer.partlyMissingRequired.map { "\($0.event).\($0.property)" } == ["Buy.tags"])
    }

    @Test("shares are of the occurrences with a properties object, as validate --plan checks them")
    func sharesOfCheckedOccurrences() throws {
        var lines = Array(repeating: #"{"type":"track","event":"E","properties":{"a":1}}"#, count: 10)
        lines += [
            #"{"type":"track","event":"E","properties":"oops"}"#, #"{"type":"track","event":"E","properties":[1]}"#,
            #"{"type":"track","event":"E"}"#, #"{"type":"track","event":"Bare"}"#,
        ]
        let directory = try TemporaryDirectory()
        let path = try directory.write("d.jsonl", lines.joined(separator: "\n"))
        var inferrer = PlanInferrer()
        _ = DumpReader(sources: [.file(path)]).read(into: &inferrer)
        let plan = try JSONValue.parse(inferrer.plan().serialized())
        let e = plan["events"]?["E"]
        #expect(e?["required"] == .array([.string("a")]))
        #expect(e?["x-atk"] == .object([("count", .integer(13)), ("checked", .integer(10))]))
        #expect(e?["properties"]?["a"]?["x-atk"]?["share"] == .double(1))
        #expect(plan["events"]?["Bare"]?["x-atk"] == .object([("count", .integer(1)), ("checked", .integer(0))]))
        #expect(inferrer.partlyMissingRequired.isEmpty)
        // The round trip: envelope.properties covers the three, the plan reports nothing.
        var run = PlanRun(
            checker: try PlanChecker(path: try directory.write("plan.json", inferrer.plan().serialized())))
        _ = DumpReader(sources: [.file(path)]).read(into: &run)
        #expect(run.byRule.isEmpty)
    }
}
