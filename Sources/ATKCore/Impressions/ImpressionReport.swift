/// What `atk impressions` found: counts overall, per screen, per exposed element and per
/// breakdown value, items clicked more often than exposed, and examples of every finding.
public struct ImpressionReport: Sendable {
    /// Counts for one slice of the dump.
    public struct Counts: Sendable, Equatable {
        /// `$AppViewScreen` events.
        public var pageViews = 0
        /// Exposures (one per item for batch events), duplicates included.
        public var exposures = 0
        /// Exposures the policy judged repeats of an earlier one.
        public var duplicates = 0
        /// Every click event.
        public var clicks = 0
        /// Clicks on elements that appear on some exposure: the only ones judged.
        public var judgedClicks = 0
        /// Judged clicks on an item with no exposure before them in the page view.
        public var clicksWithoutExposure = 0
        /// Positions skipped between exposed positions of one list: rows presumably shown but not sent.
        public var indexGaps = 0

        /// All counts zero.
        public init() {}

        /// Adds `other`'s counts to these.
        mutating func add(_ other: Counts) {
            pageViews += other.pageViews
            exposures += other.exposures
            duplicates += other.duplicates
            clicks += other.clicks
            judgedClicks += other.judgedClicks
            clicksWithoutExposure += other.clicksWithoutExposure
            indexGaps += other.indexGaps
        }

        /// `duplicates / exposures`; nil without exposures.
        public var duplicateRate: Double? { exposures == 0 ? nil : Double(duplicates) / Double(exposures) }

        /// The estimated share of exposures that were never sent: missing (clicks without exposure
        /// plus index gaps) over the exposures that should exist (distinct exposures plus missing).
        ///
        /// A lost row that is then clicked counts twice; nil when nothing is judged.
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
        /// An exposure the policy judged a repeat.
        case duplicate
        /// A judged click on an item not exposed before it in the page view.
        case clickWithoutExposure = "click_without_exposure"
        /// Positions skipped in one list's exposures.
        case indexGap = "index_gap"
        /// An item clicked more often than it was exposed.
        case clickThroughAbove100 = "click_through_above_100"
    }

    /// One finding with where it is.
    public struct Example: Sendable, Equatable {
        /// What was found.
        public var finding: Finding
        /// The line of the event it was found at.
        public var location: LineLocation
        /// The event's `distinct_id`.
        public var user: String
        /// The page view's screen (the element's outside page views).
        public var screen: String?
        /// The item key's values, in `keyProperties` order (nil: absent).
        public var key: [String?]
        /// What happened, in words, for the report.
        public var detail: String
    }

    /// The counts of one page-view screen.
    public struct ScreenRow: Sendable, Equatable {
        /// The screen; nil when absent.
        public var screen: String?
        /// Its counts.
        public var counts: Counts
    }

    /// The counts of one exposed element.
    public struct ElementRow: Sendable, Equatable {
        /// The element's `$screen_name`; nil when absent.
        public var screen: String?
        /// The element's `$element_path`; nil when absent.
        public var elementPath: String?
        /// Its counts.
        public var counts: Counts
    }

    /// The counts of one `--breakdown` value.
    public struct ValueRow: Sendable, Equatable {
        /// The value; nil when the property is absent.
        public var value: String?
        /// Its counts.
        public var counts: Counts
    }

    /// An item clicked more often than it was exposed, over the whole input.
    public struct KeyRow: Sendable, Equatable {
        /// The item key's values, in `keyProperties` order (nil: absent).
        public var key: [String?]
        /// Its exposures, duplicates included.
        public var exposures: Int
        /// Its judged clicks.
        public var clicks: Int
    }

    /// The properties that identify an item (``ImpressionOptions/keyProperties``).
    public var keyProperties: [String]
    /// Counts over the whole input.
    public var summary = Counts()
    /// Distinct users with an evaluated event.
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
    /// How many items have more judged clicks than exposures.
    public var keysAboveFullClickThroughCount = 0
    /// Screens whose judged clicks outnumber their exposures.
    public var screensAboveFullClickThrough: [String?] = []
    /// Up to `maxExamples` per finding kind, each kind in input order.
    public var examples: [Example] = []
    /// Findings per kind (the examples are a selection).
    public var findingCounts: [Finding: Int] = [:]
}
