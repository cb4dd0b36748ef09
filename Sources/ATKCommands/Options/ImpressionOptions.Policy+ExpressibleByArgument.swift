import ATKCore
import ArgumentParser

/// `impressions --policy once-per-view|window|buffer`: the raw values are the spellings.
extension ImpressionOptions.Policy: ExpressibleByArgument {}
