/// What `atk impressions` treats as exposures, clicks and item keys, and which duplicate rule it
/// applies.
public struct ImpressionOptions: Sendable {
    /// When a repeated exposure of an item counts as a duplicate.
    public enum Policy: String, Sendable, CaseIterable {
        /// Any exposure of a key already exposed in the same page view.
        case oncePerView = "once-per-view"
        /// A re-exposure within `window` milliseconds of the key's previous exposure in the same
        /// page view (double firing).
        case window
        /// Seed 000's visible-index-path buffer: a re-exposure of a key that was in the previous
        /// exposure batch of the same element (or earlier in the current one), in the same page view.
        case buffer
    }

    /// The item key when `--key` is not given; `item_id` is simply absent on events without it.
    public static let defaultKey = ["$screen_name", "$element_path", "$element_position", "item_id"]

    /// Exposure event names (Sensors lets apps name them).
    public var exposureEvents: [String] = ["$AppExposure"]
    /// The click event name.
    public var clickEvent = "$AppClick"
    /// The properties an item key is made of.
    ///
    /// `$screen_name`, `$element_path` and `$element_position` are the resolved identifiers, not
    /// necessarily the recorded ones.
    public var keyProperties: [String] = ImpressionOptions.defaultKey
    /// A list property of item ids: such an exposure event stands for one exposure per item.
    public var itemsProperty: String?
    /// A list of positions parallel to `itemsProperty`.
    public var indexProperty: String?
    /// What makes an exposure a duplicate.
    public var policy: Policy = .oncePerView
    /// `Policy.window`: the largest gap, in milliseconds, between two exposures of a key that
    /// makes the second a duplicate.
    public var windowMilliseconds: Int64 = 1000
    /// `Policy.buffer`: single exposures of one element whose times are at most this far apart
    /// (each from the previous one) form one batch.
    ///
    /// 0: only exposures sharing a timestamp.
    public var batchGapMilliseconds: Int64 = 0
    /// Key on the recorded identifiers even where a valid `$responder_chain` exists.
    public var useRecordedIdentifiers = false
    /// A property whose values split the summary (`$app_version`).
    public var breakdownProperty: String?
    /// Examples kept per finding kind.
    public var maxExamples = 10
    /// With stitched identities, the persons whose keys replace the `distinct_id`s (nil: raw).
    public var persons: IdentityGraph?

    /// The defaults of `atk impressions`.
    public init() {}
}
