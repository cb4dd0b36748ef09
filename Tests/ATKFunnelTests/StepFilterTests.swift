import ATKFunnel
import Testing

@Suite struct StepFilterTests {}

extension StepFilterTests {
    private func filter(_ text: String) throws -> StepFilter {
        try #require(try StepSpec.parse("E[\(text)]").filters.first)
    }

    @Test func numericComparisonWhenBothSidesAreNumbers() throws {
        let source = DictionarySource(values: ["price": .number(100, text: "100")])
        #expect(try filter("price<20").evaluate(source) == false)
        #expect(try filter("price>=100").evaluate(source))
        #expect(try filter("price=100.0").evaluate(source))
        #expect(try filter("price!=1e2").evaluate(source) == false)
    }

    @Test func stringComparisonWhenThePropertyIsText() throws {
        // "100" is a string property: compared byte-wise, "100" < "20".
        let source = DictionarySource(values: ["price": .string("100")])
        #expect(try filter("price<20").evaluate(source))
        #expect(try filter("price=100.0").evaluate(source) == false)
    }

    @Test func quotedLiteralForcesStringComparison() throws {
        let source = DictionarySource(values: ["v": .number(1, text: "1")])
        #expect(try filter(#"v="1.0""#).evaluate(source) == false)
        #expect(try filter("v=1.0").evaluate(source))
        #expect(try filter(#"v="1""#).evaluate(source))
    }

    @Test func stringOrderIsUTF8ByteOrder() throws {
        let source = DictionarySource(values: ["s": .string("Zebra")])
        #expect(try filter("s<apple").evaluate(source))
        #expect(try filter("s>=Zebra").evaluate(source))
        #expect(try filter("s<=Zebr").evaluate(source) == false)
        #expect(try filter("s>Zebr").evaluate(source))
    }

    @Test func missingPropertyIsFalseExceptNotEqual() throws {
        let source = DictionarySource(values: [:])
        #expect(try filter("currency!=USD").evaluate(source))
        #expect(try filter("currency=USD").evaluate(source) == false)
        #expect(try filter("price>1").evaluate(source) == false)
        #expect(try filter("price<=1").evaluate(source) == false)
        #expect(try filter("name~.*").evaluate(source) == false)
    }

    @Test func regexSearchesUnanchored() throws {
        let source = DictionarySource(values: ["screen": .string("ProductDetailViewController")])
        #expect(try filter("screen~Detail").evaluate(source))
        #expect(try filter("screen~^Product.*Controller$").evaluate(source))
        #expect(try filter("screen~^Detail").evaluate(source) == false)
    }

    @Test func regexAppliesToTheTextOfNumbers() throws {
        let source = DictionarySource(values: ["code": .number(404, text: "404")])
        #expect(try filter(#"code~^4\d\d$"#).evaluate(source))
    }

    @Test func regexFollowsECMA262() throws {
        let source = DictionarySource(values: ["q": .string("Straße 12\n"), "n": .string("١٢")])
        // `$` is the end of the text only, not before a final newline (Swift `Regex` differed).
        #expect(try filter("q~12$").evaluate(source) == false)
        #expect(try filter("q~12\\n$").evaluate(source))
        // `\d` is ASCII-only; `\p{Nd}` is every decimal digit.
        #expect(try filter("n~\\d").evaluate(source) == false)
        #expect(try filter("n~^\\p{Nd}+$").evaluate(source))
        // Matched on code points: `.` is one ß, and `\w` is ASCII-only.
        #expect(try filter("q~^Stra.e").evaluate(source))
        #expect(try filter("q~^\\w+\\s").evaluate(source) == false)
        // A `{` that is not a quantifier is a literal, as in ECMA-262's Annex B.
        #expect(try filter(#"q~"e{,2}""#).evaluate(DictionarySource(values: ["q": .string("e{,2}")])))
    }

    @Test func regexRunsInLinearTime() throws {
        let source = DictionarySource(values: ["q": .string(String(repeating: "a", count: 10_000) + "!")])
        let clock = ContinuousClock()
        var matched = true
        // A backtracking engine takes exponential time; Swift `Regex` took 74 s at 20 characters.
        let elapsed = try clock.measure { matched = try filter(#"q~"^(a+)+$""#).evaluate(source) }
        #expect(matched == false)
        #expect(elapsed < .seconds(1), "took \(elapsed)")
    }

    @Test(arguments: [
        ("A[x~(?=y)]", "lookahead '(?='"), ("A[x~(?<!y)z]", "negative lookbehind '(?<!'"),
        (#"A[x~"(a)\1"]"#, "backreference '\\1'"), (#"A[x~"\k<n>"]"#, "backreference '\\k<n>'"),
        ("A[x~a{100000}]", "more than 100000 instructions"),
    ])
    func regexNeedingBacktrackingIsRefused(step: String, message: String) {
        do {
            _ = try StepSpec.parse(step)
            Issue.record("\(step) was accepted")
        } catch {
            #expect(error.position == 4)
            guard case .invalidRegex(let reason) = error.reason else {
                Issue.record("unexpected reason \(error.reason)")
                return
            }
            #expect(reason.contains(message), "\(reason)")
        }
    }

    @Test func stepMatchesNameAndAllFilters() throws {
        let step = try StepSpec.parse("Buy[price>=100,currency!=USD]")
        let eur = DictionarySource(values: ["price": .number(150, text: "150"), "currency": .string("EUR")])
        let usd = DictionarySource(values: ["price": .number(150, text: "150"), "currency": .string("USD")])
        let noCurrency = DictionarySource(values: ["price": .number(150, text: "150")])
        #expect(step.matches(eventName: "Buy", properties: eur))
        #expect(step.matches(eventName: "Buy", properties: usd) == false)
        #expect(step.matches(eventName: "Buy", properties: noCurrency))
        #expect(step.matches(eventName: "buy", properties: eur) == false)
    }
}

extension StepFilterTests {
    /// Where a string's UTF-8 bytes live (nil for a small string, held inline).
    private func storage(_ text: String) -> UnsafeRawPointer? {
        var text = text
        guard text.utf8.count > 15 else { return nil }
        return text.withUTF8 { UnsafeRawPointer($0.baseAddress) }
    }

    @Test("an unshared step judges every event as the original, from storage of its own")
    func unshared() throws {
        let spec = try StepSpec.parse(
            #"a_rather_long_event_name[a_rather_long_property_name>=100,q~^shoe.*s$,w="12",x!=a_rather_long_literal_value]"#
        )
        let copy = spec.unshared()
        #expect(copy.description == spec.description)
        #expect(copy.filters.map(\.numericValue) == spec.filters.map(\.numericValue))
        let sources = [
            DictionarySource(values: [:]),
            DictionarySource(values: [
                "a_rather_long_property_name": .number(150, text: "150"), "q": .string("shoes"), "w": .string("12"),
                "x": .string("a_rather_long_literal_value"),
            ]),
            DictionarySource(values: [
                "a_rather_long_property_name": .string("99"), "q": .string("red shoes"), "w": .number(12, text: "12"),
                "x": .string("b"),
            ]),
        ]
        for source in sources {
            #expect(copy.filters.map { $0.evaluate(source) } == spec.filters.map { $0.evaluate(source) })
        }
        #expect(storage(copy.eventName) != storage(spec.eventName))
        for (mine, theirs) in zip(copy.filters, spec.filters) where theirs.property.utf8.count > 15 {
            #expect(storage(mine.property) != storage(theirs.property))
        }
        let steps = try FunnelSteps(steps: [spec], exclusions: [spec])
        #expect(steps.unshared().steps.map(\.description) == [spec.description])
        #expect(steps.unshared().exclusions.map(\.description) == [spec.description])
    }
}
