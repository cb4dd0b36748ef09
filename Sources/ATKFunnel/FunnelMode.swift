/// ClickHouse `windowFunnel` options; the empty set is the default mode.
///
/// Options combine as in ClickHouse (e.g. `[.strictOrder, .strictIncrease]`).
public struct FunnelMode: OptionSet, Hashable, Sendable {
    /// One bit per option.
    public let rawValue: UInt8

    /// Creates a mode from its bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// ClickHouse `strict_order`: once step 1 has been seen, an event matching
    /// no step stops the scan, and a step whose previous step has not been
    /// reached stops it too.
    public static let strictOrder = FunnelMode(rawValue: 1 << 0)
    /// ClickHouse `strict_deduplication`: a step-k event (k ≥ 2) when level k
    /// is already reached stops the scan.
    public static let strictDeduplication = FunnelMode(rawValue: 1 << 1)
    /// ClickHouse `strict_increase`: a step extends the previous one only with
    /// a strictly greater timestamp.
    public static let strictIncrease = FunnelMode(rawValue: 1 << 2)

    /// The options with their names, in the order ``name`` writes them: atk's spelling, which
    /// `--mode` takes and reports print, and ClickHouse's parameter name, also accepted.
    public static let optionNames: [(option: FunnelMode, name: String, clickHouseName: String)] = [
        (.strictOrder, "strict-order", "strict_order"),
        (.strictDeduplication, "strict-dedup", "strict_deduplication"),
        (.strictIncrease, "strict-increase", "strict_increase"),
    ]

    /// Parses a mode's name: `default`, an option's name (``optionNames``, in either spelling),
    /// or a `+`-joined combination of them (`strict-order+strict-increase`).
    public init?(name: String) {
        var mode: FunnelMode = []
        for part in name.split(separator: "+") where part != "default" {
            guard let known = Self.optionNames.first(where: { $0.name == part || $0.clickHouseName == part }) else {
                return nil
            }
            mode.insert(known.option)
        }
        self = mode
    }

    /// The mode's name, which ``init(name:)`` reads back: `default` for no option, else the
    /// options' names joined by `+`.
    public var name: String {
        let names = Self.optionNames.filter { contains($0.option) }.map(\.name)
        return names.isEmpty ? "default" : names.joined(separator: "+")
    }

    /// The ClickHouse parameter names of the options, in a fixed order.
    public var clickHouseOptions: [String] {
        var options: [String] = []
        if contains(.strictDeduplication) { options.append("strict_deduplication") }
        if contains(.strictOrder) { options.append("strict_order") }
        if contains(.strictIncrease) { options.append("strict_increase") }
        return options
    }
}
