/// `atk paths verify`'s result: every conversion's recorded path judged against the rebuilt one,
/// in total, per `$app_version` and per kind, with examples.
public struct PathVerification: Sendable, Equatable {
    /// Counts of one group of conversions.
    public struct Tally: Sendable, Equatable {
        /// Conversions.
        public var conversions = 0
        /// Recorded path equal to the rebuilt one.
        public var match = 0
        /// Recorded path different from the rebuilt one.
        public var mismatch = 0
        /// No recorded path while one could be rebuilt.
        public var missing = 0
        /// Empty stack.
        public var unrebuildable = 0
        /// Mismatches per kind, in ``PathOutcome/MismatchKind/allCases`` order.
        public var kinds = Array(repeating: 0, count: PathOutcome.MismatchKind.allCases.count)

        /// Counts one conversion.
        mutating func add(_ outcome: PathOutcome) {
            conversions += 1
            switch outcome {
            case .match: match += 1
            case .missing: missing += 1
            case .unrebuildable: unrebuildable += 1
            case .mismatch(let kind):
                mismatch += 1
                kinds[PathOutcome.MismatchKind.allCases.firstIndex(of: kind) ?? 0] += 1
            }
        }
    }

    /// One `$app_version`'s counts.
    public struct VersionRow: Sendable, Equatable {
        /// The version; nil for conversions without one.
        public var version: String?
        /// Its counts.
        public var tally: Tally
    }

    /// One conversion that did not match.
    public struct Example: Sendable, Equatable {
        /// The conversion.
        public var conversion: PathConversion
        /// How it compared.
        public var outcome: PathOutcome
    }

    /// All conversions.
    public var total = Tally()
    /// Per `$app_version`, in version order (``VersionOrder``), conversions without one last.
    public var versions: [VersionRow] = []
    /// Up to `maxExamples` conversions of each outcome but `match`, ordered by location.
    public var examples: [Example] = []
    /// The replay's counts (off-stack clicks, events, users, malformed examples).
    public var replay: NavigationReplay

    /// Judges every conversion of `replay`.
    ///
    /// - Complexity: O(c × path length + v log v) for c conversions and v versions.
    public init(replay: NavigationReplay, maxExamples: Int) {
        var byVersion: [String?: Tally] = [:]
        var shown: [String: Int] = [:]
        for conversion in replay.conversions {
            let outcome = PathOutcome(recorded: conversion.recorded, rebuilt: conversion.rebuilt)
            total.add(outcome)
            byVersion[conversion.appVersion, default: Tally()].add(outcome)
            let group: String
            switch outcome {
            case .match: continue
            case .mismatch: group = "mismatch"
            case .missing: group = "missing"
            case .unrebuildable: group = "unrebuildable"
            }
            if shown[group, default: 0] < maxExamples {
                shown[group, default: 0] += 1
                examples.append(Example(conversion: conversion, outcome: outcome))
            }
        }
        versions = byVersion.map { VersionRow(version: $0.key, tally: $0.value) }.sorted { a, b in
            switch (a.version, b.version) {
            case (let x?, let y?): VersionOrder.precedes(x, y)
            case (.some, nil): true
            case (nil, _): false
            }
        }
        var stripped = replay
        stripped.conversions = []
        self.replay = stripped
    }

    /// True when any recorded path differs from the rebuilt one.
    public var hasMismatches: Bool { total.mismatch > 0 }
}
