/// `property.type_conflict`: per property name, how often each JSON type was seen across the
/// dump, and the lines of the types that turn out to be the minority.
///
/// The majority type is known only at the end, so per property name it keeps a four-count type
/// histogram and the lines of every type other than the first one seen for that name (usually
/// the majority, and in a healthy dump nothing is kept). Of the first type it keeps only the
/// first `keep` lines (the examples) and, with a breakdown, per-value counts of the rest.
/// Memory: 36 bytes per property name, plus 24 bytes per value whose type differs from its
/// name's first type.
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

    private let keep: Int
    private let withBreakdown: Bool
    /// Per name and type: values seen.
    private var counts: [Int] = []
    /// Per name: the first type seen, -1 for none.
    private var firstType: [Int8] = []
    /// Per name and type: kept lines.
    private var seen: [[Seen]] = []
    /// Per name and type: the shown values of the first kept lines.
    private var shownValues: [[String]] = []
    /// Per name: breakdown value → first-type lines not kept.
    private var unkeptByValue: [[Int32: Int]] = []

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
    mutating func record(name: Int, type: ValueType, at location: LineLocation, breakdown: Int32, event: Int32, shown: () -> String) {
        if name >= firstType.count { grow(to: name + 1) }
        let slot = name &* 4 &+ type.rawValue
        counts[slot] &+= 1
        var first = firstType[name]
        if first < 0 {
            first = Int8(type.rawValue)
            firstType[name] = first
        }
        if Int(first) != type.rawValue || counts[slot] <= keep {
            seen[slot].append(Seen(location: location, breakdown: breakdown, event: event))
            if shownValues[slot].count < keep { shownValues[slot].append(shown()) }
        } else if withBreakdown {
            unkeptByValue[name][breakdown, default: 0] += 1
        }
    }

    private mutating func grow(to names: Int) {
        let added = names - firstType.count
        firstType += repeatElement(-1, count: added)
        counts += repeatElement(0, count: added * 4)
        seen += repeatElement([], count: added * 4)
        shownValues += repeatElement([], count: added * 4)
        unkeptByValue += repeatElement([:], count: added)
    }

    /// Reports the lines holding a minority type of some property, in line order, each once.
    ///
    /// - Parameters:
    ///   - propertyName: the name of a property id.
    ///   - eventName: the name of an event id (-1: none).
    func finish(into findings: inout ValidationFindings, propertyName: (Int) -> String, eventName: (Int32) -> String?) {
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
        for name in firstType.indices {
            let histogram = (0..<4).map { counts[name * 4 + $0] }
            guard histogram.filter({ $0 > 0 }).count > 1, let majority = histogram.indices.max(by: { histogram[$0] < histogram[$1] || (histogram[$0] == histogram[$1] && $0 > $1) }) else { continue }
            for type in ValueType.allCases where type.rawValue != majority && histogram[type.rawValue] > 0 {
                let slot = name * 4 + type.rawValue
                for (k, line) in seen[slot].enumerated() {
                    minority.append(Minority(seen: line, name: name, type: type, shown: k < shownValues[slot].count ? shownValues[slot][k] : nil))
                }
                if seen[slot].count < histogram[type.rawValue] { unkept.append((name, histogram[type.rawValue] - seen[slot].count)) }
            }
        }
        minority.sort { ($0.seen.location.fileIndex, $0.seen.location.line, $0.name) < ($1.seen.location.fileIndex, $1.seen.location.line, $1.name) }
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
        for (name, count) in unkept {
            if withBreakdown {
                for (value, n) in unkeptByValue[name] { findings.countLater(rule, lines: n, breakdownValue: value) }
            } else {
                findings.countLater(rule, lines: count, breakdownValue: 0)
            }
        }
    }

    /// The type mix of property `name`, largest share first: `number 84.0% / string 16.0%`.
    func mix(of name: Int) -> String {
        let histogram = (0..<4).map { counts[name * 4 + $0] }
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
