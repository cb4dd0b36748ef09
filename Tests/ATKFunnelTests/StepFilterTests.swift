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
