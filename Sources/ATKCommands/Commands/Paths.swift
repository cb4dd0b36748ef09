import ATKCore
import ArgumentParser

/// `atk paths`: action paths rebuilt from the event stream.
struct Paths: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paths",
        abstract: "Rebuild each conversion's action path from page views and clicks; verify the recorded ones.",
        discussion: """
            Seed 000's shopping trace records, with each conversion, the user's page stack: a node per \
            page, with the entity of the page's last tapped module (NODE#entity). atk rebuilds that \
            stack per user from $AppStart, $AppViewScreen and $AppClick in time order, with the \
            screens' nodes and the tab roots of a JSON config (Docs/paths.md).

            Examples:
              atk paths verify --config nav.json dump.jsonl.gz
              atk paths rebuild --config nav.json --fix dump.jsonl.gz -o fixed.jsonl.gz
              atk paths attribution --config nav.json dump.jsonl.gz
            """,
        subcommands: [Verify.self, Rebuild.self, Attribution.self]
    )
}

/// A paths command that replays every user's navigation with the config of `--config`
/// (`paths verify`, `paths attribution`).
protocol ReplaysNavigation: SingleAnalysisCommand where Analysis == NavigationAnalysis {
    /// `--config`.
    var navigation: NavigationConfigOptions { get }
    /// How many examples to keep.
    var maxExamples: Int { get }
}

extension ReplaysNavigation {
    /// Loads the config first, so a bad one is refused before the persons' read, then reads.
    func run() throws {
        _ = try navigation.load()
        try runSingle()
    }

    /// The replay of the config, counting `persons` when given.
    func makeAnalysis(persons: IdentityGraph?) throws -> NavigationAnalysis {
        NavigationAnalysis(config: try navigation.load(), maxExamples: maxExamples, persons: persons)
    }
}
