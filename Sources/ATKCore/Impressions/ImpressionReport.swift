/// What `atk impressions` found: counts overall, per screen, per exposed element and per
/// breakdown value, items clicked more often than exposed, and examples of every finding.
public struct ImpressionReport: Sendable {
    /// Counts for one slice of the dump.
    public struct Counts: Sendable, Equatable {
        public var pageViews = 0
        /// Exposures (one per item for batch events), duplicates included.
        public var exposures = 0
        public var duplicates = 0
        /// Every click event.
        public var clicks = 0
        /// Clicks on elements that appear on some exposure: the only ones judged.
        public var judgedClicks = 0
        public var clicksWithoutExposure = 0
        public var indexGaps = 0

        public init() {}

        /// `duplicates / exposures`; nil without exposures.
        public var duplicateRate: Double? { exposures == 0 ? nil : Double(duplicates) / Double(exposures) }

        /// The estimated share of exposures that were never sent: missing (clicks without
        /// exposure plus index gaps) over the exposures that should exist (distinct exposures
        /// plus missing). A lost row that is then clicked counts twice; nil when nothing is judged.
        public var missingRate: Double? {
            let missing = clicksWithoutExposure + indexGaps
            let expected = exposures - duplicates + missing
            return expected == 0 ? nil : Double(missing) / Double(expected)
        }

        /// `judged clicks / exposures`; nil without exposures.
        public var clickThrough: Double? { exposures == 0 ? nil : Double(judgedClicks) / Double(exposures) }
    }

    /// A finding kind.
    public enum Finding: String, Sendable, CaseIterable {
        case duplicate
        case clickWithoutExposure = "click_without_exposure"
        case indexGap = "index_gap"
        case clickThroughAbove100 = "click_through_above_100"
    }

    /// One finding with where it is.
    public struct Example: Sendable, Equatable {
        public var finding: Finding
        public var location: LineLocation
        public var user: String
        /// The page view's screen (the element's outside page views).
        public var screen: String?
        /// The item key's values, in `keyProperties` order (nil: absent).
        public var key: [String?]
        public var detail: String
    }

    public struct ScreenRow: Sendable, Equatable {
        public var screen: String?
        public var counts: Counts
    }

    public struct ElementRow: Sendable, Equatable {
        public var screen: String?
        public var elementPath: String?
        public var counts: Counts
    }

    public struct ValueRow: Sendable, Equatable {
        public var value: String?
        public var counts: Counts
    }

    /// An item clicked more often than it was exposed, over the whole input.
    public struct KeyRow: Sendable, Equatable {
        public var key: [String?]
        public var exposures: Int
        public var clicks: Int
    }

    public var keyProperties: [String]
    public var summary = Counts()
    public var users = 0
    /// Relevant events without a string `distinct_id` or an integer `time`: not evaluated.
    public var skippedEvents = 0
    /// Exposures and clicks outside any page view (after `$AppEnd`, or before a session's first
    /// `$AppViewScreen`): still evaluated, counted under the element's own screen.
    public var eventsOutsidePageViews = 0
    /// Per page-view screen, by screen (absent last).
    public var byScreen: [ScreenRow] = []
    /// Per exposed element (`$screen_name`, `$element_path`), by screen then path.
    public var byElement: [ElementRow] = []
    /// Per `--breakdown` value, by value (absent last).
    public var byValue: [ValueRow] = []
    /// Items whose judged clicks outnumber their exposures, most excess first (at most
    /// `maxExamples`); `keysAboveFullClickThrough` counts them all.
    public var keysAboveFullClickThrough: [KeyRow] = []
    public var keysAboveFullClickThroughCount = 0
    /// Screens whose judged clicks outnumber their exposures.
    public var screensAboveFullClickThrough: [String?] = []
    /// Up to `maxExamples` per finding kind, each kind in input order.
    public var examples: [Example] = []
    /// Findings per kind (the examples are a selection).
    public var findingCounts: [Finding: Int] = [:]
}
