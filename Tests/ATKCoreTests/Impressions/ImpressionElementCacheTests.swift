import Testing

@testable import ATKCore

/// The collector keeps what each rebuilt element gives its events (screen, element, list and
/// the key's first parts); the records, and so the report, must be the ones worked out afresh
/// for every event.
@Suite("impressions' element cache changes no record")
struct ImpressionElementCacheTests {
    /// Key orders: the default (resolved parts first), resolved parts after a property, and
    /// the position alone between properties.
    static let keys: [[String]] = [
        ImpressionOptions.defaultKey,
        ["item_id", "$screen_name", "$element_path"],
        ["$element_position", "$app_version", "$screen_name"],
    ]

    /// Every record's fields, in order, and the tables their ids point into.
    private static func records(_ collector: ImpressionCollector) -> [String] {
        collector.records.indices.map { index in
            let record = collector.records[index]
            let screen = record.screen < 0 ? "-" : collector.screens.string(record.screen)
            let element = record.element < 0 ? "-" : "\(collector.elementParts[Int(record.element)])"
            let key = record.key < 0 ? "-" : "\(collector.keyValues(record.key))"
            let list = record.list < 0 ? "-" : "\(collector.lists.withBytes(record.list) { Array($0) })"
            return "\(record.kind) \(record.user) \(record.line) \(screen) \(element) \(key) \(list) \(record.row)"
        }
    }

    /// Equal record lists; on a difference, the first differing record only.
    private static func expectSame(_ records: [String], _ expected: [String], _ comment: Comment) {
        #expect(records.count == expected.count, comment)
        let first = zip(records, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(first == nil, "\(comment): record \(first ?? 0): \(first.map { records[$0] } ?? "")")
    }

    /// A generated read, the options keyed on `key`, and the records a collector without a cache
    /// keeps of it.
    private static func uncached(key: [String]) throws -> (
        inputs: [[UInt8]], options: ImpressionOptions, records: [String]
    ) {
        let inputs = try generatedInputs(files: 2, users: 60)
        var options = ImpressionOptions()
        options.keyProperties = key
        var uncached = ImpressionCollector(options: options)
        uncached.elementCacheLimit = 0
        let records = Self.records(LineFeed.feed(inputs, partitions: 1, prototype: uncached))
        #expect(records.count > 500)
        return (inputs, options, records)
    }

    @Test("no cache, a cache of one element, and the default give the same records", arguments: keys)
    func sameRecords(key: [String]) throws {
        let (inputs, options, expected) = try Self.uncached(key: key)
        for limit in [1, 2, 100_000] {
            var cached = ImpressionCollector(options: options)
            cached.elementCacheLimit = limit
            let collector = LineFeed.feed(inputs, partitions: 1, prototype: cached)
            Self.expectSame(Self.records(collector), expected, "cache limit \(limit)")
        }
    }

    @Test("a resolver that empties its chain cache, renumbering the chains, changes no record", arguments: keys)
    func renumberedChains(key: [String]) throws {
        let (inputs, options, expected) = try Self.uncached(key: key)
        for limit in [1, 2, 7] {
            var collector = ImpressionCollector(options: options)
            collector.chainCacheLimit = limit
            #expect(collector.makePartial().chainCacheLimit == limit)
            collector = LineFeed.feed(inputs, partitions: 1, prototype: collector)
            Self.expectSame(Self.records(collector), expected, "chain cache limit \(limit)")
        }
    }

    /// An event of the demo app's product grid with a valid chain for `row`, and `extra` members.
    private static func line(_ event: String, _ user: String, _ time: Int, row: Int, _ extra: String) -> String {
        let chain = [
            "ProductCell|cell|\(row)|ProductCell,ProductCell,ProductCell|0:\(row)",
            "UICollectionView|view|3|UIImageView,UIButton,UIButton,UICollectionView", "UIView|view",
            "HomeViewController|vc|0|HomeViewController", "UIWindow|window", "UIApplication|app",
            "AppDelegate|delegate",
        ].map { "\"\($0)\"" }.joined(separator: ",")
        return #"{"type":"track","event":"\#(event)","distinct_id":"\#(user)","time":\#(time),"properties":{"#
            + #""$screen_name":"Home","$element_path":"UIView/UICollectionView[0]/ProductCell[0][-]","#
            + #""$element_position":"0:\#(row)","$responder_chain":[\#(chain)]\#(extra)}}"#
    }

    @Test("batch, single and non-list exposures and clicks of rebuilt elements, with an items property")
    func batches() {
        let lines = [
            #"{"type":"track","event":"$AppViewScreen","distinct_id":"u1","time":1,"properties":{"$screen_name":"Home"}}"#,
            Self.line("$AppExposure", "u1", 2, row: 1, #","product_ids":["A","B"],"idx":[1,"2"]"#),
            Self.line("$AppExposure", "u1", 3, row: 1, #","item_id":"A""#),
            Self.line("$AppExposure", "u1", 4, row: 2, #","product_ids":"A","item_id":"B""#),
            Self.line("$AppClick", "u1", 5, row: 1, #","item_id":"A""#),
            Self.line("$AppExposure", "u1", 6, row: 1, #","product_ids":["A"],"idx":[7]"#),
            Self.line("$AppClick", "u1", 7, row: 2, #","product_ids":["B"]"#),
        ]
        let inputs = [Array((lines.joined(separator: "\n") + "\n").utf8)]
        for key in Self.keys {
            var options = ImpressionOptions()
            options.keyProperties = key
            options.itemsProperty = "product_ids"
            options.indexProperty = "idx"
            var uncached = ImpressionCollector(options: options)
            uncached.elementCacheLimit = 0
            let expected = Self.records(LineFeed.feed(inputs, partitions: 1, prototype: uncached))
            #expect(expected.count == 8)
            // Rebuilt from the chains (the recorded screen name is "Home").
            #expect(expected.dropFirst().allSatisfy { $0.contains(" HomeViewController ") })
            let cached = LineFeed.feed(inputs, partitions: 1, prototype: ImpressionCollector(options: options))
            Self.expectSame(Self.records(cached), expected, "key \(key)")
        }
    }
}
