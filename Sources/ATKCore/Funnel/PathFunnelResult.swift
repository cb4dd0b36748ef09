/// The outcome of an action-path analysis.
public struct PathFunnelResult {
    /// One full path (entities dropped).
    public struct PathRow {
        public let nodes: [String]
        public let conversions: Int
        /// Distinct users with a conversion along this path.
        public let users: Int
        /// `conversions` over all conversions with a path; nil when there are none.
        public let share: Double?
    }

    /// Consecutive nodes over every conversion's path.
    public struct Edge {
        public let source: String
        public let target: String
        public let count: Int
    }

    /// One step of a pattern funnel.
    public struct StepRow {
        public let step: String
        /// Conversions whose path holds the pattern's steps up to this one.
        public let conversions: Int
        public let users: Int
        public let conversionFromPrevious: Double?
        public let conversionFromFirst: Double?
        /// `conversions` over all conversions with a path.
        public let share: Double?
    }

    /// Conversions by the entity at the `--entity` node.
    public struct EntityRow {
        /// nil when the node carries no entity.
        public let entity: String?
        public let conversions: Int
        public let users: Int
        /// `conversions` over the conversions in this table.
        public let share: Double?
    }

    public let configuration: PathFunnelAnalysis.Configuration
    public let events: Int
    public let conversions: Int
    public let withoutPath: Int
    public let invalidPath: Int
    /// The first conversions with an unreadable path.
    public let invalidPathLines: [LineLocation]
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
    public let malformedExamples: [MalformedExamples.Example]

    /// Conversions with a readable path.
    public var withPath: Int { conversions - withoutPath - invalidPath }
}
