import Testing

@testable import ATKCore

@Suite("Rules over the whole dump: type conflicts and duplicates")
struct DumpWideRuleTests {
    @Test("property.type_conflict reports the lines of the minority type, with the mix")
    func conflict() throws {
        let run = try validate([
            eventLine(properties: "{\"price\":1.5}"),
            eventLine(properties: "{\"price\":\"2.5\"}"),
            eventLine(properties: "{\"price\":3}"),
            eventLine(properties: "{\"price\":null}"),
            eventLine(properties: "{\"price\":{\"v\":1}}"),
            eventLine(properties: "{\"price\":4.5}"),
            eventLine(properties: "{\"tags\":[\"a\"]}"),
            eventLine(properties: "{\"tags\":[\"b\"]}"),
            eventLine(properties: "{\"tags\":true}"),
        ])
        #expect(run.lines("property.type_conflict") == [2, 9])
        #expect(
            run.examples(.propertyTypeConflict)[0].message
                == "price is a string here; across the dump price is number 75.0% / string 25.0%")
        #expect(run.examples(.propertyTypeConflict)[0].value == "2.5")
    }

    @Test("a first type that ends up in the minority is still reported, in line order")
    func minorityFirst() throws {
        let properties = [
            "{\"q\":\"1\"}", "{\"q\":1}", "{\"q\":\"2\",\"p\":true}", "{\"q\":2,\"p\":\"yes\"}",
            "{\"q\":3,\"p\":false}",
        ]
        let run = try validate(
            properties.enumerated().map { eventLine(trackId: String($0.offset), properties: $0.element) })
        #expect(run.lines("property.type_conflict") == [1, 3, 4])
        #expect(run.findings.warningLines == 3)
    }

    @Test("only the first lines of the first type are kept: the count stays exact")
    func unkeptLines() throws {
        let lines = (0..<15).map { eventLine(trackId: String($0), properties: $0 < 6 ? "{\"q\":\"s\"}" : "{\"q\":1}") }
        let run = try validate(lines) { $0.maxExamples = 2 }
        #expect(run.findings.counts[BuiltInRule.propertyTypeConflict.index] == 6)
        #expect(run.examples(.propertyTypeConflict).map(\.location.line) == [1, 2])
        #expect(run.findings.warningLines == 6)
    }

    @Test("profile lines do not take part in type conflicts")
    func profiles() throws {
        let run = try validate([
            eventLine(properties: "{\"level\":1}"),
            eventLine(nil, type: "\"profile_set\"", properties: "{\"level\":\"gold\"}"),
        ])
        #expect(run.lines("property.type_conflict").isEmpty)
    }

    @Test("duplicate.event: the later of two lines with the same _track_id, distinct_id, event and time")
    func duplicates() throws {
        let run = try validate([
            eventLine(trackId: "7"),
            eventLine(trackId: "8"),
            eventLine(trackId: "7", properties: "{\"other\":1}"),
            eventLine(distinctId: "\"u2\"", trackId: "7"),
            eventLine("\"AddToCart\"", trackId: "7"),
            eventLine(time: "1788220000001", trackId: "7"),
            eventLine(trackId: nil),
            eventLine(trackId: nil),
            eventLine(trackId: "7"),
        ])
        #expect(run.lines("duplicate.event") == [3, 9])
    }

    @Test("the duplicate tables keep every key as they grow, one table per hour")
    func manyKeys() {
        var detector = DuplicateDetector(capacity: 4)
        let keys = (UInt64(1)...5000).map { $0 &* 0x9E37_79B9_7F4A_7C15 }
        let hours: [Int64?] = [nil, 1_788_220_800_000, 1_788_224_400_000]
        let first = keys.enumerated().map { detector.seenBefore($0.element, window: hours[$0.offset % 3]) }
        let again = keys.enumerated().map { detector.seenBefore($0.element, window: hours[$0.offset % 3]) }
        let otherHour = keys.enumerated().map { detector.seenBefore($0.element, window: hours[($0.offset + 1) % 3]) }
        #expect(!first.contains(true))
        #expect(!again.contains(false))
        // A key of another hour is another key: its time differs.
        #expect(!otherHour.contains(true))
    }
}
