import ATKCore
import Testing

@Suite("plan infer merges exactly")
struct PlanInferrerMergeTests {
    /// The plan as written, and the required properties some events lack.
    static func written(_ inferrer: PlanInferrer) -> String {
        var text = ""
        inferrer.write(indent: 2) { text += $0 }
        return text + "\(inferrer.partlyMissingRequired)"
    }

    static func line(_ user: Int, _ event: String, _ properties: String?) -> String {
        let body = properties.map { #","properties":{"# + $0 + "}" } ?? ""
        return #"{"type":"track","distinct_id":"u\#(user)","event":"\#(event)"\#(body)}"#
    }

    /// Types mixed across users, values past the enum limit only once joined, names equal as
    /// text but not as bytes (é precomposed and decomposed, in events and keys), escaped keys,
    /// lists, events without properties, profiles and broken lines.
    static let lines: [String] = [
        line(1, "Buy", #""sku":"A","n":1,"cur":"CNY","tags":["a"]"#),
        line(2, "Buy", #""sku":"B","n":"2","cur":"USD","tags":[1]"#),
        line(3, "Buy", #""sku":"C","n":3.5,"cur":"CNY","caf\u00e9":1,"cafe\u0301":2"#),
        line(4, "Buy", #""sku":"D","\u006e":4,"cur":"EUR","cafe\u0301":"x","caf\u00e9":"y""#),
        line(5, "caf\u{E9}", #""a":true"#),
        line(6, "cafe\u{301}", #""a":null"#),
        line(1, "Buy", #""sku":"E","n":5,"cur":"USD","opt":{"x":1}"#),
        line(2, "View", nil),
        line(3, "View", #""screen":"Home""#),
        #"{"type":"profile_set","distinct_id":"u1","properties":{"level":1}}"#,
        "not json",
        line(4, "View", #""screen":"Cart","screen":"Home""#),
        line(5, "Buy", #""sku":"A","n":6,"cur":"CNY","tags":[]"#),
        line(6, "Buy", #""sku":"B","n":7,"cur":"CNY""#),
        line(7, "View", #""screen":"Home""#),
    ]

    @Test("hand-made lines, split over 1, 2, 3 and 7 partials")
    func handMade() {
        for maxEnum in [0, 3, 4, 20] {
            expectMergesExactly(
                lines: Self.lines, prototype: PlanInferrer(requiredShare: 0.7, maxEnum: maxEnum), Self.written)
        }
    }

    @Test("generated dumps over several inputs")
    func generated() throws {
        expectMergesExactly(try generatedInputs(files: 3), prototype: PlanInferrer(maxEnum: 5), Self.written)
    }

    @Test("partials written to bytes and read back merge exactly (atk dist)")
    func throughState() throws {
        for maxEnum in [0, 3, 4, 20] {
            try expectDistributesExactly(
                lines: Self.lines, prototype: PlanInferrer(requiredShare: 0.7, maxEnum: maxEnum), Self.written)
        }
        try expectDistributesExactly(try generatedInputs(files: 3), prototype: PlanInferrer(maxEnum: 5), Self.written)
    }

    @Test("a damaged state is refused, never trapped on")
    func damagedState() throws {
        var inferrer = PlanInferrer(requiredShare: 0.7, maxEnum: 4)
        _ = LineFeed.feed(Array((Self.lines.joined(separator: "\n") + "\n").utf8), into: &inferrer)
        try expectDamagedStatesHandled(inferrer, Self.written)
        // More values per property than this run's enum limit: another configuration's state.
        var writer = StateWriter()
        inferrer.encodeState(to: &writer)
        var reader = StateReader(writer.bytes)
        var smaller = PlanInferrer(requiredShare: 0.7, maxEnum: 1)
        #expect(throws: StateReader.Failure.self) { try smaller.decodeState(from: &reader) }
    }

    @Test("names equal as text but not as bytes keep the order of their first line")
    func equivalentNames() {
        // The second partial meets the decomposed spellings first; the dump meets the composed ones first.
        let lines = [
            Self.line(1, "caf\u{E9}", #""caf\u00e9":1,"x":1"#), Self.line(2, "cafe\u{301}", #""x":1,"cafe\u0301":2"#),
            Self.line(2, "caf\u{E9}", #""cafe\u0301":1,"caf\u00e9":2"#),
        ]
        for maxEnum in [0, 20] {
            let prototype = PlanInferrer(requiredShare: 0.5, maxEnum: maxEnum)
            var serial = prototype.makePartial()
            _ = LineFeed.feed(Array((lines.joined(separator: "\n") + "\n").utf8), into: &serial)
            #expect(Self.written(SplitByUser.merged(lines, users: ["u2"], prototype)) == Self.written(serial))
        }
    }
}
