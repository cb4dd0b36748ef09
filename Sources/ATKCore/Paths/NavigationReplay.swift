/// What replaying every user's navigation gives: each conversion with its recorded and rebuilt
/// paths, in input order, and the counts of the read.
public struct NavigationReplay: Sendable, Equatable {
    /// Every conversion, ordered by ``LineLocation``.
    public var conversions: [PathConversion]
    /// Clicks on a screen that was not the top of the stack, or with an empty stack.
    public var offStackClicks: Int
    /// Events read.
    public var events: Int
    /// `$AppStart`, `$AppViewScreen` and `$AppClick` events without a user key or an integer
    /// `time` (left out of every history), and views without a `$screen_name`.
    public var unplacedEvents: Int
    /// Distinct user keys with a kept event.
    public var users: Int
    /// The first malformed lines.
    public var malformedExamples: [MalformedExamples.Example]
}
