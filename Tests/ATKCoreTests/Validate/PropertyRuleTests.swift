import Testing

@testable import ATKCore

@Suite("Property rules on hand-written lines")
struct PropertyRuleTests {
    @Test("property.name: bad keys, 100 vs 101 characters, reserved keys; one count per line")
    func names() throws {
        let run = try validate([
            eventLine(properties: "{\"key word\":\"socks\",\"2nd\":1}"),
            eventLine(properties: "{\(quoted(String(repeating: "k", count: 100))):1}"),
            eventLine(properties: "{\(quoted(String(repeating: "k", count: 101))):1}"),
            eventLine(properties: "{\"time\":1}"),
            eventLine(properties: "{\"$screen_name\":\"A\",\"product_id\":\"P1\"}"),
            eventLine(properties: "{\"k\\u0020w\":1}"),
        ])
        #expect(run.lines("property.name") == [1, 3, 4, 6])
        #expect(run.findings.counts[BuiltInRule.propertyName.index] == 4)
        #expect(
            run.examples(.propertyName)[0].message == "property key 'key word' may hold only letters, digits, _ and $")
    }

    @Test("property.type: objects, nested lists, lists holding non-strings; scalars, null and string lists pass")
    func types() throws {
        let run = try validate([
            eventLine(properties: "{\"a\":1,\"b\":1.5,\"c\":\"s\",\"d\":true,\"e\":null,\"f\":[\"x\",\"y\"],\"g\":[]}"),
            eventLine(properties: "{\"extra_info\":{\"k\":1}}"),
            eventLine(properties: "{\"list\":[1,2]}"),
            eventLine(properties: "{\"list\":[[\"a\"]]}"),
            eventLine(properties: "{\"list\":[\"a\",null]}"),
        ])
        #expect(run.lines("property.type") == [2, 3, 4, 5])
    }

    @Test("property.too_long and property.truncated: 8,191 vs 8,192 characters, the SDK's $ cut")
    func lengths() throws {
        func line(_ value: String) -> String { eventLine(properties: "{\"description\":\(quoted(value))}") }
        let run = try validate([
            line(String(repeating: "d", count: 8191)),
            line(String(repeating: "d", count: 8192)),
            line(String(repeating: "d", count: 8191) + "$"),
            line(String(repeating: "d", count: 8192) + "$"),
            line(String(repeating: "长", count: 8191)),
            line(String(repeating: "长", count: 8192)),
            eventLine(properties: "{\"tags\":[\"a\",\(quoted(String(repeating: "t", count: 9000)))]}"),
            line(String(repeating: "d", count: 8190) + "$"),
        ])
        #expect(run.lines("property.too_long") == [2, 4, 6, 7])
        #expect(run.lines("property.truncated") == [3])
        #expect(
            run.examples(.propertyTooLong)[0].message
                == "property 'description' is 8192 characters long (at most 8,191)")
    }

    @Test("preset.missing_property: each preset event without its properties")
    func presets() throws {
        let run = try validate([
            eventLine("\"$AppClick\"", properties: "{\"$screen_name\":\"A\",\"$element_type\":\"UIButton\"}"),
            eventLine("\"$AppClick\"", properties: "{\"$screen_name\":\"A\"}"),
            eventLine("\"$AppClick\"", properties: "{\"$element_type\":\"UIButton\"}"),
            eventLine("\"$AppViewScreen\"", properties: "{\"$screen_name\":\"A\"}"),
            eventLine("\"$AppViewScreen\"", properties: "{\"$title\":\"A\"}"),
            eventLine("\"$AppStart\"", properties: "{\"$is_first_time\":true,\"$resume_from_background\":false}"),
            eventLine("\"$AppStart\"", properties: "{\"$is_first_time\":true}"),
            eventLine("\"$AppStart\"", properties: "{\"$resume_from_background\":false}"),
            eventLine("\"$AppEnd\"", properties: "{\"event_duration\":1.5}"),
            eventLine("\"$AppEnd\"", properties: "{\"$event_duration\":1.5}"),
            eventLine("\"$AppEnd\"", properties: "{\"$screen_name\":\"A\"}"),
            eventLine("\"$AppClick\"", properties: "{}"),
        ])
        #expect(run.lines("preset.missing_property") == [2, 3, 5, 7, 8, 11, 12])
        #expect(
            run.examples(.presetMissingProperty).last?.message == "$AppClick without $screen_name and $element_type")
    }

    @Test("keys that move, change or repeat across events of one name are each judged as themselves")
    func keysAcrossEvents() throws {
        let properties = [
            "{\"p\":1,\"b b\":2,\"q\":\"s\"}", "{\"q\":\"t\",\"p\":2}", "{\"p\":\"3\",\"q\":\"u\",\"b b\":1}",
            "{\"p\":4,\"r\":true}", "{\"p\":5,\"b\\u0020b\":1}", "{\"p\":6}",
        ]
        let run = try validate(
            properties.enumerated().map { eventLine(trackId: String($0.offset), properties: $0.element) })
        #expect(run.lines("property.name") == [1, 3, 5])
        #expect(run.lines("property.type_conflict") == [3])
        #expect(run.lines.keys.sorted() == ["property.name", "property.type_conflict"])
    }

    @Test("events of 70,000 properties, past the tape's stored count: the keys after the guessed ones are judged")
    func moreMembersThanTheStoredCount() throws {
        // The later events repeat the first's keys, so the guessed-key loop walks them (with one
        // example kept, the first line has kept each key's type line and the loop goes on past
        // it). The second's last key is bad, the third's key 65,535, where the stored count
        // saturates.
        let keys = (0..<70_000).map { "k\($0)" }
        func properties(badAt bad: Set<Int>) -> String {
            "{" + keys.indices.map { "\"\(bad.contains($0) ? "bad key" : keys[$0])\":1" }.joined(separator: ",") + "}"
        }
        let run = try validate(
            [
                eventLine(trackId: "1", properties: properties(badAt: [])),
                eventLine(trackId: "2", properties: properties(badAt: [69_999])),
                eventLine(trackId: "3", properties: properties(badAt: [65_535])),
            ], configure: { $0.maxExamples = 1 })
        #expect(run.findings.counts[BuiltInRule.propertyName.index] == 2)
        #expect(run.lines("property.name") == [2])
    }

    @Test("a line breaking several rules counts once per rule and once among the lines with errors")
    func oncePerLine() throws {
        let run = try validate([
            eventLine(distinctId: nil, properties: "{\"a b\":{\"k\":1},\"c d\":[1]}"),
            eventLine(time: "1788220000", properties: "{\"$lib\":\"iOS\"}"),
        ])
        #expect(run.lines("property.name") == [1])
        #expect(run.lines("property.type") == [1])
        #expect(run.lines("envelope.distinct_id") == [1])
        #expect(run.findings.errorLines == 1)
        #expect(run.findings.warningLines == 1)
    }
}
