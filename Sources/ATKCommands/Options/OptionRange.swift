import ATKCore
import ATKGenerate
import ArgumentParser

/// The valid ranges of atk's numeric options, and the one check every command makes in
/// `validate()`: a value outside its range is a usage error (exit 2) whose message names the range,
/// never a value the analyses would have to survive.
enum OptionRange {
    /// Examples and listed rows (`--max-examples`, `--top`, `--top-pairs`, `--max-enum`): more
    /// would only make reports no one reads.
    static let count = 0...1_000_000
    /// `--breakdown-limit`, `funnel --path --top`: at least one row.
    static let positiveCount = 1...1_000_000
    /// `generate --users`: about 33 events and 32 KB each, so up to about 32 GB of text.
    static let users = 0...1_000_000
    /// `generate --days`: up to 100 years.
    static let days = 1...GeneratorOptions.maximumDays

    /// Throws a usage error naming `option` and `range` unless `range` holds `value`.
    static func check(_ option: String, _ value: Int, in range: ClosedRange<Int>) throws {
        guard range.contains(value) else {
            let bounds = "\(Terminal.grouped(range.lowerBound)) to \(Terminal.grouped(range.upperBound))"
            throw ValidationError("\(option) must be from \(bounds), not \(value)")
        }
    }
}
