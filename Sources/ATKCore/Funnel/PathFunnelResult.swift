/// The outcome of an action-path analysis.
public struct PathFunnelResult {
    /// One full path (entities dropped).
    public struct PathRow {
        /// The path's nodes, first first.
        public let nodes: [String]
        /// Conversions along this path.
        public let conversions: Int
        /// Distinct users with a conversion along this path.
        public let users: Int
        /// `conversions` over all conversions with a path; nil when there are none.
        public let share: Double?
    }

    /// Consecutive nodes over every conversion's path.
    public struct Edge {
        /// The earlier node.
        public let source: String
        /// The node right after it.
        public let target: String
        /// How many times `target` follows `source`, over all paths.
        public let count: Int
    }

    /// One step of a pattern funnel.
    public struct StepRow {
        /// The step as written (`NODE` or `NODE#ENTITY`).
        public let step: String
        /// Conversions whose path holds the pattern's steps up to this one.
        public let conversions: Int
        /// Distinct users with such a conversion.
        public let users: Int
        /// `conversions` over the previous step's; nil for the first step or when that is 0.
        public let conversionFromPrevious: Double?
        /// `conversions` over the first step's; nil when that is 0.
        public let conversionFromFirst: Double?
        /// `conversions` over all conversions with a path.
        public let share: Double?
    }

    /// Conversions by the entity at the `--entity` node.
    public struct EntityRow {
        /// nil when the node carries no entity.
        public let entity: String?
        /// Conversions with this entity at the node.
        public let conversions: Int
        /// Distinct users with such a conversion.
        public let users: Int
        /// `conversions` over the conversions in this table.
        public let share: Double?
    }

    /// What was counted.
    public let configuration: PathFunnelAnalysis.Configuration
    /// Events read.
    public let events: Int
    /// Conversion events.
    public let conversions: Int
    /// Conversions whose path is absent, null or empty.
    public let withoutPath: Int
    /// Conversions whose path is present but in neither form.
    public let invalidPath: Int
    /// The first conversions with an unreadable path.
    public let invalidPathLines: [LineLocation]
    /// Distinct paths among the conversions (``paths`` holds only the top ones).
    public let distinctPaths: Int
    /// Distinct users with a conversion.
    public let users: Int
    /// The top paths by conversions, then by path.
    public let paths: [PathRow]
    /// Every edge, by count, then source, then target.
    public let edges: [Edge]
    /// The pattern funnel; empty without a pattern.
    public let steps: [StepRow]
    /// Empty without an entity node.
    public let entities: [EntityRow]
    /// The first malformed lines.
    public let malformedExamples: [MalformedExamples.Example]

    /// Conversions with a readable path.
    public var withPath: Int { conversions - withoutPath - invalidPath }
}
