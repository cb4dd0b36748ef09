/// An alert of a report config: a metric compared with a threshold, or with its baseline.
struct AlertRule: Equatable {
    /// How the metric is compared.
    enum Comparison: String, CaseIterable {
        /// Fires when the value is strictly greater than the threshold.
        case above
        /// Fires when the value is strictly less than the threshold.
        case below
        /// Fires when (value - baseline) / baseline is strictly greater than the threshold.
        case risesBy = "rises_by"
        /// Fires when (baseline - value) / baseline is strictly greater than the threshold.
        case fallsBy = "falls_by"

        /// Whether the rule compares with the baseline's value.
        var needsBaseline: Bool { self == .risesBy || self == .fallsBy }
    }

    /// The metric's name (`validate.error_line_rate`).
    var metric: String
    /// The comparison.
    var comparison: Comparison
    /// The threshold: a value for `above`/`below`, a relative change (0.5 = 50 %) otherwise.
    var threshold: Double
    /// Where the rule is, for messages.
    var location: ConfigLocation

    /// The rule as people read it: `validate.error_line_rate above 0.01`.
    var text: String {
        "\(metric) \(comparison.rawValue.replacingOccurrences(of: "_", with: " ")) \(Self.number(threshold))"
    }

    /// A number as short as it reads exactly (`0.01`, `3`).
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
