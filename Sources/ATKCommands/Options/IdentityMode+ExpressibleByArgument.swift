import ATKCore
import ArgumentParser

/// `--identity raw|stitched`; argument-parser lists the values and rejects others.
extension IdentityMode: ExpressibleByArgument {}
