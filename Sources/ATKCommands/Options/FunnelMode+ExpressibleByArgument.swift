import ATKFunnel
import ArgumentParser

extension FunnelMode: ExpressibleByArgument {
    /// The spellings of the single options; `+` joins them (`strict-order+strict-increase`).
    public static var allValueStrings: [String] { ["default"] + optionNames.map(\.name) }

    /// `default`, `strict-order`, `strict-dedup`, `strict-increase` or a `+`-joined combination
    /// (``FunnelMode/init(name:)``); argument-parser rejects anything else with the valid values.
    public init?(argument: String) { self.init(name: argument) }

    /// The mode in the command line's spelling, as `--help` and the JSON report show it.
    public var defaultValueDescription: String { name }
}
