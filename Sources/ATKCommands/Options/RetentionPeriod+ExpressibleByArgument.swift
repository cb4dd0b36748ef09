import ATKCore
import ArgumentParser

/// `--period day|week`; argument-parser lists the values and rejects others.
extension RetentionPeriod: ExpressibleByArgument {}
