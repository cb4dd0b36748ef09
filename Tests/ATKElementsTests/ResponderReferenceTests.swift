import Testing

@testable import ATKElements

/// `Responder(parsing:)` reads an entry's bytes; these tests hold it to the reading it replaced,
/// which split the entry into substrings (kept here, below, as the reference): the same fields,
/// or the same first error, for every entry.
@Suite struct ResponderReferenceTests {}

extension ResponderReferenceTests {
    @Test func readsGeneratedEntriesAsTheSubstringReadingDid() {
        var random = SeededPicks(seed: 0x5EED_0004)
        var rejected = 0
        for _ in 0..<30_000 {
            let entry = Self.entry(&random)
            let (expected, actual) = Self.readings(entry)
            if case .failure = expected { rejected += 1 }
            #expect(actual == expected, "entry \(entry.debugDescription)")
        }
        // Both outcomes are common, so both paths are compared.
        #expect(rejected > 6_000 && rejected < 24_000, "\(rejected) of 30,000 rejected")
    }

    @Test func readsEntriesInsideALargerString() throws {
        // A substring entry starts at an offset of its base string (the parser counts from its start).
        let joined = "ignored|vc\nMyApp.首页Cell|cell|1|MyApp.首页Cell,MyApp.首页Cell|2:7\nrest"
        let entry = joined.split(separator: "\n")[1]
        let responder = try Responder(parsing: entry)
        #expect(Fields(responder) == (try ReferenceResponder.parse(entry)))
        #expect(responder.className == "MyApp.首页Cell")
        #expect(responder.siblings == ["MyApp.首页Cell", "MyApp.首页Cell"])
    }

    @Test func splitsOnSeparatorsFollowedByCombiningMarks() {
        // "|\u{301}" is one Character but two scalars: the fields are cut at the byte, as before.
        for entry in ["UIView|\u{301}view", "UIView\u{301}|view", "A|view|0|A,\u{301}A", "C|cell|||1:\u{301}2"] {
            let (expected, actual) = Self.readings(entry)
            #expect(actual == expected, "entry \(entry.debugDescription)")
        }
    }

    /// The reference's reading of `entry` and `Responder(parsing:)`'s (at entry index 3).
    private static func readings(_ entry: String) -> (Result<Fields, ChainError>, Result<Fields, ChainError>) {
        let expected = Result<Fields, ChainError> { () throws(ChainError) in
            try ReferenceResponder.parse(entry[...])
        }
        let actual = Result<Fields, ChainError> { () throws(ChainError) in
            Fields(try Responder(parsing: entry[...], entryIndex: 3))
        }
        return (expected, actual)
    }

    /// An entry from pieces that are valid, nearly valid or wrong, joined by `|`: half of them
    /// valid entries with one piece (or none) swapped for another.
    private static func entry(_ random: inout SeededPicks) -> String {
        let names = [
            "UIView", "ProductCell", "UIButton", "MyApp.首页Cell", "A B", "", "UIView\t", "x\u{301}", "UI\u{7F}", "é",
        ]
        let kinds = [
            "view", "cell", "vc", "window", "app", "delegate", "VIEW", "", "button", "vie", "cells", "vc ", "vc\u{0}",
            "\u{0}vc", "delegates",
        ]
        let indices = ["", "0", "1", "2", "3", "4", "-1", "x", "1234567890123456789", "007", " 1", "+1"]
        let paths = ["", "0:1", "1:2:3", ":1", "1:", "12", "0:0", "a:b", "3:4", "0:-1", "99:1234567890123456789"]
        func pick(_ pool: [String]) -> String { pool[Int(random.next() % UInt64(pool.count))] }
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let name = pick(Array(names[0..<4]))
        let siblingCount = below(6) + 1
        var siblings = (0..<siblingCount).map { _ in below(3) == 0 ? pick(Array(names[0..<4])) : name }
        let own = below(siblingCount)
        siblings[own] = name
        var fields: [String]
        switch below(4) {
        case 0: fields = [name, "view", String(own), siblings.joined(separator: ",")]
        case 1: fields = [name, "cell", String(own), siblings.joined(separator: ","), "\(below(3)):\(below(40))"]
        case 2: fields = [name, pick(["vc", "view", "window", "app", "delegate"])]
        default: fields = [name, "cell", "", "", "0:\(below(9))"]
        }
        if below(2) == 0 {
            // Swap one piece for any other, or break the sibling list.
            switch below(7) {
            case 0: fields[0] = pick(names)
            case 1: fields[1] = pick(kinds)
            case 2: fields = fields + Array(repeating: "", count: max(0, 5 - fields.count)); fields[2] = pick(indices)
            case 3: fields = fields + Array(repeating: "", count: max(0, 5 - fields.count)); fields[4] = pick(paths)
            case 4: fields.removeLast(below(fields.count))
            case 5: fields += Array(repeating: pick(indices), count: below(3) + 1)
            default:
                var broken = siblings
                broken.insert(below(2) == 0 ? "" : pick(names), at: below(broken.count + 1))
                fields = fields + Array(repeating: "", count: max(0, 5 - fields.count))
                fields[3] = broken.joined(separator: ",")
            }
        }
        return fields.joined(separator: "|")
    }
}

/// What a parsed responder is, as values.
private struct Fields: Equatable {
    var className: String
    var kind: ResponderKind
    var index: Int?
    var siblingCount: Int
    var sameClassIndex: Int?
    var sameClassCount: Int
    var indexPath: CellIndexPath?
    var siblings: [String]

    init(
        className: Substring, kind: ResponderKind, index: Int?, siblingCount: Int, sameClassIndex: Int?,
        sameClassCount: Int, indexPath: CellIndexPath?, siblings: [Substring]
    ) {
        self.className = String(className)
        self.kind = kind
        self.index = index
        self.siblingCount = siblingCount
        self.sameClassIndex = sameClassIndex
        self.sameClassCount = sameClassCount
        self.indexPath = indexPath
        self.siblings = siblings.map(String.init)
    }

    init(_ responder: Responder) {
        self.init(
            className: responder.className, kind: responder.kind, index: responder.index,
            siblingCount: responder.siblingCount, sameClassIndex: responder.sameClassIndex,
            sameClassCount: responder.sameClassCount, indexPath: responder.indexPath, siblings: responder.siblings)
    }
}

/// The substring reading `Responder(parsing:)` did until it read bytes, step for step.
private enum ReferenceResponder {
    static func parse(_ entry: Substring) throws(ChainError) -> Fields {
        let entryIndex = 3
        func failure(_ reason: ChainError.Reason) -> ChainError {
            ChainError(entryIndex: entryIndex, reason: reason)
        }
        var fields = FieldScanner(entry, separator: UInt8(ascii: "|"))
        let name = fields.next() ?? entry
        guard !name.isEmpty else { throw failure(.emptyClassName) }
        guard !name.containsSpaceOrControl else { throw failure(.invalidClassName(String(name))) }
        guard let kindField = fields.next() else { throw failure(.missingKind) }
        guard let kind = Self.kind(kindField) else { throw failure(.unknownKind(String(kindField))) }
        let indexField = fields.next() ?? ""
        let siblingField = fields.next() ?? ""
        let indexPathField = fields.next() ?? ""
        var extraFields = 0
        while fields.next() != nil { extraFields += 1 }
        guard extraFields == 0 else { throw failure(.tooManyFields(count: 5 + extraFields)) }
        if kind.isTail, !(indexField.isEmpty && siblingField.isEmpty && indexPathField.isEmpty) {
            throw failure(.fieldsOnTail(kind))
        }
        let indexPath = try parseIndexPath(indexPathField, kind: kind, entryIndex: entryIndex)
        let siblings = siblingField.isEmpty ? [] : Array(FieldScanner(siblingField, separator: UInt8(ascii: ",")))
        switch (indexField.isEmpty, siblingField.isEmpty) {
        case (true, true):
            return Fields(
                className: name, kind: kind, index: nil, siblingCount: 0, sameClassIndex: nil, sameClassCount: 0,
                indexPath: indexPath, siblings: [])
        case (false, true):
            throw failure(.indexWithoutSiblings)
        case (true, false):
            throw failure(.siblingsWithoutIndex)
        case (false, false):
            guard let position = indexField.asciiDecimal else { throw failure(.invalidIndex(String(indexField))) }
            var count = 0
            var sameClassIndex = 0
            var sameClassCount = 0
            var atIndex: Substring?
            for sibling in siblings {
                guard !sibling.isEmpty else { throw failure(.emptySiblingName(position: count)) }
                if sibling.hasSameBytes(as: name) {
                    if count < position { sameClassIndex += 1 }
                    sameClassCount += 1
                }
                if count == position { atIndex = sibling }
                count += 1
            }
            guard let atIndex else { throw failure(.indexOutOfRange(index: position, siblingCount: count)) }
            guard atIndex.hasSameBytes(as: name) else {
                throw failure(.siblingClassMismatch(expected: String(name), found: String(atIndex)))
            }
            return Fields(
                className: name, kind: kind, index: position, siblingCount: count, sameClassIndex: sameClassIndex,
                sameClassCount: sameClassCount, indexPath: indexPath, siblings: siblings)
        }
    }

    /// The kind a kind field spells (compared as strings, as the substring reading did).
    private static func kind(_ field: Substring) -> ResponderKind? {
        switch field {
        case "view": .view
        case "cell": .cell
        case "vc": .viewController
        case "window": .window
        case "app": .application
        case "delegate": .applicationDelegate
        default: nil
        }
    }

    private static func parseIndexPath(
        _ field: Substring, kind: ResponderKind, entryIndex: Int
    ) throws(ChainError) -> CellIndexPath? {
        guard kind == .cell else {
            guard field.isEmpty else { throw ChainError(entryIndex: entryIndex, reason: .indexPathOnNonCell(kind)) }
            return nil
        }
        guard !field.isEmpty else { throw ChainError(entryIndex: entryIndex, reason: .missingIndexPath) }
        var parts = FieldScanner(field, separator: UInt8(ascii: ":"))
        guard let section = parts.next()?.asciiDecimal, let row = parts.next()?.asciiDecimal, parts.next() == nil else {
            throw ChainError(entryIndex: entryIndex, reason: .invalidIndexPath(String(field)))
        }
        return CellIndexPath(section: section, row: row)
    }
}

/// Picks from a seeded linear congruential sequence (its high bits), so the generated entries
/// are the same on every run.
private struct SeededPicks {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
}

extension Substring {
    /// A non-negative decimal of ASCII digits only, at most 18 of them.
    fileprivate var asciiDecimal: Int? {
        guard !isEmpty, utf8.count <= 18 else { return nil }
        var value = 0
        for byte in utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Whether the text contains an ASCII space, control byte or DEL.
    fileprivate var containsSpaceOrControl: Bool {
        utf8.contains { $0 <= UInt8(ascii: " ") || $0 == 0x7F }
    }
}
