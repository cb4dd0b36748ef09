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

    /// Parses a CLI name: `default`, `strict-order`, `strict-dedup`,
    /// `strict-increase`, or a `+`-joined combination; also accepts the
    /// ClickHouse spellings (`strict_order`, `strict_deduplication`, …).
    public init?(name: String) {
        var mode: FunnelMode = []
        for part in name.split(separator: "+") {
            switch part {
            case "default": break
            case "strict-order", "strict_order": mode.insert(.strictOrder)
            case "strict-dedup", "strict_deduplication": mode.insert(.strictDeduplication)
            case "strict-increase", "strict_increase": mode.insert(.strictIncrease)
            default: return nil
            }
        }
        self = mode
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
