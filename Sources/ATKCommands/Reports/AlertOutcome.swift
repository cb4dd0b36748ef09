import ATKCore

/// An alert rule judged against this run's metrics and the baseline's (Docs/report.md#alerts).
///
/// `above` fires when value > threshold and `below` when value < threshold: a value equal to the
/// threshold does not fire. `rises_by` fires when (value - baseline) / baseline > threshold and
/// `falls_by` when (baseline - value) / baseline > threshold: relative changes, strict too. A
/// metric without a value, or a `rises_by`/`falls_by` without a baseline value or with a zero
/// baseline, is "not evaluated": never a pass.
struct AlertOutcome {
    /// What the rule concluded.
    enum Status: String {
        /// The rule fired.
        case fired
        /// The rule was judged and did not fire.
        case ok
        /// The rule could not be judged (see ``AlertOutcome/reason``).
        case notEvaluated = "not evaluated"
    }

    /// The rule.
    let rule: AlertRule
    /// The metric's value in this run.
    let value: Double?
    /// The metric's value in the baseline.
    let baseline: Double?
    /// The relative change from the baseline, when both are known and the baseline is not 0.
    let change: Double?
    /// The conclusion.
    let status: Status
    /// Why the rule was not evaluated, when it was not.
    let reason: String?

    /// Judges `rule` on `value` and `baseline`.
    init(rule: AlertRule, value: Double?, baseline: Double?) {
        self.rule = rule
        self.value = value
        self.baseline = baseline
        change = Self.change(from: baseline, to: value)
        var reason: String?
        var status = Status.ok
        switch rule.comparison {
        case .above, .below:
            if let value {
                let fired = rule.comparison == .above ? value > rule.threshold : value < rule.threshold
                status = fired ? .fired : .ok
            } else {
                reason = "the metric has no value in this run"
            }
        case .risesBy, .fallsBy:
            if value == nil {
                reason = "the metric has no value in this run"
            } else if let change {
                let fired = rule.comparison == .risesBy ? change > rule.threshold : -change > rule.threshold
                status = fired ? .fired : .ok
            } else if baseline == 0 {
                reason = "the baseline value is 0 (a relative change from 0 is undefined)"
            } else {
                reason = "no baseline value (give --baseline with a report.json that has this metric)"
            }
        }
        if reason != nil { status = .notEvaluated }
        self.status = status
        self.reason = reason
    }

    /// (value - baseline) / |baseline|, or nil without both or with a zero baseline.
    static func change(from baseline: Double?, to value: Double?) -> Double? {
        guard let baseline, let value, baseline != 0 else { return nil }
        return (value - baseline) / abs(baseline)
    }

    /// The outcome in `report.json`'s `alerts`.
    var json: JSONOutput {
        .object([
            ("metric", .string(rule.metric)), ("rule", .string(rule.comparison.rawValue)),
            ("threshold", .double(rule.threshold)), ("value", .number(value)), ("baseline", .number(baseline)),
            ("change", .number(change)), ("status", .string(status.rawValue)), ("fired", .bool(status == .fired)),
            ("reason", .string(reason)),
        ])
    }

    /// One line for people: `FIRED validate.error_line_rate above 0.01: 0.0103`.
    var text: String {
        let label =
            switch status {
            case .fired: "FIRED"
            case .ok: "ok"
            case .notEvaluated: "NOT EVALUATED"
            }
        var line = "\(label) \(rule.text): \(value.map(AlertRule.number) ?? "no value")"
        if rule.comparison.needsBaseline {
            line += " (baseline \(baseline.map(AlertRule.number) ?? "none")"
            line += change.map { ", change \(Terminal.percent($0, decimals: 1)))" } ?? ")"
        }
        return line + (reason.map { ": \($0)" } ?? "")
    }
}
