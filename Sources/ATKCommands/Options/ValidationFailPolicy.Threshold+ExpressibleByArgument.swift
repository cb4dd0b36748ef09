import ATKCore
import ArgumentParser

/// `--fail-on error|warning|never`: the spellings are the raw values, and a wrong one is a parse
/// error that lists them.
extension ValidationFailPolicy.Threshold: ExpressibleByArgument {}
