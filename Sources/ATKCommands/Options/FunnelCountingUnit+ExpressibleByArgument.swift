import ATKFunnel
import ArgumentParser

/// `funnel --count users|conversions`: the raw values are the spellings.
extension FunnelCountingUnit: ExpressibleByArgument {}
