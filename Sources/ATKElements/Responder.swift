#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One parsed entry of a `$responder_chain`.
///
/// An entry reads `Class|kind|index|Sib0,Sib1,...|section:row`, with trailing
/// empty fields left out. Text fields are `Substring`s that share the
/// storage of the entry they came from, and the sibling list is kept as its
/// raw text: parsing computes the same-class counts in one pass and builds
/// no array.
public struct Responder: Sendable, Hashable {
    /// The class name, as `NSStringFromClass` gives it.
    public let className: Substring
    /// The responder's role.
    public let kind: ResponderKind
    /// The position among the parent's subviews (views) or child controllers
    /// (controllers), or `nil` when the entry gives none.
    public let index: Int?
    /// The number of siblings listed, the responder included; `0` without a list.
    public let siblingCount: Int
    /// The position among siblings of exactly the same class, counted from 0
    /// in sibling order; `nil` when the entry gives no index.
    public let sameClassIndex: Int?
    /// How many listed siblings have exactly the same class, the responder
    /// included; `0` without a list.
    public let sameClassCount: Int
    /// The cell's index path; `nil` for every other kind.
    public let indexPath: CellIndexPath?
    /// The raw comma-separated sibling list.
    private let siblingList: Substring

    /// The class names of the parent's subviews or child controllers, in order.
    ///
    /// This allocates; the rebuild never calls it.
    public var siblings: [Substring] {
        guard siblingCount > 0 else { return [] }
        return Array(FieldScanner(siblingList, separator: UInt8(ascii: ",")))
    }

    /// Parses one chain entry.
    ///
    /// Checks that only a cell has (and must have) an index path, that an
    /// index comes with its sibling list, and that the index addresses a
    /// sibling of the same class. It cannot check the entry against its
    /// neighbours; `ResponderChain` does that.
    ///
    /// The entry is read as UTF-8 bytes (``Layout``): a `Substring` is made for the class name
    /// and the sibling list only, and a `String` only for an error. Splitting it into
    /// substrings and comparing those cost about 6,400 instructions an entry (callgrind), 2,100
    /// now: a dump whose chains are mostly new (list rows, each with its own index path) spent
    /// over half of `atk impressions` there.
    ///
    /// - Parameters:
    ///   - entry: The entry text, such as `UICollectionView|view|1|UIImageView,UICollectionView`.
    ///   - entryIndex: The entry's position in its chain, reported in errors.
    /// - Throws: `ChainError` naming `entryIndex` and the first problem found.
    public init(parsing entry: Substring, entryIndex: Int = 0) throws(ChainError) {
        let layout =
            entry.utf8.withContiguousStorageIfAvailable { Layout(UnsafeRawBufferPointer($0)) }
            ?? Array(entry.utf8).withUnsafeBytes { Layout($0) }
        if let reason = layout.failure { throw ChainError(entryIndex: entryIndex, reason: reason) }
        let utf8 = entry.utf8
        func text(_ range: Range<Int>) -> Substring {
            // The bounds are next to ASCII separators, so on scalar boundaries.
            let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            let upper = utf8.index(lower, offsetBy: range.count)
            return Substring(entry.unicodeScalars[lower..<upper])
        }
        className = text(layout.name)
        kind = layout.kind
        siblingList = text(layout.siblings)
        indexPath = layout.indexPath
        index = layout.index
        siblingCount = layout.siblingCount
        sameClassIndex = layout.sameClassIndex
        sameClassCount = layout.sameClassCount
    }
}

extension Responder {
    /// What one entry's bytes say: its fields' places and values, or the first problem found
    /// (in the order ``init(parsing:entryIndex:)`` documents: class name, kind, field count,
    /// a tail's fields, index path, index and siblings).
    private struct Layout {
        var failure: ChainError.Reason?
        var name: Range<Int> = 0..<0
        var kind = ResponderKind.view
        var siblings: Range<Int> = 0..<0
        var indexPath: CellIndexPath?
        var index: Int?
        var siblingCount = 0
        var sameClassIndex: Int?
        var sameClassCount = 0

        init(_ bytes: UnsafeRawBufferPointer) {
            failure = parse(bytes)
        }

        /// Reads the entry; returns why it is invalid, or nil.
        private mutating func parse(_ bytes: UnsafeRawBufferPointer) -> ChainError.Reason? {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return .emptyClassName }
            let p = base.assumingMemoryBound(to: UInt8.self)
            func string(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(start: p + range.lowerBound, count: range.count), as: UTF8.self)
            }
            // The five `|`-separated fields (empty at the end when left out), and how many
            // fields there are in all.
            let end = bytes.count
            let empty = end..<end
            var fields = (empty, empty, empty, empty, empty)
            var count = 0
            var start = 0
            while true {
                let stop = Self.find(UInt8(ascii: "|"), p, start..<end)
                switch count {
                case 0: fields.0 = start..<stop
                case 1: fields.1 = start..<stop
                case 2: fields.2 = start..<stop
                case 3: fields.3 = start..<stop
                case 4: fields.4 = start..<stop
                default: break
                }
                count += 1
                guard stop < end else { break }
                start = stop + 1
            }
            name = fields.0
            guard !name.isEmpty else { return .emptyClassName }
            for position in name where p[position] <= UInt8(ascii: " ") || p[position] == 0x7F {
                return .invalidClassName(string(name))
            }
            guard count > 1 else { return .missingKind }
            guard let kind = Self.kind(p, fields.1) else { return .unknownKind(string(fields.1)) }
            self.kind = kind
            let (indexField, siblingField, indexPathField) = (fields.2, fields.3, fields.4)
            guard count <= 5 else { return .tooManyFields(count: count) }
            if kind.isTail, !(indexField.isEmpty && siblingField.isEmpty && indexPathField.isEmpty) {
                return .fieldsOnTail(kind)
            }
            siblings = siblingField

            if kind == .cell {
                guard !indexPathField.isEmpty else { return .missingIndexPath }
                guard let colon = indexPathField.first(where: { p[$0] == UInt8(ascii: ":") }),
                    let section = Self.decimal(p, indexPathField.lowerBound..<colon),
                    let row = Self.decimal(p, (colon + 1)..<indexPathField.upperBound)
                else { return .invalidIndexPath(string(indexPathField)) }
                indexPath = CellIndexPath(section: section, row: row)
            } else if !indexPathField.isEmpty {
                return .indexPathOnNonCell(kind)
            }

            switch (indexField.isEmpty, siblingField.isEmpty) {
            case (true, true):
                return nil
            case (false, true):
                return .indexWithoutSiblings
            case (true, false):
                return .siblingsWithoutIndex
            case (false, false):
                guard let target = Self.decimal(p, indexField) else { return .invalidIndex(string(indexField)) }
                return scanSiblings(p, index: target, string)
            }
        }

        /// Walks the sibling list once: counts it, finds the same-class position, and checks
        /// that `index` names a sibling of the entry's class.
        private mutating func scanSiblings(
            _ p: UnsafePointer<UInt8>, index target: Int, _ string: (Range<Int>) -> String
        ) -> ChainError.Reason? {
            var count = 0
            var sameIndex = 0
            var sameCount = 0
            var atIndex: Range<Int>?
            var start = siblings.lowerBound
            while true {
                let stop = Self.find(UInt8(ascii: ","), p, start..<siblings.upperBound)
                let sibling = start..<stop
                guard !sibling.isEmpty else { return .emptySiblingName(position: count) }
                if Self.equal(p, sibling, name) {
                    if count < target { sameIndex += 1 }
                    sameCount += 1
                }
                if count == target { atIndex = sibling }
                count += 1
                guard stop < siblings.upperBound else { break }
                start = stop + 1
            }
            guard let atIndex else { return .indexOutOfRange(index: target, siblingCount: count) }
            guard Self.equal(p, atIndex, name) else {
                return .siblingClassMismatch(expected: string(name), found: string(atIndex))
            }
            index = target
            siblingCount = count
            sameClassIndex = sameIndex
            sameClassCount = sameCount
            return nil
        }

        /// The offset of the first `byte` in `range`, or its end.
        @inline(__always)
        private static func find(_ byte: UInt8, _ p: UnsafePointer<UInt8>, _ range: Range<Int>) -> Int {
            guard !range.isEmpty, let hit = memchr(p + range.lowerBound, Int32(byte), range.count) else {
                return range.upperBound
            }
            return UnsafeRawPointer(p).distance(to: UnsafeRawPointer(hit))
        }

        /// Whether the bytes at `a` and `b` are the same.
        @inline(__always)
        private static func equal(_ p: UnsafePointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Bool {
            a.count == b.count && memcmp(p + a.lowerBound, p + b.lowerBound, a.count) == 0
        }

        /// The kind a kind field spells, or nil.
        private static func kind(_ p: UnsafePointer<UInt8>, _ field: Range<Int>) -> ResponderKind? {
            // Up to 8 bytes as one little-endian number.
            guard field.count <= 8 else { return nil }
            var word: UInt64 = 0
            for position in field.reversed() { word = word << 8 | UInt64(p[position]) }
            // The length too: a NUL byte adds nothing to the number ("vc\0" is not "vc").
            switch (field.count, word) {
            case (2, 0x6376): return .viewController  // "vc", first byte lowest
            case (3, 0x70_7061): return .application  // "app"
            case (4, 0x7765_6976): return .view
            case (4, 0x6C6C_6563): return .cell
            case (6, 0x776F_646E_6977): return .window
            case (8, 0x6574_6167_656C_6564): return .applicationDelegate  // "delegate"
            default: return nil
            }
        }

        /// A non-negative decimal of ASCII digits only, at most 18 of them (no sign, no space,
        /// not empty).
        private static func decimal(_ p: UnsafePointer<UInt8>, _ digits: Range<Int>) -> Int? {
            guard !digits.isEmpty, digits.count <= 18 else { return nil }
            var value = 0
            for position in digits {
                let byte = p[position]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
    }
}
