import ATKFunnel
import Testing

@Suite struct StepSpecParsingTests {}

extension StepSpecParsingTests {
    @Test func bareEventName() throws {
        let step = try StepSpec.parse("AddToCart")
        #expect(step.eventName == "AddToCart")
        #expect(step.filters.isEmpty)
    }

    @Test func singleFilter() throws {
        let step = try StepSpec.parse("$AppViewScreen[$screen_name=ProductDetailViewController]")
        #expect(step.eventName == "$AppViewScreen")
        #expect(step.filters.count == 1)
        #expect(step.filters[0].property == "$screen_name")
        #expect(step.filters[0].op == .equal)
        #expect(step.filters[0].value == "ProductDetailViewController")
        #expect(step.filters[0].numericValue == nil)
    }

    @Test func everyOperator() throws {
        let step = try StepSpec.parse("E[a=1,b!=2,c<3,d<=4,e>5,f>=6,g~x+]")
        #expect(
            step.filters.map(\.op) == [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .matches])
        #expect(step.filters.map(\.property) == ["a", "b", "c", "d", "e", "f", "g"])
        #expect(step.filters.map(\.numericValue) == [1, 2, 3, 4, 5, 6, nil])
    }

    @Test func listSplitsOnTopLevelCommasOnly() throws {
        let steps = try StepSpec.parseList("AddToCart,Buy[price>=100,currency!=USD],Done")
        #expect(steps.map(\.eventName) == ["AddToCart", "Buy", "Done"])
        #expect(steps[1].filters.map(\.property) == ["price", "currency"])
        #expect(steps[1].filters.map(\.value) == ["100", "USD"])
    }

    @Test func quotingAndEscapes() throws {
        let steps = try StepSpec.parseList(
            #""Add, to cart"[title="Shoes [size 42], red",note=a\,b],E[q="say \"hi\"",p=back\\slash]"#)
        #expect(steps.count == 2)
        #expect(steps[0].eventName == "Add, to cart")
        #expect(steps[0].filters.map(\.value) == ["Shoes [size 42], red", "a,b"])
        #expect(steps[1].filters.map(\.value) == [#"say "hi""#, #"back\slash"#])
    }

    @Test func whitespaceAroundTokensIsIgnored() throws {
        let steps = try StepSpec.parseList(" A [ x = 1 , name = Product Detail ] , B ")
        #expect(steps.map(\.eventName) == ["A", "B"])
        #expect(steps[0].filters.map(\.property) == ["x", "name"])
        #expect(steps[0].filters.map(\.value) == ["1", "Product Detail"])
    }

    @Test func escapedAndQuotedWhitespaceIsKept() throws {
        let step = try StepSpec.parse(#"E[x=a\ ,y=" b "]"#)
        #expect(step.filters.map(\.value) == ["a ", " b "])
    }

    @Test func backslashBeforeOrdinaryCharactersIsKept() throws {
        let step = try StepSpec.parse(#"E[a~^4\d$,b~"\[x\]\\\\",c=\\n]"#)
        #expect(step.filters.map(\.value) == [#"^4\d$"#, #"\[x\]\\"#, #"\n"#])
        let source = DictionarySource(values: ["b": .string(#"[x]\"#)])
        #expect(step.filters[1].evaluate(source))
    }

    @Test func quotedValueIsAlwaysAString() throws {
        let step = try StepSpec.parse(#"E[v="100",w=100,z=""]"#)
        #expect(step.filters.map(\.numericValue) == [nil, 100, nil])
        #expect(step.filters[2].value == "")
    }

    @Test func descriptionParsesBack() throws {
        let text = #""Add, to cart"[title="Shoes [42]",price>=9.5,q~^a\\d],Buy"#
        let steps = try StepSpec.parseList(text)
        let again = try StepSpec.parseList(steps.map(\.description).joined(separator: ","))
        #expect(again.map(\.description) == steps.map(\.description))
        #expect(again[0].filters.map(\.value) == ["Shoes [42]", "9.5", #"^a\d"#])
    }

    @Test(arguments: [
        ("", 0, StepParseError.Reason.missingEventName),
        ("A,,B", 2, .missingEventName),
        ("[x=1]", 0, .missingEventName),
        ("A[x=1", 1, .unterminatedFilterList),
        ("A[x=1,", 1, .unterminatedFilterList),
        ("A[x 1]", 5, .missingOperator),
        ("A[=1]", 2, .missingPropertyName),
        ("A[]", 2, .missingPropertyName),
        ("A[x=]", 4, .missingValue),
        (#"A[x="abc]"#, 4, .unterminatedQuote),
        (#"A\"#, 1, .danglingEscape),
        ("A[x=1]B", 6, .unexpectedCharacter("B")),
        ("A[x=1]]", 6, .unexpectedCharacter("]")),
        (#"A[x=a"b]"#, 5, .unexpectedCharacter("\"")),
        (#"A[x="a"b]"#, 7, .unexpectedCharacter("b")),
    ])
    func listErrors(text: String, position: Int, reason: StepParseError.Reason) {
        #expect(throws: StepParseError(position: position, reason: reason)) {
            try StepSpec.parseList(text)
        }
    }

    @Test func singleStepRejectsTopLevelComma() {
        #expect(throws: StepParseError(position: 1, reason: .unexpectedCharacter(","))) {
            try StepSpec.parse("A,B")
        }
    }

    @Test func invalidRegexReportsValuePosition() {
        do {
            _ = try StepSpec.parse("A[x~(]")
            Issue.record("expected an error")
        } catch {
            #expect(error.position == 4)
            guard case .invalidRegex = error.reason else {
                Issue.record("unexpected reason \(error.reason)")
                return
            }
        }
    }

    @Test func errorDescriptionUsesOneBasedColumn() {
        let error = StepParseError(position: 4, reason: .missingValue)
        #expect(error.description.hasPrefix("column 5: "))
    }
}
