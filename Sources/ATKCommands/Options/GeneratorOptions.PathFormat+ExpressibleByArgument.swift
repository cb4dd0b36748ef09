import ATKCore
import ATKGenerate
import ArgumentParser

/// `generate --path-format list|object|mixed`: the raw values are the spellings.
extension GeneratorOptions.PathFormat: ExpressibleByArgument {}
