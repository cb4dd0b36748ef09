/// `property.type_conflict`: per property name, how often each JSON type was seen across the
/// dump, and the lines of the types that turn out to be the minority.
///
/// The majority type is known only at the end, so per property name it keeps the first type
/// seen, its count, and its first `keep` lines (the examples, should it end up the minority);
/// with a breakdown, per-value counts of its other lines. A name seen with a second type gets a
/// ``Conflict``: the counts of the other types and all their lines.
/// Memory: 29 bytes per property name and 40 per kept first-type line (up to `keep` a name), plus
/// for names seen with two types about 300 bytes and 24 per line of a type other than the first
/// (nothing in a healthy dump).
struct PropertyTypeTracker {
    /// The types compared; values of other types (objects, mixed lists, null) are left out.
    enum ValueType: Int, CaseIterable {
        case number, string, boolean, list

        var name: String {
            switch self {
            case .number: "number"
            case .string: "string"
            case .boolean: "boolean"
            case .list: "list"
            }
        }
    }

    /// A line kept for a (name, type).
    struct Seen {
        var location: LineLocation
        var breakdown: Int32
        var event: Int32
    }

    /// A kept line of a name's first type, in a list per name.
    struct FirstTypeLine {
        var line: Int
        var shown: String
        var file: Int32
        var breakdown: Int32
        var event: Int32
        /// The name's previous kept line (-1: none).
        var previous: Int32
    }

    /// What a name seen with two or more types keeps for the types other than its first.
    struct Conflict {
        var counts = [Int](repeating: 0, count: ValueType.allCases.count)
        var seen = [[Seen]](repeating: [], count: ValueType.allCases.count)
        var shownValues = [[String]](repeating: [], count: ValueType.allCases.count)
    }

    let keep: Int
    let withBreakdown: Bool
    /// Per name: the first type seen, -1 for none.
    var firstType: [Int8] = []
    /// Per name: where its first value was (a merge takes the first type of the earlier side).
    var firstAt: [LineLocation] = []
    /// Per name: values of the first type.
    var firstCount: [Int] = []
    /// Per name: the last of its kept first-type lines (-1: none).
    var lastKept: [Int32] = []
    var kept = ChunkedBuffer<FirstTypeLine>()
    /// Per name seen with a second type.
    var conflicts: [Int32: Conflict] = [:]
    /// (name, breakdown value) → first-type lines not kept.
    var unkeptByValue: [UInt64: Int] = [:]
    /// name << 2 | type: a (name, type) of which a merge lost lines (see ``isExact``).
    var lost = Set<Int>()

    /// - Parameters:
    ///   - keep: first-type lines kept per name (the examples the report shows).
    ///   - withBreakdown: count unkept lines per breakdown value.
    init(keep: Int, withBreakdown: Bool) {
        self.keep = keep
        self.withBreakdown = withBreakdown
    }

    /// Records one value of property `name` (a dense id).
    ///
    /// - Complexity: O(1) amortized; `shown` runs only for the first `keep` values of a type.
    @inline(__always)
    mutating func record(
        name: Int, type: ValueType, at location: LineLocation, breakdown: Int32, event: Int32, shown: () -> String
    ) {
        if name >= firstType.count { grow(to: name + 1) }
        var first = firstType[name]
        if first < 0 {
            first = Int8(type.rawValue)
            firstType[name] = first
            firstAt[name] = location
        }
        guard Int(first) == type.rawValue else {
            return conflicts[Int32(truncatingIfNeeded: name), default: Conflict()]
                .add(type, Seen(location: location, breakdown: breakdown, event: event), keep: keep, shown: shown)
        }
        firstCount[name] &+= 1
        if firstCount[name] <= keep {
            let index = kept.append(
                FirstTypeLine(
                    line: location.line, shown: shown(), file: Int32(truncatingIfNeeded: location.fileIndex),
                    breakdown: breakdown, event: event, previous: lastKept[name]))
            lastKept[name] = Int32(truncatingIfNeeded: index)
        } else if withBreakdown {
            unkeptByValue[UInt64(name) << 32 | UInt64(UInt32(bitPattern: breakdown)), default: 0] += 1
        }
    }

    private mutating func grow(to names: Int) {
        let added = names - firstType.count
        firstType += repeatElement(-1, count: added)
        firstAt += repeatElement(ValidationFindings.unseen, count: added)
        firstCount += repeatElement(0, count: added)
        lastKept += repeatElement(-1, count: added)
    }

    /// Per type, the values of property `name`.
    func histogram(_ name: Int) -> [Int] {
        var counts =
            conflicts[Int32(truncatingIfNeeded: name)]?.counts
            ?? [Int](repeating: 0, count: ValueType.allCases.count)
        if firstType[name] >= 0 { counts[Int(firstType[name])] = firstCount[name] }
        return counts
    }

    /// The kept lines of `name`'s first type, oldest first, with their shown values.
    func firstTypeLines(_ name: Int) -> [(Seen, String)] {
        var lines: [(Seen, String)] = []
        var index = lastKept[name]
        while index >= 0 {
            let line = kept[Int(index)]
            let location = LineLocation(fileIndex: Int(line.file), line: line.line)
            lines.append((Seen(location: location, breakdown: line.breakdown, event: line.event), line.shown))
            index = line.previous
        }
        return lines.reversed()
    }

    /// Reports the lines holding a minority type of some property, in line order, each once.
    ///
    /// - Parameters:
    ///   - propertyName: the name of a property id.
    ///   - propertyRank: the order of a property id's first appearance (of two minority
    ///     properties on one line, the earlier is reported).
    ///   - eventName: the name of an event id (-1: none).
    func finish(
        into findings: inout ValidationFindings, propertyName: (Int) -> String, propertyRank: (Int) -> Int,
        eventName: (Int32) -> String?
    ) {
        let rule = BuiltInRule.propertyTypeConflict.index
        guard findings.isEnabled(rule) else { return }
        struct Minority {
            var seen: Seen
            var name: Int
            var type: ValueType
            var shown: String?
        }
        var minority: [Minority] = []
        var unkept: [(name: Int, count: Int)] = []
        // Only names seen with two types can have a minority; in name order, as reported.
        for key in conflicts.keys.sorted() {
            let name = Int(key)
            let histogram = histogram(name)
            guard let majority = majority(of: histogram) else { continue }
            for type in ValueType.allCases where type.rawValue != majority && histogram[type.rawValue] > 0 {
                let lines: [(Seen, String?)]
                if type.rawValue == Int(firstType[name]) {
                    lines = firstTypeLines(name).map { ($0.0, $0.1) }
                } else {
                    let conflict = conflicts[key] ?? Conflict()
                    let shown = conflict.shownValues[type.rawValue]
                    lines = conflict.seen[type.rawValue].enumerated().map { ($1, $0 < shown.count ? shown[$0] : nil) }
                }
                for (line, shown) in lines {
                    minority.append(Minority(seen: line, name: name, type: type, shown: shown))
                }
                if lines.count < histogram[type.rawValue] {
                    unkept.append((name, histogram[type.rawValue] - lines.count))
                }
            }
        }
        minority.sort { ($0.seen.location, propertyRank($0.name)) < ($1.seen.location, propertyRank($1.name)) }
        var previous: LineLocation?
        for entry in minority where entry.seen.location != previous {
            previous = entry.seen.location
            findings.reportLater(rule, at: entry.seen.location, breakdownValue: entry.seen.breakdown) {
                let name = propertyName(entry.name)
                return ValidationExample(
                    location: entry.seen.location, event: eventName(entry.seen.event), value: entry.shown,
                    message: "\(name) is a \(entry.type.name) here; across the dump \(name) is \(mix(of: entry.name))")
            }
        }
        // A first type that ended up in the minority: its later lines were not kept, so they
        // are counted without a location (possibly twice when one line has two such conflicts).
        if withBreakdown {
            let names = Set(unkept.map { UInt64($0.name) })
            for (key, n) in unkeptByValue where names.contains(key >> 32) {
                findings.countLater(rule, lines: n, breakdownValue: Int32(bitPattern: UInt32(truncatingIfNeeded: key)))
            }
        } else {
            for (_, count) in unkept { findings.countLater(rule, lines: count, breakdownValue: 0) }
        }
    }

    /// The most frequent type of a histogram (the first of equals), nil unless two types have values.
    func majority(of histogram: [Int]) -> Int? {
        guard histogram.filter({ $0 > 0 }).count > 1 else { return nil }
        return histogram.indices.max { histogram[$0] < histogram[$1] || (histogram[$0] == histogram[$1] && $0 > $1) }
    }

    /// The type mix of property `name`, largest share first: `number 84.0% / string 16.0%`.
    func mix(of name: Int) -> String {
        let histogram = histogram(name)
        let total = Double(histogram.reduce(0, +))
        return ValueType.allCases.filter { histogram[$0.rawValue] > 0 }
            .sorted { histogram[$0.rawValue] > histogram[$1.rawValue] }
            .map { "\($0.name) \(Self.percent(Double(histogram[$0.rawValue]) / total))" }
            .joined(separator: " / ")
    }

    static func percent(_ share: Double) -> String {
        let tenths = (share * 1000).rounded()
        return "\(Int(tenths) / 10).\(Int(tenths) % 10)%"
    }
}

extension PropertyTypeTracker.Conflict {
    /// Counts a value of a type other than the name's first, keeping its line and, for the first
    /// `keep` of the type, its shown value.
    mutating func add(
        _ type: PropertyTypeTracker.ValueType, _ line: PropertyTypeTracker.Seen, keep: Int, shown: () -> String
    ) {
        counts[type.rawValue] += 1
        seen[type.rawValue].append(line)
        if shownValues[type.rawValue].count < keep { shownValues[type.rawValue].append(shown()) }
    }
}
