import ATKFunnel
import ArgumentParser

extension FunnelMode: ExpressibleByArgument {
    /// The spellings of the single options; `+` joins them (`strict-order+strict-increase`).
    public static var allValueStrings: [String] { ["default", "strict-order", "strict-dedup", "strict-increase"] }

    /// `default`, `strict-order`, `strict-dedup`, `strict-increase` or a `+`-joined combination
    /// (``FunnelMode/init(name:)``); argument-parser rejects anything else with the valid values.
    public init?(argument: String) { self.init(name: argument) }

    /// The mode in the command line's spelling, as `--help` and the JSON report show it.
    public var defaultValueDescription: String { name }

    /// `default`, `strict-order`, or a `+`-joined combination, in the command line's spelling.
    var name: String {
        let names = [
            (FunnelMode.strictOrder, "strict-order"), (.strictDeduplication, "strict-dedup"),
            (.strictIncrease, "strict-increase"),
        ]
        .filter { contains($0.0) }.map(\.1)
        return names.isEmpty ? "default" : names.joined(separator: "+")
    }
}
