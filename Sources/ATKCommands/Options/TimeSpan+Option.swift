import ATKCore
import ArgumentParser

extension TimeSpan {
    /// A span option's value in milliseconds (`--window`, `--batch-gap`, `--future-tolerance`,
    /// `--duration-tolerance`).
    ///
    /// - Throws: a usage error (exit 2) naming the option and what a span looks like.
    static func milliseconds(_ text: String, option: String) throws -> Int64 {
        guard let milliseconds = milliseconds(text) else {
            throw ValidationError("\(option) must be \(help), not '\(text)'")
        }
        return milliseconds
    }
}
