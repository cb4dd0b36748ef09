import Testing

@testable import ATKCore
@testable import ATKGenerate

@Suite("Element identifiers of events")
struct ElementResolverTests {
    private let chain =
        #"["ProductCell|cell|2|ProductCell,ProductCell,ProductCell,ProductCell|0:3","UICollectionView|view|1|UIImageView,UICollectionView","UIView|view","HomeViewController|vc","UINavigationController|vc","UIWindow|window","UIApplication|app","AppDelegate|delegate"]"#

    @Test("a valid chain wins over wrong recorded identifiers, unless recorded ones are forced")
    func rebuiltWins() {
        let line =
            #"{"event":"$AppClick","properties":{"$screen_name":"Wrong","$element_path":"UIView/X[0]","$element_position":"9:9","$responder_chain":\#(chain)}}"#
        let (rebuilt, recorded) =
            withEvent(line) { event -> (ResolvedElement, ResolvedElement) in
                var resolver = ElementResolver()
                var forced = ElementResolver(useRecordedIdentifiers: true)
                return (resolver.resolve(event), forced.resolve(event))
            } ?? (ResolvedElement(source: .recorded), ResolvedElement(source: .recorded))
        #expect(
            rebuilt
                == ResolvedElement(
                    screenName: "HomeViewController", elementPath: "UIView/UICollectionView[0]/ProductCell[0][-]",
                    elementPosition: "0:3", source: .rebuilt,
                    responderPath:
                        "UINavigationController/HomeViewController/UIView/UICollectionView[0]/ProductCell[0][-]"))
        #expect(
            recorded
                == ResolvedElement(
                    screenName: "Wrong", elementPath: "UIView/X[0]", elementPosition: "9:9", source: .recorded))
    }

    @Test("no chain or an invalid chain falls back to the recorded identifiers")
    func fallback() {
        let invalid =
            #"{"properties":{"$element_path":"UIView/UIButton[0]","$responder_chain":["UIButton|widget|0|UIButton"]}}"#
        let notStrings = #"{"properties":{"$element_path":"P","$responder_chain":[1,2]}}"#
        let none = #"{"properties":{"$element_path":"P"}}"#
        let readings = [invalid, notStrings, none].map { line in
            withEvent(line) { event -> (ChainReading, ResolvedElement) in
                var resolver = ElementResolver()
                return (resolver.chain(of: event), resolver.resolve(event))
            }
        }
        if case .invalid = readings[0]?.0 {} else { Issue.record("a bad kind must be invalid") }
        #expect(readings[0]?.1.elementPath == "UIView/UIButton[0]" && readings[0]?.1.source == .recorded)
        #expect(readings[1]?.0 == .invalid("$responder_chain entry 0 is a number, not a string"))
        #expect(readings[2]?.0 == .absent && readings[2]?.1.elementPath == "P")
    }
}

@Suite("The resolver's chain cache")
struct ElementResolverCacheTests {
    /// A visitor that resolves every event with one resolver, keeping the paths.
    struct Paths: DumpVisitor {
        var resolver: ElementResolver
        var paths: [String?] = []
        mutating func visit(_ event: Event) { paths.append(resolver.resolve(event).elementPath) }
        mutating func visitMalformed(_ line: MalformedLine) {}
    }

    @Test("readings stay right when the cache is cleared at its limit and for repeated chains")
    func clearsAtTheLimit() throws {
        let lines = [
            ElementLines.cellChain, ElementLines.buttonChain, ElementLines.cellChain, ElementLines.containerChain,
            ElementLines.buttonChain, ElementLines.buttonChain,
        ]
        .map { ElementLines.event("", chain: $0) }
        let expected = [
            ElementLines.cellPath, ElementLines.buttonPath, ElementLines.cellPath, ElementLines.containerPath,
            ElementLines.buttonPath, ElementLines.buttonPath,
        ]
        for limit in [1, 2, 100] {
            var visitor = Paths(resolver: ElementResolver(cacheLimit: limit))
            _ = try ElementLines.read(lines, into: &visitor)
            #expect(visitor.paths == expected, "limit \(limit)")
        }
    }
}

extension ResolvedElement {
    init(screenName: String? = nil, elementPath: String? = nil, elementPosition: String? = nil, source: Source) {
        self.init(
            screenName: screenName, elementPath: elementPath, elementPosition: elementPosition, source: source,
            responderPath: nil)
    }
}

@Suite("Elements engine against the generator's UI model")
struct ElementCrossCheckTests {
    /// Counts events whose rebuilt identifiers differ from the recorded ones.
    struct Comparison: DumpVisitor {
        var resolver = ElementResolver()
        var withChain = 0
        var invalid = 0
        var differences: [String] = []
        mutating func visit(_ event: Event) {
            switch resolver.chain(of: event) {
            case .absent: return
            case .invalid(let reason):
                invalid += 1
                differences.append("line \(event.location.line): invalid: \(reason)")
            case .valid(let identity):
                withChain += 1
                let recorded = ElementResolver.recorded(event)
                if recorded.elementPath != identity.elementPath || recorded.elementPosition != identity.elementPosition
                    || recorded.screenName != identity.screenName
                {
                    differences.append("line \(event.location.line): \(recorded) vs \(identity)")
                }
            }
        }
        mutating func visitMalformed(_ line: MalformedLine) {}
    }

    @Test("on a clean dump every rebuilt identifier equals the recorded one", arguments: [UInt64(21), 22, 23])
    func cleanDumpAgrees(seed: UInt64) throws {
        let directory = try TemporaryDirectory()
        var options = GeneratorOptions()
        options.users = 150
        options.seed = seed
        let path = directory.path("clean.jsonl")
        let truth = try DumpGenerator(options: options).generate(to: DumpWriter(path: path, gzip: false))
        var comparison = Comparison()
        _ = DumpReader(sources: [.file(path)]).read(into: &comparison)
        #expect(comparison.withChain == truth.withChain)
        #expect(comparison.invalid == 0)
        #expect(comparison.differences.prefix(5) == [])
    }
}
